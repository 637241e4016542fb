//===- MeasureTest.cpp - gpa-measure with a fake NVML and driver ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Repetition until the minimum duration (seed 002 §4.1: >= 1 s per reading)
// and the minimum repetitions, power from the total-energy counter as
// energy / time, power samples integrated by the trapezoidal rule where
// there is no counter, the median of several readings, clocks that must not
// move; and the whole suite walk writing a gpa-power-samples/1 file that the
// calibration reads back and fits (seed 002 and seed 003), with measured
// utilisations from a fake counter profiler (seed 002 Eq. 7-8 by hand) and
// from CUPTI metric values through a fake range profiler.
//
//===----------------------------------------------------------------------===//
#include "gpa/CounterProfiler.h"
#include "gpa/CuptiMetrics.h"
#include "gpa/DvfsCalibration.h"
#include "gpa/EmbeddedSuite.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/InstructionEnergyCalibration.h"
#include "gpa/KernelActivity.h"
#include "gpa/MeasureRunner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <vector>

using namespace gpa;

namespace {
/// A fake GPU: each repetition takes LaunchS seconds at the kernel's power
/// (PowerW unless KernelPowerW names it); readings of a kernel may differ by
/// ReadingOffsetW[i] (the i-th reading's repetitions).
struct FakeGpu : PowerMeter, BenchmarkLauncher, MonotonicClock {
  double TimeS = 0, LaunchS = 0.3, PowerW = 150;
  std::map<std::string, double> KernelPowerW;
  double EnergyMj = 5000;
  bool HasCounter = true;
  std::vector<unsigned> SamplesMw = {140000, 160000, 150000, 150000};
  std::size_t NextSample = 0;
  unsigned CoreMhz = 975, MemMhz = 3505;
  unsigned ChangeClockAfter = 0; // launches; 0 = never
  unsigned NewCoreMhz = 595;
  unsigned Launches = 0;
  std::string Running;
  double CurrentW = 0;

  std::optional<unsigned long long> totalEnergyMj() override {
    if (!HasCounter)
      return std::nullopt;
    return static_cast<unsigned long long>(EnergyMj + 0.5);
  }
  std::optional<unsigned> powerMw() override {
    return SamplesMw[NextSample++ % SamplesMw.size()];
  }
  bool clocksMhz(unsigned &Core, unsigned &Mem) override {
    Core = CoreMhz;
    Mem = MemMhz;
    return true;
  }
  std::optional<unsigned> temperatureC() override { return 61; }
  std::optional<unsigned> powerLimitMw() override { return 250000; }
  bool start(const std::string &Kernel, std::string &) override {
    auto It = KernelPowerW.find(Kernel);
    CurrentW = It == KernelPowerW.end() ? PowerW : It->second;
    // Half the repetition runs before the sample is taken.
    advance(LaunchS / 2);
    return true;
  }
  bool wait(std::string &) override {
    advance(LaunchS / 2);
    if (++Launches == ChangeClockAfter)
      CoreMhz = NewCoreMhz;
    return true;
  }
  void advance(double S) {
    TimeS += S;
    EnergyMj += CurrentW * S * 1000;
  }
  double nowS() override { return TimeS; }
};

MeasureOptions oneReading() {
  MeasureOptions O;
  O.Readings = 1;
  return O;
}
} // namespace

TEST(Measure, RepeatsUntilTheMinimumDurationAndIntegratesEnergy) {
  FakeGpu G;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(measureBenchmark(G, G, G, "fp32_fma_i4", oneReading(), M, Error))
      << Error;
  // 0.3 s repetitions: 4 of them reach 1 s (1.2 s); 150 W x 1.2 s = 180 J.
  EXPECT_EQ(M.Repetitions, 4u);
  EXPECT_NEAR(M.DurationS, 1.2, 1e-12);
  EXPECT_TRUE(M.FromEnergyCounter);
  EXPECT_NEAR(M.PowerW, 150, 1e-9);
  EXPECT_EQ(M.CoreMhz, 975u);
  EXPECT_EQ(M.MemMhz, 3505u);
  EXPECT_EQ(M.TemperatureC, 61u);
  EXPECT_EQ(M.PowerLimitW, 250.0);
  // One warm-up launch outside the reading.
  EXPECT_EQ(G.Launches, 5u);
}

