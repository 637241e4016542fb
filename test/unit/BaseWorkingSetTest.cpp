//===- BaseWorkingSetTest.cpp - A base's working set is a union -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected bytes are worked out by hand in each test's comment (issue 24:
// a base's working set is the union of the byte ranges its accesses cover,
// docs/models.md "Memory levels").
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/BaseWorkingSet.h"
#include "gpa/MemoryLevels.h"
#include "gpa/ProfileLoader.h"

#include <gtest/gtest.h>

using namespace gpa;
using gpa::test::someCaches;

namespace {
/// A coalesced 4-byte load of Base covering [Start, Start + Bytes).
GlobalAccessFact slice(const std::string &Base, const std::string &Group,
                       double StartBytes, double Bytes) {
  GlobalAccessFact F;
  F.Base = Base;
  F.Group = Group;
  F.WorkingSetBytes = Bytes;
  F.WorkingSetStartKnown = true;
  F.WorkingSetStartBytes = StartBytes;
  return F;
}

GlobalAccessFact unplaced(const std::string &Base, const std::string &Group,
                          double OffsetBytes, double Bytes) {
  GlobalAccessFact F = slice(Base, Group, 0, Bytes);
  F.WorkingSetStartKnown = false;
  F.OffsetBytes = OffsetBytes;
  return F;
}

/// cfd's compute_step_factor (Rodinia/HeCBench, gpuFLOPBench's cfd-cuda),
/// nelr = 97152, 506 blocks of 192 threads (one thread per element):
/// variables[i + k * nelr] for k = 0..4 (five groups: nelr is a run-time
/// argument), areas[i], a store to step_factors[i]. Each slice is 97152 x 4
/// = 388,608 bytes and starts k x 388,608 bytes into `variables`.
std::vector<GlobalAccessFact> cfdStepFactor() {
  const double Slice = 97152.0 * 4;
  std::vector<GlobalAccessFact> Facts;
  for (int K = 0; K < 5; ++K)
    Facts.push_back(slice("variables", "i + " + std::to_string(K) + "*nelr",
                          K * Slice, Slice));
  Facts.push_back(slice("areas", "i", 0, Slice));
  GlobalAccessFact Store = slice("step_factors", "i", 0, Slice);
  Store.Store = true;
  Facts.push_back(Store);
  return Facts;
}
} // namespace

TEST(BaseWorkingSet, DisjointSlicesOfOneBaseAdd) {
  // Five disjoint slices of 388,608 bytes, [k x 388,608, (k + 1) x
  // 388,608): union 5 x 388,608 = 1,943,040 bytes (the largest one alone,
  // what the model took before, is 388,608).
  auto W = baseWorkingSets(cfdStepFactor());
  EXPECT_DOUBLE_EQ(W["variables"].Bytes, 1943040);
  EXPECT_FALSE(W["variables"].Summed);
  EXPECT_DOUBLE_EQ(W["areas"].Bytes, 388608);
}

TEST(BaseWorkingSet, OverlapsAndRepeatsCountOnce) {
  // [0, 4096) and [2048, 6144) overlap on 2048 bytes: union 6144; the
  // same range twice, [0, 4096), is 4096; [-4, 4092) and [4, 4100) (a[i-1],
  // a[i+1]) add [4092, 4100) to [-4, 4092): 4104; touching ranges [0, 4096)
  // and [4096, 8192) make 8192.
  EXPECT_DOUBLE_EQ(baseWorkingSets({slice("a", "i", 0, 4096),
                                    slice("a", "i + n", 2048, 4096)})["a"]
                       .Bytes,
                   6144);
  EXPECT_DOUBLE_EQ(
      baseWorkingSets({slice("a", "i", 0, 4096), slice("a", "i", 0, 4096)})["a"]
          .Bytes,
      4096);
  EXPECT_DOUBLE_EQ(baseWorkingSets({slice("a", "i", -4, 4096),
                                    slice("a", "i", 4, 4096)})["a"]
                       .Bytes,
                   4104);
  EXPECT_DOUBLE_EQ(baseWorkingSets({slice("a", "i", 0, 4096),
                                    slice("a", "i + n", 4096, 4096)})["a"]
                       .Bytes,
                   8192);
}

