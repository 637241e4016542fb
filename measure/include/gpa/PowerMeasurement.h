//===- PowerMeasurement.h - Measuring a microbenchmark's power --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The measurement loop of gpa-measure behind interfaces, so it is tested with
// a fake NVML and a fake driver: one warm-up launch, then repeat the kernel
// until a reading lasts at least the minimum duration (seed 002 §4.1: >= 1 s)
// and the minimum repetitions; power = energy / time, the energy from the
// total-energy counter where the GPU has one, else integrated from power
// samples taken while the kernel runs (trapezoidal rule). Several readings
// per kernel; the median is the result. Clocks are sampled while the kernel
// runs (the row gets their median; a change beyond the tolerance fails the
// measurement); temperature and power limit are recorded. Nothing is set.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERMEASUREMENT_H
#define GPA_POWERMEASUREMENT_H

#include <optional>
#include <string>
#include <vector>

namespace gpa {

/// What NVML offers (real: NvmlPowerMeter; tests: a fake). Queries only.
class PowerMeter {
public:
  virtual ~PowerMeter() = default;
  /// Energy since the driver loaded, in mJ; empty when the GPU has no
  /// counter (before Volta).
  virtual std::optional<unsigned long long> totalEnergyMj() = 0;
  /// Board power now, in mW.
  virtual std::optional<unsigned> powerMw() = 0;
  virtual bool clocksMhz(unsigned &CoreMhz, unsigned &MemMhz) = 0;
  /// GPU temperature in degrees C; empty when unreadable.
  virtual std::optional<unsigned> temperatureC() = 0;
  /// The enforced power limit in mW; empty when unreadable.
  virtual std::optional<unsigned> powerLimitMw() = 0;
};

/// Runs a kernel of the suite (real: the CUDA driver; tests: a fake).
class BenchmarkLauncher {
public:
  virtual ~BenchmarkLauncher() = default;
  /// Starts one repetition of Kernel (asynchronously where the GPU can).
  virtual bool start(const std::string &Kernel, std::string &Error) = 0;
  /// Waits until the repetition started last has finished.
  virtual bool wait(std::string &Error) = 0;
};

/// Monotonic seconds.
class MonotonicClock {
public:
  virtual ~MonotonicClock() = default;
  virtual double nowS() = 0;
};

struct MeasureOptions {
  double MinDurationS = 1.0;   // per reading (seed 002 §4.1)
  unsigned MinRepetitions = 1; // per reading
  unsigned MaxRepetitions = 1000000;
  unsigned Readings = 3; // per kernel; the median is reported
  /// Largest change of either clock (MHz) among the samples taken while
  /// the kernel runs; more fails the measurement.
  unsigned ClockToleranceMhz = 0;
};

struct Measurement {
  double PowerW = 0;             // median of ReadingsW
  std::vector<double> ReadingsW; // energy / time of each reading
  double DurationS = 0;          // of the median reading
  unsigned Repetitions = 0;      // of the median reading
  bool FromEnergyCounter = false;
  unsigned CoreMhz = 0, MemMhz = 0;     // median of the samples
  std::optional<unsigned> TemperatureC; // after the last reading
  std::optional<double> PowerLimitW;
};

/// Measures Kernel; fails with Error when a launch fails, no power reading
/// exists, or the clocks moved during the measurement.
bool measureBenchmark(PowerMeter &Meter, BenchmarkLauncher &Launcher,
                      MonotonicClock &Clock, const std::string &Kernel,
                      const MeasureOptions &Options, Measurement &Out,
                      std::string &Error);

/// Mean power of samples (time s, power W) by the trapezoidal rule over
/// [first, last]; the single value when they span no time.
double integratedMeanPowerW(const std::vector<std::pair<double, double>> &S);

} // namespace gpa

#endif
