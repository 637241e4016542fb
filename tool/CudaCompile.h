//===- CudaCompile.h - clang 22 + the plugin on a .cu file ---- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_CUDACOMPILE_H
#define GPA_TOOL_CUDACOMPILE_H

#include <string>
#include <vector>

namespace gpa::tool {

/// Where the plugin is: $GPA_PLUGIN, else next to gpa in an install
/// (../lib/GpuPowerAdvisor.so) or a build tree (../plugin/GpuPowerAdvisor.so).
std::string findPlugin(const std::string &ExecutablePath);

/// Compiles Source device-only for Arch with the plugin, PluginArgs passed
/// through -mllvm, ClangArgs (-I, -D, -std, ...) as given, and writes the
/// report to ReportFile. Uses $GPA_CLANG (default /usr/lib/llvm-22/bin/clang++)
/// and $CUDA_PATH (default /usr/local/cuda). On failure Error holds clang's
/// diagnostics.
bool compileCudaWithPlugin(const std::string &Source, const std::string &Arch,
                           const std::string &Plugin,
                           const std::vector<std::string> &PluginArgs,
                           const std::vector<std::string> &ClangArgs,
                           const std::string &ReportFile, std::string &Error);

} // namespace gpa::tool

#endif
