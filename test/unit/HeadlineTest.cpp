// The plain-language headline (issue 28 s.7) states the decision's own
// figures: the worked example of the issue, "memory-bound: runs as fast on
// 54 of 108 SMs; saves 13% energy (about 2 J per 1000 launches)", is a 13%
// saving on a launch of 15.4 mJ: 0.13 x 15.4 mJ x 1000 = 2.002 J.
#include "gpa/Headline.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
KernelAnalysis memoryBound() {
  KernelAnalysis A;
  A.Requested.Time.Case = TimingCase::MemoryBound;
  A.Profile.Launch.Blocks = 864;
  A.MaxUsefulSms = 108;
  A.Requested.Eff.EnergyJ = 0.0154;
  return A;
}
} // namespace

TEST(Headline, ChangeStatesSmsSavingAndJoulesPer1000Launches) {
  KernelAnalysis A = memoryBound();
  A.Adv.Rec.Change = true;
  A.Adv.RecommendedActiveSms = 54;
  A.Adv.RecommendedBlocks = 864;
  A.Adv.Rec.SlowdownPct = 0.2; // under half a percent: "as fast"
  A.Adv.Savings.RuntimeIdlePct = 13;
  EXPECT_EQ(kernelHeadline(A), "memory-bound: runs as fast on 54 of 108 SMs; "
                               "saves 13.0% energy (about 2 J per 1000 "
                               "launches)");
}

TEST(Headline, SlowdownAndGridAreNamed) {
  KernelAnalysis A = memoryBound();
  A.Adv.Rec.Change = true;
  A.Adv.RecommendedActiveSms = 54;
  A.Adv.RecommendedBlocks = 432; // the grid mechanism: fewer blocks
  A.Adv.Rec.SlowdownPct = 1.9;
  A.Adv.Savings.RuntimeIdlePct = 23.4; // 0.234 x 15.4 mJ x 1000 = 3.6 J
  EXPECT_EQ(kernelHeadline(A),
            "memory-bound: runs 1.9% slower on a grid of 432 blocks (54 of "
            "108 SMs); saves 23.4% energy (about 3.6 J per 1000 launches)");
}

TEST(Headline, NoChangeGivesTheDecisionsReason) {
  KernelAnalysis A = memoryBound();
  A.Adv.Rec.Reason = "launch as written is best: no configuration within "
                     "5.0% slowdown improves energy";
  EXPECT_EQ(kernelHeadline(A),
            "memory-bound: launch as written is best (no configuration "
            "within 5.0% slowdown improves energy)");
}

TEST(Headline, EnergyUnits) {
  EXPECT_EQ(energyText(2.002), "2 J");
  EXPECT_EQ(energyText(0.046), "46 mJ");
  EXPECT_EQ(energyText(4.5e-5), "45 uJ");
  EXPECT_EQ(energyText(3100), "3.1 kJ");
  // Three digits before the point print whole, never as 3e+02.
  EXPECT_EQ(energyText(0.296), "296 mJ");
  EXPECT_EQ(energyText(110), "110 J");
}
