//===- PowerMeasurement.cpp - Measuring a microbenchmark's power ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerMeasurement.h"

#include <algorithm>

namespace gpa {

double integratedMeanPowerW(const std::vector<std::pair<double, double>> &S) {
  if (S.empty())
    return 0;
  double EnergyJ = 0;
  for (std::size_t I = 1; I < S.size(); ++I)
    EnergyJ +=
        (S[I].first - S[I - 1].first) * (S[I].second + S[I - 1].second) / 2;
  double SpanS = S.back().first - S.front().first;
  return SpanS > 0 ? EnergyJ / SpanS : S.front().second;
}

namespace {
struct Reading {
  double PowerW = 0, DurationS = 0;
  unsigned Repetitions = 0;
};

using ClockPair = std::pair<unsigned, unsigned>; // core, memory MHz

bool readOnce(PowerMeter &Meter, BenchmarkLauncher &Launcher,
              MonotonicClock &Clock, const std::string &Kernel,
              const MeasureOptions &Options, bool &FromCounter,
              std::vector<ClockPair> &Clocks, Reading &Out,
              std::string &Error) {
  std::optional<unsigned long long> Start = Meter.totalEnergyMj();
  FromCounter = Start.has_value();
  std::vector<std::pair<double, double>> Samples; // (s, W)
  Reading R;
  double T0 = Clock.nowS();
  do {
    if (!Launcher.start(Kernel, Error))
      return false;
    // Sampled while the kernel runs, not after it.
    if (!Start)
      if (std::optional<unsigned> Mw = Meter.powerMw())
        Samples.emplace_back(Clock.nowS(), *Mw / 1000.0);
    ClockPair C;
    if (Meter.clocksMhz(C.first, C.second))
      Clocks.push_back(C);
    if (!Launcher.wait(Error))
      return false;
    ++R.Repetitions;
    R.DurationS = Clock.nowS() - T0;
  } while ((R.DurationS < Options.MinDurationS ||
            R.Repetitions < Options.MinRepetitions) &&
           R.Repetitions < Options.MaxRepetitions);
  if (!(R.DurationS > 0)) {
    Error = "no time elapsed while running " + Kernel;
    return false;
  }
  if (Start) {
    std::optional<unsigned long long> End = Meter.totalEnergyMj();
    if (!End || *End < *Start) {
      Error = "the total-energy counter went backwards or vanished";
      return false;
    }
    R.PowerW = (*End - *Start) / 1000.0 / R.DurationS;
  } else if (!Samples.empty()) {
    R.PowerW = integratedMeanPowerW(Samples);
  } else {
    Error = "no power reading (neither energy counter nor power samples)";
    return false;
  }
  Out = R;
  return true;
}
} // namespace

bool measureBenchmark(PowerMeter &Meter, BenchmarkLauncher &Launcher,
                      MonotonicClock &Clock, const std::string &Kernel,
                      const MeasureOptions &Options, Measurement &Out,
                      std::string &Error) {
  Measurement M;
  // Warm-up: module JIT, first-touch and clock ramp stay out of the reading.
  if (!Launcher.start(Kernel, Error) || !Launcher.wait(Error))
    return false;
  std::vector<Reading> Readings;
  std::vector<ClockPair> Clocks; // sampled while the kernel runs
  for (unsigned I = 0; I < std::max(Options.Readings, 1u); ++I) {
    Reading R;
    if (!readOnce(Meter, Launcher, Clock, Kernel, Options, M.FromEnergyCounter,
                  Clocks, R, Error))
      return false;
    Readings.push_back(R);
    M.ReadingsW.push_back(R.PowerW);
  }
  if (Clocks.empty()) {
    Error = "cannot read the GPU clocks";
    return false;
  }
  for (const ClockPair &C : Clocks)
    if (std::max(C.first, Clocks[0].first) -
                std::min(C.first, Clocks[0].first) >
            Options.ClockToleranceMhz ||
        std::max(C.second, Clocks[0].second) -
                std::min(C.second, Clocks[0].second) >
            Options.ClockToleranceMhz) {
      Error = "the clocks changed during the measurement (" +
              std::to_string(Clocks[0].first) + "/" +
              std::to_string(Clocks[0].second) + " -> " +
              std::to_string(C.first) + "/" + std::to_string(C.second) +
              " MHz): lock them (docs/dvfs.md) and measure again, or allow "
              "--clock-tolerance-mhz";
      return false;
    }
  // The clocks of the row: the (lower) median of each domain's samples.
  std::vector<unsigned> Core, Mem;
  for (const ClockPair &C : Clocks) {
    Core.push_back(C.first);
    Mem.push_back(C.second);
  }
  std::sort(Core.begin(), Core.end());
  std::sort(Mem.begin(), Mem.end());
  M.CoreMhz = Core[(Core.size() - 1) / 2];
  M.MemMhz = Mem[(Mem.size() - 1) / 2];
  std::sort(
      Readings.begin(), Readings.end(),
      [](const Reading &A, const Reading &B) { return A.PowerW < B.PowerW; });
  const Reading &Median = Readings[(Readings.size() - 1) / 2];
  M.PowerW = Readings.size() % 2
                 ? Median.PowerW
                 : (Median.PowerW + Readings[Readings.size() / 2].PowerW) / 2;
  M.DurationS = Median.DurationS;
  M.Repetitions = Median.Repetitions;
  M.TemperatureC = Meter.temperatureC();
  if (std::optional<unsigned> Mw = Meter.powerLimitMw())
    M.PowerLimitW = *Mw / 1000.0;
  Out = M;
  return true;
}

} // namespace gpa