TEST(Measure, MinimumRepetitionsAfterTheMinimumDuration) {
  FakeGpu G;
  G.LaunchS = 0.6;
  MeasureOptions O = oneReading();
  O.MinRepetitions = 5;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(measureBenchmark(G, G, G, "sfu_i4", O, M, Error)) << Error;
  // 1 s is reached after 2 repetitions; 5 are required: 3.0 s.
  EXPECT_EQ(M.Repetitions, 5u);
  EXPECT_NEAR(M.DurationS, 3.0, 1e-12);
}

TEST(Measure, IntegratesPowerSamplesWithoutAnEnergyCounter) {
  FakeGpu G;
  G.HasCounter = false;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(
      measureBenchmark(G, G, G, "dram_stream_i0", oneReading(), M, Error))
      << Error;
  // The warm-up takes no sample; samples 140, 160, 150, 150 W at t = 0.45,
  // 0.75, 1.05, 1.35 s: trapezoids (150 + 155 + 150) x 0.3 s / 0.9 s.
  EXPECT_FALSE(M.FromEnergyCounter);
  EXPECT_NEAR(M.PowerW, 455.0 / 3, 1e-9);
}

TEST(Measure, TrapezoidalRuleWeightsUnevenSamplesByTime) {
  // 100 W to 200 W over 1 s, back to 100 W over 2 s: (150 + 300) J / 3 s.
  EXPECT_NEAR(integratedMeanPowerW({{0, 100}, {1, 200}, {3, 100}}), 150, 1e-12);
  EXPECT_NEAR(integratedMeanPowerW({{2, 120}}), 120, 1e-12);
}

TEST(Measure, ReportsTheMedianOfTheReadings) {
  // No counter; each reading's samples are constant: 150, 300, 160 W.
  FakeGpu G;
  G.HasCounter = false;
  G.LaunchS = 0.5;
  // Readings of 2 repetitions each (1 s), after the unsampled warm-up.
  G.SamplesMw = {150000, 150000, 300000, 300000, 160000, 160000};
  MeasureOptions O;
  O.Readings = 3;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(measureBenchmark(G, G, G, "int32_i4", O, M, Error)) << Error;
  ASSERT_EQ(M.ReadingsW.size(), 3u);
  EXPECT_NEAR(M.ReadingsW[1], 300, 1e-9);
  EXPECT_NEAR(M.PowerW, 160, 1e-9);
}

TEST(Measure, ClocksThatMoveInvalidateTheReading) {
  FakeGpu G;
  G.ChangeClockAfter = 2;
  Measurement M;
  std::string Error;
  EXPECT_FALSE(measureBenchmark(G, G, G, "sfu_i4", oneReading(), M, Error));
  EXPECT_NE(Error.find("975/3505 -> 595/3505 MHz"), std::string::npos) << Error;
}

TEST(MeasureSuite, TheEmbeddedSuiteHasEveryFamilyAtFourIntensities) {
  std::string Ptx = embeddedSuitePtx();
  if (Ptx.empty())
    GTEST_SKIP() << "built without nvcc: no embedded suite";
  std::vector<SuiteKernel> Suite;
  std::string Error;
  ASSERT_TRUE(analyseSuitePtx(Ptx, "suite.ptx", 4096, Suite, Error)) << Error;
  std::map<std::string, unsigned> Families;
  for (const SuiteKernel &K : Suite) {
    ++Families[K.Name.substr(0, K.Name.rfind("_i"))];
    EXPECT_EQ(K.Profile.Launch.Blocks, 4096u);
    EXPECT_EQ(K.Profile.Launch.ThreadsPerBlock, 256u);
  }
  // Seed 002 Table 2's components (FP32 x3, INT, FP64 x3, SFU, CF, shared,
  // L2, DRAM) plus a mix.
  EXPECT_EQ(Families.size(), 13u);
  for (const auto &[Family, N] : Families)
    EXPECT_EQ(N, 4u) << Family;
}

