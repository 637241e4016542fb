//===- LoadRoundsTest.cpp - Load rounds and bank conflicts ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected numbers follow by hand from the rules of docs/models.md "Load
// rounds from the code" and the CUDA C++ Programming Guide's shared-memory
// banks (32 banks of 4-byte words: lanes s words apart give a gcd(s, 32)-way
// conflict).
//
//===----------------------------------------------------------------------===//
#include "gpa/LoadRounds.h"
#include "gpa/KernelProfile.h"
#include "gpa/SharedBankConflicts.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
BlockLoad load(std::vector<std::size_t> From = {}, bool Staging = false,
               unsigned Region = 0) {
  BlockLoad L;
  L.AddressFrom = std::move(From);
  L.Staging = Staging;
  L.Region = Region;
  return L;
}
} // namespace

TEST(LoadRoundsTest, IndependentLoadsWaitOnce) {
  // A 5-point stencil's loads: no address needs another load's value.
  BlockRounds R = roundsOfBlock({load(), load(), load(), load(), load()});
  EXPECT_EQ(R.Loads, 5);
  EXPECT_EQ(R.Rounds, 1);
  EXPECT_EQ(R.StagingRounds, 0);
}

TEST(LoadRoundsTest, AddressFromALoadWaitsAgain) {
  // table[key[i]]: the table's address needs the key: two rounds; a third
  // load independent of both joins the first round.
  BlockRounds R = roundsOfBlock({load(), load({0}), load()});
  EXPECT_EQ(R.Rounds, 2);
}

TEST(LoadRoundsTest, BarrierEndsTheRound) {
  // Two staged loads, a barrier, then two independent loads: 1 + 1 rounds;
  // only the first region's chain is staging.
  BlockRounds R = roundsOfBlock({load({}, true), load({}, true),
                                 load({}, false, 1), load({0}, false, 1)});
  EXPECT_EQ(R.Rounds, 2);
  EXPECT_EQ(R.StagingRounds, 1);
}

TEST(LoadRoundsTest, StagingChainCountsItsDependentRounds) {
  // in[idx[t]] staged: the index load, then the staged load.
  BlockRounds R = roundsOfBlock({load(), load({0}, true)});
  EXPECT_EQ(R.StagingRounds, 2);
}

TEST(LoadRoundsTest, KernelSumsWeightedBlocks) {
  // A staging loop of 4 iterations with one load each, then an unrolled
  // block of 4 independent loads and one store.
  LoadRoundSums Sums;
  Sums.add(roundsOfBlock({load({}, true)}), 4);
  Sums.add(roundsOfBlock({load(), load(), load(), load()}), 1);
  KernelProfile P;
  P.count(Unit::GlobalMem) = 9; // 8 loads + 1 store
  P.count(Unit::Sync) = 1;
  applyLoadRounds(Sums, P);
  EXPECT_EQ(P.LoadRounds, 9 - 3);
  EXPECT_EQ(P.BarrierLoadRounds, 4);
  // Without a barrier the staging rounds expose nothing.
  P.count(Unit::Sync) = 0;
  applyLoadRounds(Sums, P);
  EXPECT_EQ(P.BarrierLoadRounds, 0);
  // Nothing saved: LoadRounds stays 0 (HK09, one period per instruction).
  LoadRoundSums Chain;
  Chain.add(roundsOfBlock({load(), load({0})}), 1);
  applyLoadRounds(Chain, P);
  EXPECT_EQ(P.LoadRounds, 0);
}

TEST(SharedBankConflictsTest, GcdOfTheStrideInWords) {
  EXPECT_EQ(sharedBankConflictWays(4, 4), 1u);    // consecutive words
  EXPECT_EQ(sharedBankConflictWays(8, 4), 2u);    // 2 words apart: 2-way
  EXPECT_EQ(sharedBankConflictWays(-8, 4), 2u);   // direction does not matter
  EXPECT_EQ(sharedBankConflictWays(12, 4), 1u);   // 3 words: odd, no conflict
  EXPECT_EQ(sharedBankConflictWays(128, 4), 32u); // a column of 32 words
  EXPECT_EQ(sharedBankConflictWays(132, 4), 1u);  // padded row (33 words)
  EXPECT_EQ(sharedBankConflictWays(0, 4), 1u);    // broadcast
  EXPECT_EQ(sharedBankConflictWays(16, 8), 1u);   // not a 4-byte word: unknown
}

// Hand-worked from the Programming Guide's rule (bank = word mod 32, the
// most distinct words in one bank): only the lanes that run the access
// count, laid over the block's rows.
TEST(SharedBankConflictsTest, ActiveLanesAndBlockRows) {
  WarpLanes One;
  One.ActiveX = 1; // if (tx == 0): one lane, one word
  EXPECT_EQ(sharedBankConflictWays(128, 4, One), 1u);
  WarpLanes Half;
  Half.ActiveX = 16; // tx < 16, 16 words apart: words 0, 16, ..., 240 in
                     // banks 0 and 16, 8 each
  EXPECT_EQ(sharedBankConflictWays(64, 4, Half), 8u);
  WarpLanes All; // 32 lanes, 16 words apart: 16 words in each of 2 banks
  EXPECT_EQ(sharedBankConflictWays(64, 4, All), 16u);
  EXPECT_EQ(sharedBankConflictWays(64, 4, All),
            sharedBankConflictWays(64, 4)); // the closed form, 32 lanes
  // 16-thread rows (lud's [16][16] tile, 16 words per row): lane l is
  // (l % 16, l / 16); a column read shadow[tx][i] is 16 words per tx and,
  // with ty in the row index too, 256 words per ty: rows add nothing new
  // to banks 0/16 but 8 more words each: 16-way.
  WarpLanes Rows;
  Rows.RowThreads = 16;
  Rows.RowStrideBytes = 1024;
  EXPECT_EQ(sharedBankConflictWays(64, 4, Rows), 16u);
  // ... and a row read (tx contiguous) with rows 16 words apart: the two
  // rows fill all 32 banks once.
  Rows.RowStrideBytes = 64;
  EXPECT_EQ(sharedBankConflictWays(4, 4, Rows), 1u);
  // Rows unknown: the first row only (16 lanes of a column: 8-way).
  Rows.RowsKnown = false;
  EXPECT_EQ(sharedBankConflictWays(64, 4, Rows), 8u);
}
