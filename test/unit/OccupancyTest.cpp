//===- OccupancyTest.cpp - CUDA occupancy rules ---------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values are worked out by hand from the CUDA Occupancy Calculator
// rules and the per-compute-capability limits in the model files.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Occupancy.h"

#include <gtest/gtest.h>

using namespace gpa;

TEST(Occupancy, Gtx280DotpIsLimitedToTwoBlocksByThreads) {
  // 512 threads: 1024/512 = 2 by threads; 16 warps -> 32/16 = 2 by warps;
  // registers: 16 warps x 32 x 16 regs = 8192 (a multiple of 512) ->
  // 16384/8192 = 2. The first limit found (threads) is reported.
  LaunchConfig L{512, 30, 16, 0};
  Occupancy O = computeOccupancy(L, test::gtx280());
  ASSERT_TRUE(O.Fits) << O.Reason;
  EXPECT_EQ(O.WarpsPerBlock, 16u);
  EXPECT_EQ(O.LimitByThreads, 2u);
  EXPECT_EQ(O.LimitByWarps, 2u);
  EXPECT_EQ(O.LimitByRegisters, 2u);
  EXPECT_EQ(O.MaxActiveBlocksPerSm, 2u);
}

TEST(Occupancy, Gtx280RegisterAllocationIsPerBlockInUnitsOf512) {
  // 3 warps round up to 4 (granularity 2); 4 x 32 x 17 = 2176 -> 2560 (x512);
  // 16384 / 2560 = 6 blocks. Threads: 1024/96 = 10; blocks: 8.
  LaunchConfig L{96, 1000, 17, 0};
  Occupancy O = computeOccupancy(L, test::gtx280());
  ASSERT_TRUE(O.Fits);
  EXPECT_EQ(O.LimitByRegisters, 6u);
  EXPECT_EQ(O.MaxActiveBlocksPerSm, 6u);
  EXPECT_EQ(O.LimitedBy, "registers");
}

TEST(Occupancy, A100RegistersArePerWarpWithGranularity) {
  // 40 regs x 32 = 1280 -> 1280 (multiple of 256); 65536/1280 = 51 warps,
  // rounded down to the warp granularity 4 -> 48; 256 threads = 8 warps ->
  // 6 blocks. Threads allow 8, warps 8, blocks 32.
  LaunchConfig L{256, 10000, 40, 0};
  Occupancy O = computeOccupancy(L, test::a100());
  ASSERT_TRUE(O.Fits);
  EXPECT_EQ(O.LimitByRegisters, 6u);
  EXPECT_EQ(O.LimitByThreads, 8u);
  EXPECT_EQ(O.MaxActiveBlocksPerSm, 6u);
}

TEST(Occupancy, A100SharedMemoryIncludesThePerBlockReservation) {
  // 48 KiB + 1 KiB reserved = 50176 B (a multiple of 128);
  // 167936 / 50176 = 3 blocks.
  LaunchConfig L{128, 10000, 32, 48 * 1024};
  Occupancy O = computeOccupancy(L, test::a100());
  ASSERT_TRUE(O.Fits);
  EXPECT_EQ(O.LimitBySharedMemory, 3u);
  EXPECT_EQ(O.MaxActiveBlocksPerSm, 3u);
  EXPECT_EQ(O.LimitedBy, "shared_memory");
}

TEST(Occupancy, BlocksThatCannotRunAreRejectedWithTheReason) {
  Occupancy TooWide = computeOccupancy({1024, 1, 16, 0}, test::gtx280());
  EXPECT_FALSE(TooWide.Fits);
  EXPECT_NE(TooWide.Reason.find("threads_per_block 1024"), std::string::npos);

  // 512 threads x 64 regs = 32768 registers > 16384 on the GTX280.
  Occupancy TooManyRegs = computeOccupancy({512, 1, 64, 0}, test::gtx280());
  EXPECT_FALSE(TooManyRegs.Fits);
  EXPECT_NE(TooManyRegs.Reason.find("registers"), std::string::npos);

  Occupancy TooMuchShared =
      computeOccupancy({128, 1, 16, 200 * 1024}, test::a100());
  EXPECT_FALSE(TooMuchShared.Fits);
}