TEST(MeasureSuite, WritesATrainingFileTheCalibrationFits) {
  std::string Ptx = embeddedSuitePtx();
  if (Ptx.empty())
    GTEST_SKIP() << "built without nvcc: no embedded suite";
  std::vector<SuiteKernel> Suite;
  std::string Error;
  ASSERT_TRUE(analyseSuitePtx(Ptx, "suite.ptx", 4096, Suite, Error)) << Error;
  GpuModel Gpu;
  ASSERT_TRUE(loadGpuModel("titan-v", Gpu, Error)) << Error;
  DvfsPowerParams Hw = dvfsHardwareFigures(Gpu);
  // The fake board follows a known fixed-frequency model (seed 002 Eq. 9):
  // P = 60 W + sum_i w_i U_i with the utilisations of the static analysis at
  // the fake's clocks; the calibration must recover it from the file.
  FakeGpu G;
  G.CoreMhz = 1200;
  G.MemMhz = 850;
  const double Weights[NumDvfsComponents] = {0,   0,  90, 70, 0,  0,
                                             110, 80, 20, 30, 50, 40};
  for (const SuiteKernel &K : Suite) {
    DvfsUtilisation U{};
    ASSERT_TRUE(suiteUtilisation(K.Profile, Gpu, Hw, 1200, 850,
                                 Hw.Mem.RefMhz > 0 ? Hw.Mem.RefMhz : 850, U,
                                 Error))
        << Error;
    double W = 60;
    for (std::size_t C = 0; C < NumDvfsComponents; ++C)
      W += Weights[C] * U[C];
    G.KernelPowerW[K.Name] = W;
  }
  RunnerOptions O;
  O.Measure.Readings = 1;
  O.GpuLabel = "titan-v";
  O.Source = "fake board";
  PowerSampleSet Set;
  std::vector<MeasuredKernel> Log;
  ASSERT_TRUE(runSuite(G, G, G, Suite, Gpu, O, Set, Log, Error)) << Error;
  ASSERT_EQ(Set.Samples.size(), Suite.size());
  EXPECT_EQ(Set.RefCoreMhz, 1200);
  EXPECT_EQ(Set.RefMemMhz, 850);

  std::string Text = writePowerSamples(Set);
  PowerSampleSet Back;
  ASSERT_TRUE(parsePowerSamples(Text, "train.csv", true, Back, Error)) << Error;
  EXPECT_EQ(Back.Gpu, "titan-v");
  EXPECT_EQ(Back.Source, "fake board");
  ASSERT_EQ(Back.Samples.size(), Set.Samples.size());
  for (std::size_t I = 0; I < Back.Samples.size(); ++I) {
    EXPECT_EQ(Back.Samples[I].Benchmark, Suite[I].Name);
    EXPECT_NEAR(*Back.Samples[I].PowerW, G.KernelPowerW[Suite[I].Name], 1e-3);
    EXPECT_EQ(Back.Samples[I].CoreMhz, 1200);
  }
  DvfsFitResult Fit;
  ASSERT_TRUE(fitDvfsModel(Back, DvfsFitOptions(), Fit, Error)) << Error;
  // Rounding: power to 0.1 mW, utilisations to 1e-6, energy to 1 mJ.
  EXPECT_LT(Fit.MapePct, 0.1);
}

TEST(Measure, ClocksWithinTheToleranceGiveTheirMedian) {
  // Clock samples while running: 975 in the first repetition, then 990 in
  // the next three (the warm-up is launch 1; the change follows launch 2).
  FakeGpu G;
  G.ChangeClockAfter = 2;
  G.NewCoreMhz = 990;
  MeasureOptions O = oneReading();
  O.ClockToleranceMhz = 15;
  Measurement M;
  std::string Error;
  ASSERT_TRUE(measureBenchmark(G, G, G, "sfu_i4", O, M, Error)) << Error;
  EXPECT_EQ(M.CoreMhz, 990u); // median of 975, 990, 990, 990
  EXPECT_EQ(M.MemMhz, 3505u);
  O.ClockToleranceMhz = 14;
  FakeGpu H;
  H.ChangeClockAfter = 2;
  H.NewCoreMhz = 990;
  EXPECT_FALSE(measureBenchmark(H, H, H, "sfu_i4", O, M, Error));
  EXPECT_NE(Error.find("975/3505 -> 990/3505 MHz"), std::string::npos) << Error;
}