TEST(BaseWorkingSet, UnknownStartsAddExceptTheSameSlice) {
  // Starts unknown (a profile without working_set_start_bytes): 4096 at
  // offset 0 and 4096 at offset 4 of group i cannot be placed, so they
  // add: 8192 (the conservative side). The same (group, offset, extent)
  // again is the same slice: still 8192. A placed slice [0, 1000) adds its
  // 1000: 9192.
  std::vector<GlobalAccessFact> Facts = {unplaced("a", "i", 0, 4096),
                                         unplaced("a", "i", 4, 4096),
                                         unplaced("a", "i", 0, 4096)};
  auto W = baseWorkingSets(Facts);
  EXPECT_DOUBLE_EQ(W["a"].Bytes, 8192);
  EXPECT_TRUE(W["a"].Summed);
  Facts.push_back(slice("a", "j", 0, 1000));
  EXPECT_DOUBLE_EQ(baseWorkingSets(Facts)["a"].Bytes, 9192);
}

TEST(BaseWorkingSet, AnAccessWithoutAFootprintLeavesTheBaseUnknown) {
  std::vector<GlobalAccessFact> Facts = {slice("a", "i", 0, 4096),
                                         slice("a", "i + n", 0, 0)};
  Facts[1].WorkingSetStartKnown = false;
  EXPECT_DOUBLE_EQ(baseWorkingSets(Facts)["a"].Bytes, 0);
}

TEST(BaseWorkingSet, BoundingIntersectsWithAnArraysExtent) {
  // A global array of 1000 bytes, [0, 1000), read over [800, 1200) by the
  // launch's facts: the access touches [800, 1000), 200 bytes. Without
  // an extent the range is taken as it is.
  GlobalAccessFact F;
  F.WorkingSetBytes = 1000;
  F.WorkingSetStartKnown = true;
  boundFootprint(F, {800, 400});
  EXPECT_DOUBLE_EQ(F.WorkingSetStartBytes, 800);
  EXPECT_DOUBLE_EQ(F.WorkingSetBytes, 200);
  GlobalAccessFact G;
  boundFootprint(G, {-4, 1024});
  EXPECT_TRUE(G.WorkingSetStartKnown);
  EXPECT_DOUBLE_EQ(G.WorkingSetStartBytes, -4);
  EXPECT_DOUBLE_EQ(G.WorkingSetBytes, 1024);
}

TEST(BaseWorkingSet, CfdStepFactorReadsEverySliceFromDram) {
  // R4 with the union: `variables` (1,943,040 bytes) fits the 40 MiB L2;
  // the grid's five loads of it request 5 x 97152 x 4 = 1,943,040 bytes,
  // so each load's DRAM share is 1,943,040 / 1,943,040 = 1 (no address is
  // read twice). areas: 388,608 / 388,608 = 1. DRAM bytes per thread: 5 x
  // 4 + 4 (areas) + 4 (the store) = 28. With the largest slice (388,608)
  // each load's share was 1/5: 5 x 4 / 5 + 8 = 12 bytes per thread, the
  // 0.45 of Nsight's measured DRAM bytes that issue 24 found.
  auto E = estimateMemoryLevels(cfdStepFactor(), someCaches(), 192, 506, 32);
  for (int K = 0; K < 5; ++K) {
    EXPECT_EQ(E.PerAccess[K].Rule, LevelRule::FitsL2);
    EXPECT_DOUBLE_EQ(E.PerAccess[K].Shares.Dram, 1);
  }
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 28);
}

TEST(BaseWorkingSet, StartsRoundTripThroughTheProfile) {
  // The device pass hands profiles to the host pass as JSON: a start that
  // did not survive would turn the union into a sum there.
  KernelProfile P = test::dotpProfile();
  P.GlobalAccesses = {slice("v", "i + n", 388608, 388608),
                      unplaced("v", "i", 0, 388608)};
  std::vector<KernelProfile> Back;
  std::string Error;
  ASSERT_TRUE(
      parseKernelProfiles(kernelProfileToJson(P), "p.json", Back, Error))
      << Error;
  ASSERT_EQ(Back.size(), 1u);
  const auto &F = Back[0].GlobalAccesses;
  ASSERT_EQ(F.size(), 2u);
  EXPECT_TRUE(F[0].WorkingSetStartKnown);
  EXPECT_DOUBLE_EQ(F[0].WorkingSetStartBytes, 388608);
  EXPECT_FALSE(F[1].WorkingSetStartKnown);
}
