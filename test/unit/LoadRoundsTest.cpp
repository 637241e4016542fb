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
