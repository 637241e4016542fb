//===- PowerMeasurement.cpp - Measuring a microbenchmark's power ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerMeasurement.h"

namespace gpa {

bool measureBenchmark(PowerMeter &Meter, BenchmarkLauncher &Launcher,
                      MonotonicClock &Clock, const std::string &Benchmark,
                      unsigned Intensity, const MeasureOptions &Options,
                      Measurement &Out, std::string &Error) {
  Measurement M;
  if (!Meter.clocksMhz(M.CoreMhz, M.MemMhz)) {
    Error = "cannot read the GPU clocks";
    return false;
  }
  std::optional<unsigned long long> Start = Meter.totalEnergyMj();
  double SampleSumW = 0;
  unsigned Samples = 0;
  double T0 = Clock.nowS();
  do {
    if (!Launcher.runOnce(Benchmark, Intensity, Error))
      return false;
    ++M.Repetitions;
    if (!Start)
      if (std::optional<unsigned> Mw = Meter.powerMw()) {
        SampleSumW += *Mw / 1000.0;
        ++Samples;
      }
    M.DurationS = Clock.nowS() - T0;
  } while (M.DurationS < Options.MinDurationS &&
           M.Repetitions < Options.MaxRepetitions);
  if (!(M.DurationS > 0)) {
    Error = "no time elapsed while running " + Benchmark;
    return false;
  }
  if (Start) {
    std::optional<unsigned long long> End = Meter.totalEnergyMj();
    if (!End || *End < *Start) {
      Error = "the total-energy counter went backwards or vanished";
      return false;
    }
    M.PowerW = (*End - *Start) / 1000.0 / M.DurationS;
    M.FromEnergyCounter = true;
  } else if (Samples) {
    M.PowerW = SampleSumW / Samples;
  } else {
    Error = "no power reading (neither energy counter nor power samples)";
    return false;
  }
  unsigned CoreAfter = 0, MemAfter = 0;
  if (Meter.clocksMhz(CoreAfter, MemAfter) &&
      (CoreAfter != M.CoreMhz || MemAfter != M.MemMhz)) {
    Error = "the clocks changed during the measurement (" +
            std::to_string(M.CoreMhz) + "/" + std::to_string(M.MemMhz) +
            " -> " + std::to_string(CoreAfter) + "/" +
            std::to_string(MemAfter) +
            " MHz): lock them (docs/dvfs.md) and measure again";
    return false;
  }
  Out = M;
  return true;
}

} // namespace gpa
