//===- ConstantCacheTest.cpp - Constant-memory requests per warp ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values from the CUDA C++ Programming Guide's constant-memory
// rule: a warp's request is split into one request per distinct address.
//
//===----------------------------------------------------------------------===//
#include "gpa/ConstantCache.h"

#include <gtest/gtest.h>

using namespace gpa;

TEST(ConstantCache, OneRequestPerDistinctAddressOfAWarp) {
  // table[k]: every lane the same address, one request.
  EXPECT_EQ(constantCacheRequests(ConstantAddress::Uniform, 0), 1u);
  // A stride of 0 is the same address too.
  EXPECT_EQ(constantCacheRequests(ConstantAddress::Strided, 0), 1u);
  // table[threadIdx.x] (4 B apart) or table[2 * threadIdx.x] (8 B apart):
  // 32 lanes, 32 addresses, 32 requests; downwards alike.
  EXPECT_EQ(constantCacheRequests(ConstantAddress::Strided, 4), 32u);
  EXPECT_EQ(constantCacheRequests(ConstantAddress::Strided, 8), 32u);
  EXPECT_EQ(constantCacheRequests(ConstantAddress::Strided, -4), 32u);
  // A gather: addresses not known, each lane its own (the worst case).
  EXPECT_EQ(constantCacheRequests(ConstantAddress::Unknown, 0), 32u);
}
