//===- AffineGuardTest.cpp - Exact share of a launch a guard passes ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/AffineGuard.h"
#include "gpa/BranchFacts.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
// A tile loop along y (docs/models.md "Branch weights"): 100 rows, blocks
// of 8 threads along y, 4 rows per thread, launched with ceil(100 / 8) = 13
// blocks whatever the tile, so the grid covers 13 x 32 = 416 rows.
AffineIndex tileRows(std::int64_t Thread, std::int64_t Counter,
                     std::int64_t Offset, std::uint64_t Trips) {
  AffineIndex I;
  I.Block = 32;
  I.Thread = Thread;
  I.Counter = Counter;
  I.Offset = Offset;
  I.Blocks = 13;
  I.Threads = 8;
  I.Trips = Trips;
  return I;
}
} // namespace

TEST(AffineGuard, StridedTileCopiesByHand) {
  // dm = 32 b + t + 8 k (threads stride by 1, copies by the block's 8).
  // Copy k = 0: blocks 0-2 pass whole (24), block 3 (96 + t < 100) 4
  // threads: 28 of 104. Copies 1-3: block 3 starts at 104: 24 of 104.
  EXPECT_DOUBLE_EQ(*shareBelow(tileRows(1, 0, 0, 1), 100, true), 28.0 / 104);
  for (int K = 1; K < 4; ++K)
    EXPECT_DOUBLE_EQ(*shareBelow(tileRows(1, 0, 8 * K, 1), 100, true),
                     24.0 / 104);
  // Counted loop: every row 0..99 once, of 13 x 8 x 4 = 416 points.
  EXPECT_DOUBLE_EQ(*shareBelow(tileRows(1, 8, 0, 4), 100, true), 100.0 / 416);
}

TEST(AffineGuard, ContiguousTileCopiesByHand) {
  // dm = 32 b + 4 t + k (each thread its 4 consecutive rows). Copy k:
  // blocks 0-2 whole (24), block 3: 96 + 4 t + k < 100 only at t = 0.
  for (int K = 0; K < 4; ++K)
    EXPECT_DOUBLE_EQ(*shareBelow(tileRows(4, 0, K, 1), 100, true), 25.0 / 104);
  EXPECT_DOUBLE_EQ(*shareBelow(tileRows(4, 1, 0, 4), 100, true), 100.0 / 416);
}

TEST(AffineGuard, PlainIndexIsBoundOverThreads) {
  // blockIdx.x * 256 + threadIdx.x on 65536 x 256 threads, n = 2^23: the
  // rule min(1, n / threads) = 0.5 (bounds-guard.test).
  AffineIndex I;
  I.Block = 256;
  I.Thread = 1;
  I.Blocks = 65536;
  I.Threads = 256;
  EXPECT_DOUBLE_EQ(*shareBelow(I, 1 << 23, true), 0.5);
  EXPECT_DOUBLE_EQ(*shareBelow(I, 1 << 25, true), 1.0);
  EXPECT_DOUBLE_EQ(*shareBelow(I, 0, true), 0.0);
}

TEST(AffineGuard, UnsignedCountsNegativeValuesOutOfBounds) {
  // v = t - 2 over t in [0, 4): values -2, -1, 0, 1. Signed v < 1: 3 of
  // 4; unsigned: the two negatives wrap, 1 of 4.
  AffineIndex I;
  I.Thread = 1;
  I.Offset = -2;
  I.Threads = 4;
  EXPECT_DOUBLE_EQ(*shareBelow(I, 1, true), 0.75);
  EXPECT_DOUBLE_EQ(*shareBelow(I, 1, false), 0.25);
}

TEST(AffineGuard, NegativeCoefficientsMatchEnumeration) {
  // A reversed index (n - 1 - i) and overlapping blocks, against a walk
  // over every point.
  AffineIndex I;
  I.Block = 5;
  I.Thread = -3;
  I.Counter = 7;
  I.Offset = 11;
  I.Blocks = 9;
  I.Threads = 6;
  I.Trips = 5;
  for (std::int64_t Bound = -30; Bound < 90; Bound += 7) {
    std::uint64_t N = 0;
    for (std::int64_t B = 0; B < 9; ++B)
      for (std::int64_t T = 0; T < 6; ++T)
        for (std::int64_t K = 0; K < 5; ++K)
          N += 5 * B - 3 * T + 7 * K + 11 < Bound;
    EXPECT_EQ(*pointsInRange(I, INT64_MIN, Bound), N) << Bound;
  }
}

