//===- Plugin.cpp - Registers GpuPowerAdvisor with the pass builder ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// opt:   -load-pass-plugin=GpuPowerAdvisor.so -passes=gpu-power-advisor
// clang: -fpass-plugin=GpuPowerAdvisor.so adds the advisor at the end of the
//        optimisation pipeline (every -O level). Clang hands the plugin to the
//        host and to every device compilation; the pass itself skips
//        non-NVPTX modules.
//
//===----------------------------------------------------------------------===//

#include "Compat.h"
#include "GpuPowerAdvisor.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define MODULE_PASS(NAME, CREATE_PASS)                                         \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "Passes.def"
        return false;
      });
  // The trailing pack absorbs the ThinOrFullLTOPhase argument LLVM 20 added.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, auto...) {
        MPM.addPass(gpa::GpuPowerAdvisorPass());
      });
}

static PassPluginLibraryInfo getGpuPowerAdvisorPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "GpuPowerAdvisor", LLVM_VERSION_STRING,
          registerCallbacks};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return getGpuPowerAdvisorPluginInfo();
}
