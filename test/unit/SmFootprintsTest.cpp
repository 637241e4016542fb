//===- SmFootprintsTest.cpp - Seed 004 per-SM footprints ------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values worked by hand from seed 004's Eq. (1)-(9) and §4-5 (1 W
// static per core; (0.55 V, 100 MHz) and (1.0 V, 700 MHz); 10 MHz steps).
//
//===----------------------------------------------------------------------===//
#include "gpa/SmFootprints.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
FootprintLaunch launch(unsigned Sms, double Slots, std::uint64_t Blocks) {
  return {Sms, Slots, Blocks, 1e-3};
}
FootprintPower power(double DynamicJ, bool Gating) {
  return {DynamicJ, 1.0, Gating};
}
} // namespace

TEST(SmFootprints, SchedulerGoesBreadthFirst) {
  EXPECT_EQ(blocksOnSm(6, 4, 0), 2u);
  EXPECT_EQ(blocksOnSm(6, 4, 1), 2u);
  EXPECT_EQ(blocksOnSm(6, 4, 2), 1u);
  EXPECT_EQ(blocksOnSm(6, 4, 3), 1u);
  EXPECT_EQ(blocksOnSm(3, 4, 3), 0u); // a grid smaller than the GPU
}

TEST(SmFootprints, PartialLastWaveGetsLessEnergyAndShorterCoreFootprint) {
  // 4 SMs, one block each at a time, 6 blocks = 1.5 waves of 1 ms: SMs 0-1
  // run two blocks (2 ms), SMs 2-3 one (1 ms) and sit out the last wave.
  Footprints F = computeFootprints(launch(4, 1, 6), power(6, true));
  ASSERT_EQ(F.gpuSms(), 4u);
  EXPECT_NEAR(F.KernelTimeS, 2e-3, 1e-15);
  // Eq. (3): DE(c) = 6 J x WF(c) / WF = 6 x 2/6 = 2 J and 6 x 1/6 = 1 J.
  EXPECT_NEAR(F.perSm()[0].DynamicJ, 2, 1e-12);
  EXPECT_NEAR(F.perSm()[3].DynamicJ, 1, 1e-12);
  EXPECT_LT(F.perSm()[3].DynamicJ, F.perSm()[0].DynamicJ);
  EXPECT_NEAR(F.perSm()[0].CoreS, 2e-3, 1e-15);
  EXPECT_NEAR(F.perSm()[3].CoreS, 1e-3, 1e-15);
  // Eq. (5), gated: 1 W x CF(c): 2 mJ and 1 mJ.
  EXPECT_NEAR(F.perSm()[0].StaticJ, 2e-3, 1e-15);
  EXPECT_NEAR(F.perSm()[3].StaticJ, 1e-3, 1e-15);
  EXPECT_NEAR(F.StaticJ, 6e-3, 1e-15);
  // Without power gating every SM draws static power for T.
  Footprints NoGate = computeFootprints(launch(4, 1, 6), power(6, false));
  EXPECT_NEAR(NoGate.StaticJ, 4 * 2e-3, 1e-15);
}

TEST(SmFootprints, EvenGridMatchesTheUniformModel) {
  // 8 blocks on 4 SMs: 2 waves everywhere; the total is the uniform model's
  // DE + 4 SMs x 1 W x T, gated or not.
  for (bool Gating : {true, false}) {
    Footprints F = computeFootprints(launch(4, 1, 8), power(8, Gating));
    EXPECT_NEAR(F.KernelTimeS, 2e-3, 1e-15);
    for (const SmFootprint &S : F.perSm()) {
      EXPECT_NEAR(S.DynamicJ, 2, 1e-12);
      EXPECT_NEAR(S.CoreS, 2e-3, 1e-15);
    }
    EXPECT_NEAR(F.DynamicJ + F.StaticJ, 8 + 4 * 1.0 * 2e-3, 1e-12);
  }
}

TEST(SmFootprints, ResidencySharesTheLastWave) {
  // Two slots per SM, 12 blocks on 4 SMs: 3 blocks each = 1.5 waves (HK09's
  // Rep = ceil(12/4) / 2); an SM idle in the grid draws nothing when gated.
  Footprints F = computeFootprints(launch(4, 2, 12), power(12, true));
  for (const SmFootprint &S : F.perSm())
    EXPECT_NEAR(S.CoreS, 1.5e-3, 1e-15);
  Footprints Small = computeFootprints(launch(4, 1, 3), power(3, true));
  EXPECT_EQ(Small.BusySms, 3u);
  EXPECT_DOUBLE_EQ(Small.perSm()[3].energyJ(), 0);
}