namespace {
/// A profiler that reports fixed counts and counts its passes.
struct FakeProfiler : CounterProfiler {
  unsigned Passes = 2, Runs = 0;
  bool Fail = false;
  bool profile(const std::string &,
               const std::function<bool(std::string &)> &RunOnce,
               KernelCounters &Out, std::string &Error) override {
    if (Fail) {
      Error = "counter unavailable";
      return false;
    }
    for (unsigned P = 0; P < Passes; ++P, ++Runs)
      if (!RunOnce(Error))
        return false;
    Out = KernelCounters();
    Out.ThreadInstructions[static_cast<std::size_t>(DvfsComponent::Fp32Fma)] =
        3.2e7;
    Out.SmActiveCycles = 1e6;
    Out.DramBytes = 4.5e8;
    Out.ElapsedS = 1e-3;
    return true;
  }
};
} // namespace

TEST(MeasuredUtilisation, IsEq7And8OnTheCounts) {
  // Seed 002 Eq. (7): 3.2e7 thread FMAs / (1e6 SM-cycles x 64 lanes) = 0.5;
  // 6.4e6 INT / (1e6 x 64) = 0.1. Eq. (8) at 600 of 1200 MHz: L2 peak
  // 2000 x 0.5 = 1000 GB/s, 4e8 B in 1 ms -> 0.4; shared peak 128 B x 80
  // SMs x 600 MHz = 6144 GB/s, 6.144e8 B in 1 ms -> 0.1; DRAM 9e8 B in 1 ms
  // at 900 GB/s -> 1.0.
  DvfsPowerParams Hw;
  Hw.LanesPerSm[static_cast<std::size_t>(DvfsComponent::Fp32Fma)] = 64;
  Hw.LanesPerSm[static_cast<std::size_t>(DvfsComponent::Int)] = 64;
  Hw.L2PeakGbps = 2000;
  Hw.Core.RefMhz = 1200;
  Hw.SharedBytesPerSmPerCycle = 128;
  KernelCounters K;
  K.ThreadInstructions[static_cast<std::size_t>(DvfsComponent::Fp32Fma)] =
      3.2e7;
  K.ThreadInstructions[static_cast<std::size_t>(DvfsComponent::Int)] = 6.4e6;
  K.SmActiveCycles = 1e6;
  K.L2Bytes = 4e8;
  K.SharedBytes = 6.144e8;
  K.DramBytes = 9e8;
  K.ElapsedS = 1e-3;
  DvfsUtilisation U = measuredUtilisation(K, Hw, 80, 600, 900);
  auto At = [&](DvfsComponent C) { return U[static_cast<std::size_t>(C)]; };
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Fp32Fma), 0.5);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Int), 0.1);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Fp32Add), 0);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::L2), 0.4);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Shared), 0.1);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Dram), 1.0);
}

