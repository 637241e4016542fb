//===- PowerMeasurement.h - Measuring a microbenchmark's power --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The measurement loop of gpa-measure behind interfaces, so it is tested with
// a fake NVML and a fake launcher: repeat a microbenchmark until the reading
// lasts at least the minimum duration (seed 002 §4.1: >= 1 s), then take
// the power from the total-energy counter (energy / time) where the GPU has
// one, else the mean of power samples. Clocks are read, never set.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERMEASUREMENT_H
#define GPA_POWERMEASUREMENT_H

#include <optional>
#include <string>

namespace gpa {

/// What NVML offers (real: NvmlPowerMeter; tests: a fake).
class PowerMeter {
public:
  virtual ~PowerMeter() = default;
  /// Energy since the driver loaded, in mJ; empty when the GPU has no
  /// counter (before Volta).
  virtual std::optional<unsigned long long> totalEnergyMj() = 0;
  /// Board power now, in mW.
  virtual std::optional<unsigned> powerMw() = 0;
  virtual bool clocksMhz(unsigned &CoreMhz, unsigned &MemMhz) = 0;
};

/// Runs one repetition of a microbenchmark to completion.
class BenchmarkLauncher {
public:
  virtual ~BenchmarkLauncher() = default;
  virtual bool runOnce(const std::string &Benchmark, unsigned Intensity,
                       std::string &Error) = 0;
};

/// Monotonic seconds.
class MonotonicClock {
public:
  virtual ~MonotonicClock() = default;
  virtual double nowS() = 0;
};

struct MeasureOptions {
  double MinDurationS = 1.0;
  unsigned MaxRepetitions = 1000000;
};

struct Measurement {
  double PowerW = 0;
  double DurationS = 0;
  unsigned Repetitions = 0;
  bool FromEnergyCounter = false;
  unsigned CoreMhz = 0, MemMhz = 0;
};

bool measureBenchmark(PowerMeter &Meter, BenchmarkLauncher &Launcher,
                      MonotonicClock &Clock, const std::string &Benchmark,
                      unsigned Intensity, const MeasureOptions &Options,
                      Measurement &Out, std::string &Error);

} // namespace gpa

#endif