TEST(SmFootprints, PerSmDvfsSavesEnergyAtNoLossOfTime) {
  // SM 0 runs 2 blocks (2 ms), SM 1 one (1 ms); DE 3 J; 1 W static per SM,
  // gated; no uncore power.
  Footprints F = computeFootprints(launch(2, 1, 3), power(3, true));
  PowerParameters P;
  auto Set = [&](const char *Name, double V) {
    P[Name] = {V, "given", "seed 004 §5"};
  };
  Set("dvfs_ref_clock_mhz", 700);
  Set("dvfs_ref_voltage_v", 1.0);
  Set("dvfs_min_clock_mhz", 100);
  Set("dvfs_min_voltage_v", 0.55);
  Set("dvfs_max_clock_mhz", 700);
  Set("dvfs_step_mhz", 10);
  DvfsFrontier D = perSmDvfsFrontier(F, power(3, true), 0, &P);
  ASSERT_TRUE(D.Available);
  const DvfsPoint &R = D.AtReference;
  // SM 1 may take 2 ms: 350 MHz, V = 0.55 + 250 x 0.45 / 600 = 0.7375 V.
  ASSERT_EQ(R.SmClockMhz.size(), 2u);
  EXPECT_DOUBLE_EQ(R.SmClockMhz[0], 700);
  EXPECT_DOUBLE_EQ(R.SmClockMhz[1], 350);
  EXPECT_NEAR(R.TimeS, 2e-3, 1e-15);
  // All at 700 MHz: 2 + 1 J dynamic + (2 + 1) mJ static = 3.003 J.
  EXPECT_NEAR(R.AllSmsEnergyJ, 3.003, 1e-12);
  // Per SM: 2.002 J + 1 x 0.7375^2 + 1 W x 0.7375 x 2 ms (Eq. 8-9).
  EXPECT_NEAR(R.PerSmEnergyJ, 2.002 + 0.54390625 + 0.001475, 1e-12);
  EXPECT_GT(R.savingPct(), 0);
  // Without per-clock parameters the frontier says what is missing.
  DvfsFrontier None = perSmDvfsFrontier(F, power(3, true), 0, nullptr);
  EXPECT_FALSE(None.Available);
  EXPECT_FALSE(None.MissingParameters.empty());
}

TEST(SmFootprints, SumsAreCountTimesValuePerClass) {
  // 40 blocks on 7 of 11 SMs, 3 slots each, 0.1 s per block: 5 SMs run 6
  // blocks (WF 0.6 s, CF 6/3 x 0.1 = 0.2 s), 2 run 5 (WF 0.5 s, CF 1/6 s),
  // 4 run none. WF = 5 x 0.6 + 2 x 0.5 = 4 s, so the SMs share DE = 0.3 J
  // as 0.3 x 0.6 / 4 = 0.045 J and 0.3 x 0.5 / 4 = 0.0375 J (Eq. 3).
  // Static power 0.7 W: not gated, all 11 SMs for T = 0.2 s = 1.54 J;
  // gated, 0.7 x (5 x 0.2 + 2 x 1/6) = 0.7 x 4/3 J (Eq. 5).
  FootprintLaunch L{7, 3, 40, 0.1};
  L.GpuSms = 11; // 4 SMs outside the partition
  for (bool Gating : {false, true}) {
    Footprints F = computeFootprints(L, {0.3, 0.7, Gating});
    std::vector<SmFootprint> Sms = F.perSm();
    ASSERT_EQ(Sms.size(), 11u);
    double Dynamic = 0, Static = 0;
    for (unsigned C = 0; C < Sms.size(); ++C) {
      EXPECT_EQ(Sms[C].Sm, C);
      // SMs 7-10 are outside the launch's 7: no blocks.
      EXPECT_EQ(Sms[C].Blocks, C < 7 ? blocksOnSm(40, 7, C) : 0u);
      Dynamic += Sms[C].DynamicJ;
      Static += Sms[C].StaticJ;
    }
    EXPECT_NEAR(Sms[0].DynamicJ, 0.045, 1e-15);
    EXPECT_NEAR(Sms[6].DynamicJ, 0.0375, 1e-15);
    EXPECT_NEAR(F.DynamicJ, 0.3, 1e-15);
    EXPECT_NEAR(F.StaticJ, Gating ? 0.7 * 4 / 3 : 1.54, 1e-15);
    // The SM-by-SM sums agree to rounding (floating-point addition is not
    // associative: 0.1 added 7 times is not 7 x 0.1).
    EXPECT_NEAR(F.DynamicJ, Dynamic, 1e-15);
    EXPECT_NEAR(F.StaticJ, Static, 1e-15);
    EXPECT_EQ(F.BusySms, 7u);
  }
}
