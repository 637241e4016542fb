//===- ConstantCache.cpp - Constant-memory requests per warp --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ConstantCache.h"

namespace gpa {

unsigned constantCacheRequests(ConstantAddress Kind, std::int64_t StrideBytes) {
  constexpr unsigned WarpLanes = 32;
  switch (Kind) {
  case ConstantAddress::Uniform:
    return 1;
  case ConstantAddress::Unknown:
    return WarpLanes;
  case ConstantAddress::Strided:
    return StrideBytes == 0 ? 1 : WarpLanes;
  }
  return 1;
}

} // namespace gpa
