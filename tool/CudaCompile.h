//===- CudaCompile.h - A .cu file's device side as LLVM IR ---- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_CUDACOMPILE_H
#define GPA_TOOL_CUDACOMPILE_H

#include <string>
#include <vector>

namespace gpa::tool {

/// Compiles Source's device side for Arch to LLVM bitcode in OutFile
/// (clang --cuda-device-only -emit-llvm -O2, the IR the plugin would see),
/// with ClangArgs as given. Uses $GPA_CLANG (default
/// /usr/lib/llvm-22/bin/clang++) and $CUDA_PATH (default /usr/local/cuda); on
/// failure Error holds clang's diagnostics.
bool compileCudaToIr(const std::string &Source, const std::string &Arch,
                     const std::vector<std::string> &ClangArgs,
                     const std::string &OutFile, std::string &Error);

} // namespace gpa::tool

#endif
