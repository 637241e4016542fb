//===- CudaCompile.h - A .cu file's device or host side --------*- C++ -*-===//
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

/// Compiles Source's host side to LLVM bitcode in OutFile (clang
/// --cuda-host-only -emit-llvm -O1 -gline-tables-only: the launch sites
/// folded, located), for the nvcc route's launch sites.
bool compileCudaHostToIr(const std::string &Source, const std::string &Arch,
                         const std::vector<std::string> &ClangArgs,
                         const std::string &OutFile, std::string &Error);

/// Compiles Source's device side with nvcc to PTX in OutFile (nvcc -ptx
/// -lineinfo -arch=compute_XX for Arch = sm_XX), with NvccArgs as given.
/// Uses $CUDA_PATH/bin/nvcc (default /usr/local/cuda); on failure Error
/// holds nvcc's diagnostics.
bool compileCudaToPtxWithNvcc(const std::string &Source,
                              const std::string &Arch,
                              const std::vector<std::string> &NvccArgs,
                              const std::string &OutFile, std::string &Error);

} // namespace gpa::tool

#endif