TEST(AffineGuard, RefusesWhatItCannotCountExactly) {
  AffineIndex I;
  I.Block = std::int64_t(1) << 30;
  EXPECT_FALSE(shareBelow(I, 10, true));
  I.Block = 1;
  I.Trips = std::uint64_t(1) << 30;
  EXPECT_FALSE(shareBelow(I, 10, true));
}

TEST(AffineGuard, Text) {
  EXPECT_EQ(tileRows(1, 8, -8, 4).text("blockIdx.y", "threadIdx.y", "k"),
            "32 * blockIdx.y + threadIdx.y + 8 * k - 8");
}

TEST(AffineGuard, EqualityLetsOneIndexValueThrough) {
  // expdist's `if (tx == 0 && ty == 0)` on blocks of 32 x 8 threads (HeCBench
  // expdist-cuda) on a grid of 128 x 512: threadIdx.x == 0 holds for 1 of
  // 32 threads, threadIdx.y == 0 for 1 of 8, blockIdx.x == 0 for 1 of 128
  // blocks.
  BranchFacts F;
  F.BlockThreadsX = 32;
  F.BlockThreadsY = 8;
  F.GridBlocksX = 128;
  F.GridBlocksY = 512;
  GuardIndex Tx, Ty, Bx, Gx;
  Tx.Thread[0] = 1;
  Ty.Thread[1] = 1;
  Bx.Block[0] = 1;
  EXPECT_DOUBLE_EQ(shareEqualOfLaunch(Tx, 0, F, false)->InBounds, 1.0 / 32);
  EXPECT_DOUBLE_EQ(shareEqualOfLaunch(Ty, 0, F, false)->InBounds, 1.0 / 8);
  EXPECT_DOUBLE_EQ(shareEqualOfLaunch(Bx, 0, F, false)->InBounds, 1.0 / 128);
  EXPECT_EQ(shareEqualOfLaunch(Tx, 0, F, false)->Words,
            "threadIdx.x == 0: 1 of 32 (block, thread) points");
  // A value no thread has: threadIdx.x == 32 never holds.
  EXPECT_DOUBLE_EQ(shareEqualOfLaunch(Tx, 32, F, false)->InBounds, 0.0);
  // The global index 32 * blockIdx.x + threadIdx.x == 100: one thread of
  // the 4096.
  Gx.Block[0] = 32;
  Gx.Thread[0] = 1;
  EXPECT_DOUBLE_EQ(shareEqualOfLaunch(Gx, 100, F, true)->InBounds, 1.0 / 4096);
  // Without the block's shape along z, nothing is derived.
  GuardIndex Tz;
  Tz.Thread[2] = 1;
  EXPECT_FALSE(shareEqualOfLaunch(Tz, 0, F, false));
  // Terms: thread x is bit 0, thread y bit 1, block x bit 3.
  EXPECT_EQ(indexTerms(Tx), 1u);
  EXPECT_EQ(indexTerms(Ty), 2u);
  EXPECT_EQ(indexTerms(Gx), 9u);
  EXPECT_EQ(indexTermNames(9u, false), "threadIdx.x, blockIdx.x");
  EXPECT_EQ(indexTermNames(3u, true), "%tid.x, %tid.y");
}

TEST(AffineGuard, EqualityTestsOnDisjointTermsMultiply) {
  // expdist's `tx == 0 && ty == 0` on blocks of 32 x 8: 1/32 x 1/8 = 1/256
  // of the launch; a third test on threadIdx.x again is no independent
  // test (refused); one along z, whose shape the launch lacks, leaves the
  // product unknown.
  BranchFacts F;
  F.BlockThreadsX = 32;
  F.BlockThreadsY = 8;
  F.GridBlocksX = 128;
  F.GridBlocksY = 512;
  GuardIndex Tx, Ty, Tz;
  Tx.Thread[0] = 1;
  Ty.Thread[1] = 1;
  Tz.Thread[2] = 1;
  EqualityShares Both;
  EXPECT_TRUE(Both.add(Tx, 0, F, false));
  EXPECT_TRUE(Both.add(Ty, 0, F, false));
  EXPECT_FALSE(Both.add(Tx, 1, F, false));
  EXPECT_TRUE(Both.known());
  EXPECT_DOUBLE_EQ(Both.share(), 1.0 / 256);
  EXPECT_EQ(Both.terms(), 3u);
  EXPECT_EQ(Both.words(), "threadIdx.x == 0: 1 of 32 (block, thread) points; "
                          "threadIdx.y == 0: 1 of 8 (block, thread) points");
  EqualityShares WithZ;
  EXPECT_TRUE(WithZ.add(Tx, 0, F, false));
  EXPECT_TRUE(WithZ.add(Tz, 0, F, false));
  EXPECT_FALSE(WithZ.known());
  EXPECT_EQ(WithZ.terms(), 5u);
  // No thread or block term: no equality test on the launch.
  EqualityShares None;
  EXPECT_FALSE(None.add(GuardIndex(), 0, F, false));
}

