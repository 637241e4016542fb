//===- BlockFootprintTest.cpp - R9's block sectors from thread strides ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected sectors and shares are worked out by hand from docs/models.md
// "Memory levels" R9: a block's distinct 32-byte sectors B over the W warps'
// W x (sectors per warp request) sector requests; a warp of 32 lanes reading
// consecutive 4-byte elements requests 128 bytes = 4 sectors.
//
//===----------------------------------------------------------------------===//
#include "gpa/BlockFootprint.h"
#include "gpa/MemoryLevels.h"
#include "gpa/ProfileLoader.h"

#include "TestModels.h"

#include <gtest/gtest.h>

using namespace gpa;
using gpa::test::someCaches;

namespace {
/// A coalesced 4-byte load whose address moves 4 bytes per threadIdx.x and
/// \p StrideY bytes per threadIdx.y.
GlobalAccessFact rowLoad(double StrideY) {
  GlobalAccessFact F;
  F.Base = F.Group = "in";
  F.ThreadStrideYKnown = true;
  F.ThreadStrideYBytes = StrideY;
  return F;
}
} // namespace

TEST(BlockFootprint, RowsOfA32x8BlockReadingInThreadIdxX) {
  // in[threadIdx.x], 32 x 8 block: every row reads bytes [0, 128) = sectors
  // 0-3, so B = 4. 8 warps x 4 sectors = 32 requests, 4 miss: m = 1/8. The
  // load is alone on its base (R5, all DRAM): L1 7/8, DRAM 1/8, as the
  // given-B example RowsOfABlockReadingOneRowHitL1; 4 bytes x 1/8 = 0.5 DRAM
  // bytes per thread.
  GlobalAccessFact Row = rowLoad(0);
  EXPECT_EQ(derivedBlockSectors(Row, BlockDims{32, 8, 1}), 4.0);
  auto E = estimateMemoryLevels({Row}, someCaches(), 256, 4096, 32, {},
                                BlockDims{32, 8, 1});
  EXPECT_TRUE(E.PerAccess[0].BlockReuse);
  EXPECT_TRUE(E.PerAccess[0].BlockSectorsDerived);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L2, 0);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 8);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 0.5);
}

TEST(BlockFootprint, MatmulColumnIn16x16Block) {
  // A naive matmul's B[k*n + col], col = blockIdx.x*16 + threadIdx.x: 16 x
  // 16 block, the address does not move with threadIdx.y. The block reads
  // 16 x 4 = 64 bytes = 2 sectors: B = 2. Each warp holds two rows of 16
  // lanes; R9 counts a warp's request as sectorRuns' contiguous 32-lane span
  // (128 bytes = 4 sectors, what the levelled timing charges per warp beyond
  // L1): 8 warps x 4 = 32, m = 2/32 = 1/16. L1 15/16, DRAM 1/16: 4 bytes x
  // 1/16 = 0.25 DRAM bytes per thread = 64 bytes per 256-thread block, the
  // block's 2 sectors. (Counted per real request, 2 sectors per warp, 1/8
  // of the 16 requests miss: the limit docs/models.md states.)
  GlobalAccessFact Column = rowLoad(0);
  EXPECT_EQ(derivedBlockSectors(Column, BlockDims{16, 16, 1}), 2.0);
  auto E = estimateMemoryLevels({Column}, someCaches(), 256, 4096, 32, {},
                                BlockDims{16, 16, 1});
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 15.0 / 16);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 16);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 0.25);
}

TEST(BlockFootprint, TwoDimensionalCopyHasNoReuse) {
  // in[threadIdx.y*4096 + threadIdx.x]: rows 16384 bytes apart. 32 x 8:
  // 8 rows x 4 sectors = 32 distinct = the 32 requested, m = 1. 16 x 16:
  // 16 rows x 64 bytes = 16 x 2 sectors = 32 = 8 warps x 4, m = 1. R5
  // stands: all DRAM.
  GlobalAccessFact Copy = rowLoad(16384);
  EXPECT_EQ(derivedBlockSectors(Copy, BlockDims{32, 8, 1}), 32.0);
  EXPECT_EQ(derivedBlockSectors(Copy, BlockDims{16, 16, 1}), 32.0);
  for (BlockDims D : {BlockDims{32, 8, 1}, BlockDims{16, 16, 1}}) {
    auto E = estimateMemoryLevels({Copy}, someCaches(), 256, 4096, 32, {}, D);
    EXPECT_FALSE(E.PerAccess[0].BlockReuse);
    EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1);
  }
}

TEST(BlockFootprint, UnknownShapeOrStrideDerivesNothing) {
  // Only the total (256 threads) known: no shape is guessed, R5 stands.
  GlobalAccessFact Row = rowLoad(0);
  EXPECT_FALSE(derivedBlockSectors(Row, BlockDims{}).has_value());
  auto E = estimateMemoryLevels({Row}, someCaches(), 256, 4096, 32);
  EXPECT_FALSE(E.PerAccess[0].BlockReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1);
  // Rows (y = 8) with an unknown y stride (a run-time row width).
  GlobalAccessFact Unknown = rowLoad(0);
  Unknown.ThreadStrideYKnown = false;
  EXPECT_FALSE(derivedBlockSectors(Unknown, BlockDims{32, 8, 1}));
  // A 1-D block needs no y stride: 256 lanes x 4 bytes = 1024 bytes = 32
  // sectors = 8 warps x 4, m = 1.
  EXPECT_EQ(derivedBlockSectors(Unknown, BlockDims{256, 1, 1}), 32.0);
  // z = 4 slices with no z stride known.
  EXPECT_FALSE(derivedBlockSectors(Row, BlockDims{8, 8, 4}));
  // Stores, broadcasts (R1) and gathers derive nothing.
  GlobalAccessFact Store = rowLoad(0), Broadcast = rowLoad(0),
                   Gather = rowLoad(0);
  Store.Store = true;
  Broadcast.Shape = AccessShape::Broadcast;
  Gather.Shape = AccessShape::Gather;
  for (const GlobalAccessFact &F : {Store, Broadcast, Gather})
    EXPECT_FALSE(derivedBlockSectors(F, BlockDims{32, 8, 1}));
}