TEST(MeasureSuite, LaunchCountsFitSeed003AndCountersAreWritten) {
  std::string Ptx = embeddedSuitePtx();
  if (Ptx.empty())
    GTEST_SKIP() << "built without nvcc: no embedded suite";
  std::vector<SuiteKernel> Suite;
  std::string Error;
  ASSERT_TRUE(analyseSuitePtx(Ptx, "suite.ptx", 4096, Suite, Error)) << Error;
  GpuModel Gpu;
  ASSERT_TRUE(loadGpuModel("titan-v", Gpu, Error)) << Error;
  // The fake board follows seed 003 Eq. (5)-(7) on the static analysis's
  // counts of one launch (one launch per 3 ms repetition): 40 W idle, 5.5 nJ
  // per fp, 12 per fp64, 19 per sfu, 4 per int, 2 per alu, 4.2 per sync
  // warp instruction, 0.6 nJ per global byte (L1 = L2 = DRAM bytes: one
  // term), 0.02 per shared byte.
  FakeGpu G;
  G.LaunchS = 3e-3;
  const std::map<Unit, double> Nj = {{Unit::Fp, 5.5}, {Unit::Fp64, 12},
                                     {Unit::Sfu, 19}, {Unit::Int, 4},
                                     {Unit::Alu, 2},  {Unit::Sync, 4.2}};
  for (const SuiteKernel &K : Suite) {
    KernelActivity A = kernelActivity(K.Profile, Gpu, G.LaunchS, 0);
    double J = 0;
    for (const auto &[U, E] : Nj)
      J += A.warpInstructions(U) * E * 1e-9;
    J += A.bytes(MemoryLevel::Dram) * 0.6e-9 +
         A.bytes(MemoryLevel::Shared) * 0.02e-9;
    G.KernelPowerW[K.Name] = 40 + J / G.LaunchS;
  }
  FakeProfiler Counters;
  RunnerOptions O;
  O.Measure.Readings = 1;
  O.Profiler = &Counters;
  PowerSampleSet Set;
  std::vector<MeasuredKernel> Log;
  ASSERT_TRUE(runSuite(G, G, G, Suite, Gpu, O, Set, Log, Error)) << Error;
  EXPECT_EQ(Counters.Runs, 2 * Suite.size());
  EXPECT_NEAR(*Set.Samples[0].LaunchTimeS, 3e-3, 1e-12);
  PowerSampleSet Back;
  ASSERT_TRUE(
      parsePowerSamples(writePowerSamples(Set), "train.csv", true, Back, Error))
      << Error;
  ASSERT_TRUE(Back.HasLaunchCounts && Back.HasMeasuredUtilisation);
  DvfsPowerParams Hw = dvfsHardwareFigures(Gpu);
  double Lanes =
      Hw.LanesPerSm[static_cast<std::size_t>(DvfsComponent::Fp32Fma)];
  ASSERT_TRUE(Back.Samples[0].MeasuredU.has_value());
  EXPECT_NEAR((*Back.Samples[0].MeasuredU)[static_cast<std::size_t>(
                  DvfsComponent::Fp32Fma)],
              3.2e7 / (1e6 * Lanes), 1e-6); // Eq. (7)
  EXPECT_NE(measurementLogCsv(Log).find(",measured\n"), std::string::npos);

  InstructionEnergyFit F;
  ASSERT_TRUE(fitInstructionEnergy(Back, nullptr, "fake", F, Error)) << Error;
  auto Value = [&](const char *Name) {
    auto It = F.Params.find(Name);
    return It == F.Params.end() ? -1.0 : It->second.Value;
  };
  EXPECT_NEAR(Value("idle_power_w"), 40, 0.4);
  EXPECT_NEAR(Value("ffma_3reg_nj"), 5.5, 0.11);
  EXPECT_NEAR(Value("dfma_nj"), 12, 0.24);
  EXPECT_NEAR(Value("sfu_nj"), 19, 0.38);
  EXPECT_NEAR(Value("l1_nj_per_byte") + Value("l2_nj_per_byte") +
                  Value("dram_nj_per_byte"),
              0.6, 0.012);
  EXPECT_LT(F.MapePct, 0.5);
}

TEST(MeasureSuite, AProfilerThatFailsLeavesTheMeasuredColumnsEmpty) {
  FakeGpu G;
  FakeProfiler Counters;
  Counters.Fail = true;
  std::vector<SuiteKernel> Suite(1);
  Suite[0].Name = "fp32_fma_i4";
  Suite[0].Profile.Name = "fp32_fma_i4";
  Suite[0].Profile.Launch.Blocks = 80;
  Suite[0].Profile.Launch.ThreadsPerBlock = 256;
  Suite[0].Profile.PerThread[index(Unit::Fp)] = 4;
  GpuModel Gpu;
  std::string Error;
  ASSERT_TRUE(loadGpuModel("titan-v", Gpu, Error)) << Error;
  RunnerOptions O;
  O.Measure.Readings = 1;
  O.Profiler = &Counters;
  PowerSampleSet Set;
  std::vector<MeasuredKernel> Log;
  ASSERT_TRUE(runSuite(G, G, G, Suite, Gpu, O, Set, Log, Error)) << Error;
  EXPECT_FALSE(Set.Samples[0].MeasuredU.has_value());
  std::string Text = writePowerSamples(Set);
  EXPECT_NE(Text.find(",,,,,,,,,,,\n"), std::string::npos) << Text;
  PowerSampleSet Back;
  ASSERT_TRUE(parsePowerSamples(Text, "t.csv", true, Back, Error)) << Error;
  EXPECT_FALSE(Back.Samples[0].MeasuredU.has_value());
  EXPECT_NE(measurementLogCsv(Log).find(",none: counter unavailable\n"),
            std::string::npos);
}

