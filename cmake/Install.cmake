# Install layout and the CMake package (find_package(GpuPowerAdvisor CONFIG)):
#   bin/gpa, lib/GpuPowerAdvisor-<LLVM major>.so and its link
#   lib/GpuPowerAdvisor.so, lib/libgpa_{model,runtime}.a,
#   include/gpa/..., share/GpuPowerAdvisor/models/{gpus,schema}/*.json,
#   share/bash-completion/completions/gpa,
#   lib/cmake/GpuPowerAdvisor/*.cmake
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(GPA_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/GpuPowerAdvisor)
set(GPA_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR})
set(GPA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/GpuPowerAdvisor)

# Exported as GpuPowerAdvisor::model, ::runtime and ::gpa.
set_target_properties(gpa_model PROPERTIES EXPORT_NAME model)
set_target_properties(gpa_runtime PROPERTIES EXPORT_NAME runtime)
install(TARGETS gpa_model gpa_runtime EXPORT GpuPowerAdvisorTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS gpa EXPORT GpuPowerAdvisorTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET GpuPowerAdvisor)
  # Exported as GpuPowerAdvisor::plugin_module (the .so itself);
  # GpuPowerAdvisor::plugin is the compile-options target of the config file.
  set_target_properties(GpuPowerAdvisor PROPERTIES EXPORT_NAME plugin_module)
  install(TARGETS GpuPowerAdvisor EXPORT GpuPowerAdvisorTargets
          LIBRARY DESTINATION ${GPA_INSTALL_PLUGINDIR})
  install(CODE "execute_process(COMMAND \"${CMAKE_COMMAND}\" -E create_symlink
    \"$<TARGET_FILE_NAME:GpuPowerAdvisor>\"
    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${GPA_INSTALL_PLUGINDIR}/GpuPowerAdvisor.so\")")
endif()
install(DIRECTORY models/include/gpa runtime/include/gpa
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY models/gpus models/schema DESTINATION ${GPA_INSTALL_DATADIR}/models)
# bash completion, where bash-completion looks for it under the prefix.
install(FILES tool/completion/gpa.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gpa)
install(EXPORT GpuPowerAdvisorTargets NAMESPACE GpuPowerAdvisor::
        DESTINATION ${GPA_INSTALL_CMAKEDIR})

get_target_property(_gpa_runtime_defs gpa_runtime INTERFACE_COMPILE_DEFINITIONS)
if(_gpa_runtime_defs MATCHES "GPA_RUNTIME_HAS_CUDA")
  set(GPA_RUNTIME_HAS_CUDA 1)
else()
  set(GPA_RUNTIME_HAS_CUDA 0)
endif()
configure_package_config_file(cmake/GpuPowerAdvisorConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/GpuPowerAdvisorConfig.cmake
  INSTALL_DESTINATION ${GPA_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR GPA_INSTALL_DATADIR GPA_INSTALL_PLUGINDIR)
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/GpuPowerAdvisorConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/GpuPowerAdvisorConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/GpuPowerAdvisorConfigVersion.cmake
              cmake/GpaMergeReports.cmake
        DESTINATION ${GPA_INSTALL_CMAKEDIR})
