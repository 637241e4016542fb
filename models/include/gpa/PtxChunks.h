//===- PtxChunks.h - A PTX module split into sets of kernels ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// ptxas's time on one PTX file grows faster than its number of kernels
// (6.4 s for 2,000 small kernels, 122 s for 6,000: issue 16 s.4), while
// what it allocates for a kernel does not depend on the other kernels of
// the file. So `ptxas -v` runs on chunks: each chunk is the PTX with every
// top-level item that is not a kernel (directives, variables, device
// functions) and only its own kernels (.entry definitions), in their order.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTXCHUNKS_H
#define GPA_PTXCHUNKS_H

#include <cstddef>
#include <string>
#include <vector>

namespace gpa {

/// Kernels per ptxas run when GPA_PTXAS_CHUNK does not say otherwise.
constexpr std::size_t DefaultPtxasChunkKernels = 500;

/// GPA_PTXAS_CHUNK (a positive number of kernels) or the default.
std::size_t ptxasChunkKernels();

/// Ptx as chunks of at most KernelsPerChunk .entry definitions each, every
/// chunk with all of Ptx's other text; Ptx itself, unchanged, when it has
/// no more kernels than that.
std::vector<std::string> splitPtxByKernels(const std::string &Ptx,
                                           std::size_t KernelsPerChunk);

} // namespace gpa

#endif