namespace {
/// The CUPTI call sequence replaced: fixed metric values by name, RunOnce
/// called once per replay pass.
struct FakeRangeSource : RangeMetricSource {
  std::map<std::string, double> ByName;
  unsigned Passes = 3;
  unsigned *Runs = nullptr;
  std::vector<std::string> *Ranges = nullptr;
  bool collect(const std::string &Range,
               const std::function<bool(std::string &)> &RunOnce,
               std::vector<double> &Values, std::string &Error) override {
    if (Ranges)
      Ranges->push_back(Range);
    for (unsigned P = 0; P < Passes; ++P) {
      if (Runs)
        ++*Runs;
      if (!RunOnce(Error))
        return false;
    }
    Values.clear();
    for (const std::string &M : cuptiUtilisationMetrics()) {
      auto It = ByName.find(M);
      Values.push_back(It == ByName.end() ? 0.0 : It->second);
    }
    return true;
  }
};

/// One range's values: 3.2e7 thread FFMAs, 1e5 warp instructions on the
/// SFU (XU) pipe, 1e6 SM-active cycles, 4e8 L2 bytes, 4.8e6 shared
/// wavefronts, 9e8 DRAM bytes, 1 ms of GPU time.
std::unique_ptr<FakeRangeSource> fakeRangeSource() {
  auto S = std::make_unique<FakeRangeSource>();
  S->ByName = {{"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 3.2e7},
               {"smsp__inst_executed_pipe_xu.sum", 1e5},
               {"sm__cycles_active.sum", 1e6},
               {"lts__t_bytes.sum", 4e8},
               {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", 4.8e6},
               {"dram__bytes.sum", 9e8},
               {"gpu__time_duration.sum", 1e6}};
  return S;
}
} // namespace

TEST(CuptiMetrics, OneMetricPerComponentCountAndTime) {
  // Seed 002 Table 1: one count per pipe component, ACycles, the three
  // memory levels' traffic, and the time the bandwidths are taken over.
  const std::vector<std::string> &M = cuptiUtilisationMetrics();
  EXPECT_EQ(M.size(), 9u + 1 + 3 + 1);
  EXPECT_EQ(std::set<std::string>(M.begin(), M.end()).size(), M.size());
}

TEST(CuptiMetrics, ValuesBecomeEq7And8Utilisations) {
  unsigned Runs = 0;
  std::vector<std::string> Ranges;
  auto Source = fakeRangeSource();
  Source->Runs = &Runs;
  Source->Ranges = &Ranges;
  auto Profiler = metricCounterProfiler(std::move(Source));
  unsigned Launches = 0;
  KernelCounters K;
  std::string Error;
  ASSERT_TRUE(Profiler->profile(
      "sfu_i4",
      [&](std::string &) {
        ++Launches;
        return true;
      },
      K, Error))
      << Error;
  EXPECT_EQ(Launches, 3u); // one repetition per replay pass
  EXPECT_EQ(Ranges, std::vector<std::string>{"sfu_i4"});
  // Warp instructions x 32 threads; wavefronts x 128 bytes; ns -> s.
  EXPECT_DOUBLE_EQ(
      K.ThreadInstructions[static_cast<std::size_t>(DvfsComponent::Sfu)],
      3.2e6);
  EXPECT_DOUBLE_EQ(K.SharedBytes, 6.144e8);
  EXPECT_DOUBLE_EQ(K.ElapsedS, 1e-3);
  // Eq. (7): 3.2e7 / (1e6 x 64 lanes) = 0.5; 3.2e6 / (1e6 x 16 SFUs) = 0.2.
  // Eq. (8) at 600 of 1200 MHz on 80 SMs: L2 4e8 B/ms of 1000 GB/s = 0.4,
  // shared 6.144e8 B/ms of 128 B x 80 x 600 MHz = 0.1, DRAM 9e8 B/ms of
  // 900 GB/s = 1.0.
  DvfsPowerParams Hw;
  Hw.LanesPerSm[static_cast<std::size_t>(DvfsComponent::Fp32Fma)] = 64;
  Hw.LanesPerSm[static_cast<std::size_t>(DvfsComponent::Sfu)] = 16;
  Hw.L2PeakGbps = 2000;
  Hw.Core.RefMhz = 1200;
  Hw.SharedBytesPerSmPerCycle = 128;
  DvfsUtilisation U = measuredUtilisation(K, Hw, 80, 600, 900);
  auto At = [&](DvfsComponent C) { return U[static_cast<std::size_t>(C)]; };
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Fp32Fma), 0.5);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Sfu), 0.2);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Fp32Add), 0);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::L2), 0.4);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Shared), 0.1);
  EXPECT_DOUBLE_EQ(At(DvfsComponent::Dram), 1.0);
}

