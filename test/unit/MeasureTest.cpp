//===- MeasureTest.cpp - gpa-measure's loop with a fake NVML --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Repetition until the minimum duration (seed 002 §4.1: >= 1 s per reading),
// power from the total-energy counter as energy / time, power samples
// averaged where there is no counter, and clocks that must not move.
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerMeasurement.h"

#include <gtest/gtest.h>

#include <vector>

using namespace gpa;

namespace {
/// A fake GPU: each launch takes LaunchS seconds at PowerW watts.
struct FakeGpu : PowerMeter, BenchmarkLauncher, MonotonicClock {
  double TimeS = 0, LaunchS = 0.3, PowerW = 150;
  double EnergyMj = 5000;
  bool HasCounter = true;
  std::vector<unsigned> SamplesMw = {140000, 160000, 150000, 150000};
  std::size_t NextSample = 0;
  unsigned CoreMhz = 975, MemMhz = 3505;
  unsigned ChangeClockAfter = 0; // launches; 0 = never
  unsigned Launches = 0;

  std::optional<unsigned long long> totalEnergyMj() override {
    if (!HasCounter)
      return std::nullopt;
    return static_cast<unsigned long long>(EnergyMj);
  }
  std::optional<unsigned> powerMw() override {
    return SamplesMw[NextSample++ % SamplesMw.size()];
  }
  bool clocksMhz(unsigned &Core, unsigned &Mem) override {
    Core = CoreMhz;
    Mem = MemMhz;
    return true;
  }
  bool runOnce(const std::string &, unsigned, std::string &) override {
    TimeS += LaunchS;
    EnergyMj += PowerW * LaunchS * 1000;
    if (++Launches == ChangeClockAfter)
      CoreMhz = 595;
    return true;
  }
  double nowS() override { return TimeS; }
};
} // namespace

TEST(Measure, RepeatsUntilTheMinimumDurationAndIntegratesEnergy) {
  FakeGpu G;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(
      measureBenchmark(G, G, G, "fp32_fma", 4, MeasureOptions(), M, Error))
      << Error;
  // 0.3 s launches: 4 of them reach 1 s (1.2 s); 150 W x 1.2 s = 180 J.
  EXPECT_EQ(M.Repetitions, 4u);
  EXPECT_NEAR(M.DurationS, 1.2, 1e-12);
  EXPECT_TRUE(M.FromEnergyCounter);
  EXPECT_NEAR(M.PowerW, 150, 1e-9);
  EXPECT_EQ(M.CoreMhz, 975u);
  EXPECT_EQ(M.MemMhz, 3505u);
}

TEST(Measure, AveragesPowerSamplesWithoutAnEnergyCounter) {
  FakeGpu G;
  G.HasCounter = false;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(
      measureBenchmark(G, G, G, "dram_stream", 1, MeasureOptions(), M, Error))
      << Error;
  // One sample per launch: (140 + 160 + 150 + 150) / 4 W.
  EXPECT_FALSE(M.FromEnergyCounter);
  EXPECT_NEAR(M.PowerW, 150, 1e-9);
}

TEST(Measure, ClocksThatMoveInvalidateTheReading) {
  FakeGpu G;
  G.ChangeClockAfter = 2;
  Measurement M;
  std::string Error;
  EXPECT_FALSE(measureBenchmark(G, G, G, "sfu", 1, MeasureOptions(), M, Error));
  EXPECT_NE(Error.find("975/3505 -> 595/3505 MHz"), std::string::npos) << Error;
}