TEST(BlockFootprint, BroadcastStaysWithR1) {
  // A broadcast in a 32 x 8 block: R1's 1/W = 1/8 miss, as without dims.
  GlobalAccessFact Coef = rowLoad(0);
  Coef.Shape = AccessShape::Broadcast;
  auto E = estimateMemoryLevels({Coef}, someCaches(), 256, 4096, 32, {},
                                BlockDims{32, 8, 1});
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Broadcast);
  EXPECT_FALSE(E.PerAccess[0].BlockReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 8);
}

TEST(BlockFootprint, GivenBlockSectorsWin) {
  // The fact's block_sectors 8 wins over the derived 4: m = 8/32 = 1/4.
  GlobalAccessFact Row = rowLoad(0);
  Row.BlockSectors = 8;
  auto E = estimateMemoryLevels({Row}, someCaches(), 256, 4096, 32, {},
                                BlockDims{32, 8, 1});
  EXPECT_FALSE(E.PerAccess[0].BlockSectorsDerived);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 3.0 / 4);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 4);
}

TEST(BlockFootprint, SlicesAlongZReadingOneTile) {
  // in[threadIdx.y*8 + threadIdx.x] in an 8 x 8 x 4 block: the z slices read
  // the same 8 x 8 tile (z stride 0): 64 x 4 bytes = 256 bytes = 8 sectors.
  // 8 warps x 4 sectors = 32 requests: m = 8/32 = 1/4 (each warp is 4 rows
  // of 8 = 128 consecutive bytes, so here sectorRuns' count is exact).
  GlobalAccessFact Tile = rowLoad(32);
  Tile.ThreadStrideZKnown = true;
  EXPECT_EQ(derivedBlockSectors(Tile, BlockDims{8, 8, 4}), 8.0);
  auto E = estimateMemoryLevels({Tile}, someCaches(), 256, 4096, 32, {},
                                BlockDims{8, 8, 4});
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 4);
}

TEST(BlockFootprint, LanesSpanningFarRowsKeepTheMissFractionAtOne) {
  // A 1 x 256 block reading in[threadIdx.y*4096]: 256 distinct sectors, but
  // sectorRuns counts 4 per warp (8 x 4 = 32): 256/32 is clamped to m = 1,
  // R5 stands (the real traffic, 32 sectors per warp, is the documented
  // limit of lanes spanning rows).
  GlobalAccessFact Far = rowLoad(16384);
  EXPECT_EQ(derivedBlockSectors(Far, BlockDims{1, 256, 1}), 256.0);
  auto E = estimateMemoryLevels({Far}, someCaches(), 256, 4096, 32, {},
                                BlockDims{1, 256, 1});
  EXPECT_FALSE(E.PerAccess[0].BlockReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 0);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1);
}

TEST(BlockFootprint, DimsAndStridesRoundTripThroughTheProfile) {
  KernelProfile P;
  P.Name = "k";
  P.Launch.ThreadsPerBlock = 256;
  P.Launch.BlockShape = BlockDims{16, 16, 1};
  GlobalAccessFact Row = rowLoad(-64);
  Row.ThreadStrideZKnown = true;
  Row.ThreadStrideZBytes = 4096;
  GlobalAccessFact Unknown;
  Unknown.Base = Unknown.Group = "x";
  P.GlobalAccesses = {Row, Unknown};
  nlohmann::json J = kernelProfileToJson(P);
  std::vector<KernelProfile> Back;
  std::string Error;
  ASSERT_TRUE(parseKernelProfiles(J, "p.json", Back, Error)) << Error;
  ASSERT_EQ(Back.size(), 1u);
  EXPECT_EQ(Back[0].Launch.BlockShape.X, 16u);
  EXPECT_EQ(Back[0].Launch.BlockShape.Y, 16u);
  EXPECT_EQ(Back[0].Launch.BlockShape.Z, 1u);
  const GlobalAccessFact &F = Back[0].GlobalAccesses[0];
  EXPECT_TRUE(F.ThreadStrideYKnown);
  EXPECT_DOUBLE_EQ(F.ThreadStrideYBytes, -64);
  EXPECT_TRUE(F.ThreadStrideZKnown);
  EXPECT_DOUBLE_EQ(F.ThreadStrideZBytes, 4096);
  EXPECT_FALSE(Back[0].GlobalAccesses[1].ThreadStrideYKnown);
  EXPECT_FALSE(Back[0].GlobalAccesses[1].ThreadStrideZKnown);

  // A shape whose product is not threads_per_block is an error naming it.
  J["launch"]["block_dims"] = {16, 8, 1};
  EXPECT_FALSE(parseKernelProfiles(J, "p.json", Back, Error));
  EXPECT_NE(Error.find("launch.block_dims"), std::string::npos) << Error;
  // Without block_dims the shape stays unknown.
  J["launch"].erase("block_dims");
  ASSERT_TRUE(parseKernelProfiles(J, "p.json", Back, Error)) << Error;
  EXPECT_FALSE(Back[0].Launch.BlockShape.known());
}