TEST(CuptiMetrics, ABadValueNamesTheMetric) {
  KernelCounters K;
  std::string Error;
  std::vector<double> V(cuptiUtilisationMetrics().size(), 1.0);
  EXPECT_TRUE(countersFromMetricValues(V, K, Error)) << Error;
  for (std::size_t I = 0; I < V.size(); ++I)
    if (cuptiUtilisationMetrics()[I] == "dram__bytes.sum")
      V[I] = std::nan("");
  EXPECT_FALSE(countersFromMetricValues(V, K, Error));
  EXPECT_NE(Error.find("dram__bytes.sum"), std::string::npos) << Error;
  V.pop_back();
  EXPECT_FALSE(countersFromMetricValues(V, K, Error));
  EXPECT_NE(Error.find("expected 14"), std::string::npos) << Error;
  // No GPU time: the range ran nothing, so no bandwidth can be derived.
  std::vector<double> Zero(cuptiUtilisationMetrics().size(), 0.0);
  EXPECT_FALSE(countersFromMetricValues(Zero, K, Error));
  EXPECT_NE(Error.find("gpu__time_duration.sum"), std::string::npos) << Error;
}

TEST(CuptiMetrics, TrainingFileCarriesTheMeasuredColumns) {
  FakeGpu G;
  unsigned Runs = 0;
  auto Source = fakeRangeSource();
  Source->Runs = &Runs;
  auto Profiler = metricCounterProfiler(std::move(Source));
  std::vector<SuiteKernel> Suite(1);
  Suite[0].Name = "fp32_fma_i4";
  Suite[0].Profile.Name = "fp32_fma_i4";
  Suite[0].Profile.Launch.Blocks = 80;
  Suite[0].Profile.Launch.ThreadsPerBlock = 256;
  Suite[0].Profile.PerThread[index(Unit::Fp)] = 4;
  GpuModel Gpu;
  std::string Error;
  ASSERT_TRUE(loadGpuModel("titan-v", Gpu, Error)) << Error;
  RunnerOptions O;
  O.Measure.Readings = 1;
  O.Profiler = Profiler.get();
  PowerSampleSet Set;
  std::vector<MeasuredKernel> Log;
  ASSERT_TRUE(runSuite(G, G, G, Suite, Gpu, O, Set, Log, Error)) << Error;
  EXPECT_EQ(Runs, 3u);
  std::string Text = writePowerSamples(Set);
  EXPECT_NE(Text.find(",measured_fp32_fma,"), std::string::npos) << Text;
  PowerSampleSet Back;
  ASSERT_TRUE(parsePowerSamples(Text, "train.csv", true, Back, Error)) << Error;
  ASSERT_TRUE(Back.HasMeasuredUtilisation);
  ASSERT_TRUE(Back.Samples[0].MeasuredU.has_value());
  const DvfsUtilisation &U = *Back.Samples[0].MeasuredU;
  // GV100 (Titan V): 64 FP32 lanes and 16 SFUs per SM (Volta whitepaper;
  // defaultLanesPerSm), so Eq. (7) gives 3.2e7 / (1e6 x 64) and
  // 3.2e6 / (1e6 x 16).
  EXPECT_NEAR(U[static_cast<std::size_t>(DvfsComponent::Fp32Fma)], 0.5, 1e-4);
  EXPECT_NEAR(U[static_cast<std::size_t>(DvfsComponent::Sfu)], 0.2, 1e-4);
  EXPECT_NE(measurementLogCsv(Log).find(",measured\n"), std::string::npos);
}
