//===- ConstantCache.h - Constant-memory requests per warp -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Constant memory is read through the constant cache, which serves one
// address per request: "a request is split into as many separate requests
// as there are different memory addresses in the initial request" (CUDA
// C++ Programming Guide, "Device Memory Accesses", constant memory). A
// warp's load whose lanes read one address is one request; one whose lanes
// read k different addresses is serialised into k.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CONSTANTCACHE_H
#define GPA_CONSTANTCACHE_H

#include <cstdint>

namespace gpa {

/// How a constant load's address varies over a warp's 32 lanes.
enum class ConstantAddress {
  Uniform, ///< the same for every lane (no threadIdx.x in it)
  Strided, ///< StrideBytes apart between neighbouring lanes
  Unknown, ///< lane-dependent in a way not known (a gather): every lane
           ///< its own address, the worst case
};

/// Requests one warp's constant load needs: 1 uniform (or a stride of 0);
/// 32 for any other stride (each lane its own address) and unknown.
unsigned constantCacheRequests(ConstantAddress Kind, std::int64_t StrideBytes);

} // namespace gpa

#endif
