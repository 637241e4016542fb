//===- SessionNvml.h - NVML as gpa-session reads it -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// libnvidia-ml.so.1 opened with dlopen: the board's total-energy counter
// (Volta and later), power, clocks, temperature, power limit and clock
// event reasons, plus a sampler thread that reads power and clocks every
// few milliseconds while a window of launches runs. Queries only: it never
// sets clocks, power limits or any other setting.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEASURE_SESSIONNVML_H
#define GPA_MEASURE_SESSIONNVML_H

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace gpa::session {

struct BoardState {
  std::optional<double> PowerW, PowerLimitW;
  std::optional<unsigned> SmMhz, MemMhz, MaxSmMhz, MaxMemMhz, TemperatureC;
  std::optional<unsigned long long> ClockEventReasons;
  std::optional<unsigned> PerformanceState;
};

/// Means and extremes of the samples taken during one window.
struct WindowSamples {
  unsigned Count = 0;
  double PowerWMean = 0, PowerWMax = 0;
  double SmMhzMean = 0, MemMhzMean = 0;
  unsigned SmMhzMin = 0, SmMhzMax = 0;
  unsigned long long ClockEventReasonsOr = 0;
};

class Nvml {
public:
  Nvml();
  ~Nvml();
  bool open(unsigned Index, std::string &Error);
  std::string boardName() const { return Name; }
  std::string driverVersion() const { return Driver; }
  /// Joules since the driver loaded; nullopt where the board has no counter.
  std::optional<double> energyJ();
  BoardState state();

  /// Samples power and clocks every PeriodMs until stopSampling().
  void startSampling(unsigned PeriodMs);
  WindowSamples stopSampling();

private:
  struct Api;
  std::unique_ptr<Api> F;
  void *Lib = nullptr;
  void *Device = nullptr;
  std::string Name, Driver;
  std::thread Sampler;
  std::atomic<bool> Sampling{false};
  WindowSamples Samples;
};

} // namespace gpa::session

#endif