TEST(AffineGuard, TestsOnOneIndexIntersect) {
  // ace-cuda's interior `ix < 399 && iy < 399 && ix > 0 && iy > 0` (z left
  // out) on its launch: x = 8 * blockIdx.x + threadIdx.x over 50 blocks of
  // 8 (400 values, each once), y the same. ix != 0 (InstCombine's ix > 0)
  // and ix <u 399 leave 1..398: 398 of 400, not 399/400 x 399/400; the two
  // indices multiply: (398 / 400)^2 = 0.990025.
  BranchFacts F;
  F.BlockThreadsX = 8;
  F.BlockThreadsY = 8;
  F.GridBlocksX = 50;
  F.GridBlocksY = 50;
  GuardIndex X, Y;
  X.Block[0] = 8;
  X.Thread[0] = 1;
  Y.Block[1] = 8;
  Y.Thread[1] = 1;
  IndexTestJoin J;
  EXPECT_TRUE(J.add(X, IndexTestOp::Lt, 399, false));
  EXPECT_TRUE(J.add(Y, IndexTestOp::Lt, 399, false));
  EXPECT_FALSE(J.overlaps());
  EXPECT_TRUE(J.add(X, IndexTestOp::Ne, 0, false));
  EXPECT_TRUE(J.add(Y, IndexTestOp::Gt, 0, true));
  EXPECT_TRUE(J.overlaps());
  EXPECT_FALSE(J.boundsOnly());
  EXPECT_EQ(J.terms(), 1u | 2u | 8u | 16u);
  auto S = J.share(F, false);
  ASSERT_TRUE(S);
  EXPECT_DOUBLE_EQ(S->InBounds, 0.990025);
  EXPECT_EQ(S->Words, "8 * blockIdx.x + threadIdx.x unsigned < 399, != 0: 398 "
                      "of 400 (block, thread) points pass; 8 * blockIdx.y + "
                      "threadIdx.y unsigned < 399, > 0: 398 of 400 (block, "
                      "thread) points pass");
  // nvcc's form, `ix > 398 || ix == 0` for the branch around the interior:
  // the negations (ix <= 398, ix != 0) hold for the same 398 of 400.
  IndexTestJoin Or;
  EXPECT_TRUE(Or.add(X, IndexTestJoin::negated(IndexTestOp::Gt), 398, false));
  EXPECT_TRUE(Or.add(X, IndexTestJoin::negated(IndexTestOp::Eq), 0, false));
  EXPECT_DOUBLE_EQ(Or.share(F, true)->InBounds, 398.0 / 400);
  // Cut ranges that overlap are taken once: x != 5, x >= 5 (signed: cuts
  // [-inf, 5)), x != 3 (already cut), x < 10: 6..9, 4 of 400.
  IndexTestJoin Cuts;
  EXPECT_TRUE(Cuts.add(X, IndexTestOp::Ne, 5, true));
  EXPECT_TRUE(Cuts.add(X, IndexTestOp::Ge, 5, true));
  EXPECT_TRUE(Cuts.add(X, IndexTestOp::Ne, 3, true));
  EXPECT_TRUE(Cuts.add(X, IndexTestOp::Lt, 10, true));
  EXPECT_DOUBLE_EQ(Cuts.share(F, false)->InBounds, 4.0 / 400);
  // Empty: x < 3 && x > 7.
  IndexTestJoin None;
  EXPECT_TRUE(None.add(X, IndexTestOp::Lt, 3, true));
  EXPECT_TRUE(None.add(X, IndexTestOp::Gt, 7, true));
  EXPECT_DOUBLE_EQ(None.share(F, false)->InBounds, 0.0);
  // A different index on a term already tested (threadIdx.x alone after
  // the global x): no rule.
  GuardIndex Tx;
  Tx.Thread[0] = 1;
  EXPECT_FALSE(J.add(Tx, IndexTestOp::Lt, 4, true));
  // z's shape not given: nothing derived.
  GuardIndex Z;
  Z.Thread[2] = 1;
  IndexTestJoin WithZ;
  EXPECT_TRUE(WithZ.add(Z, IndexTestOp::Ne, 0, false));
  EXPECT_TRUE(WithZ.add(Z, IndexTestOp::Lt, 3, false));
  EXPECT_FALSE(WithZ.share(F, false));
}
