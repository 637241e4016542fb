# LLVM for the IR front-end (frontends/ir) and the plugin (passes/): found once
# per directory that includes this file. LLVM's HandleLLVMOptions rewrites the
# directory's compiler flags, so it is included only in those two folders,
# never at the top level where the model library, the PTX front-end and the
# CLI would inherit them.
find_package(LLVM CONFIG REQUIRED HINTS /usr/lib/llvm-22/lib/cmake/llvm)
if(LLVM_VERSION_MAJOR VERSION_LESS 19 OR LLVM_VERSION_MAJOR VERSION_GREATER 22)
  message(FATAL_ERROR "GpuPowerAdvisor plugin needs LLVM 19..22, found "
                      "${LLVM_PACKAGE_VERSION} at ${LLVM_DIR}")
endif()
list(APPEND CMAKE_MODULE_PATH ${LLVM_CMAKE_DIR})
include(HandleLLVMOptions)
separate_arguments(GPA_LLVM_DEFINITIONS NATIVE_COMMAND ${LLVM_DEFINITIONS})
