//===- SessionNvml.cpp - NVML as gpa-session reads it ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Entry points from NVIDIA's NVML API reference: nvmlInit_v2,
// nvmlDeviceGetHandleByIndex_v2, nvmlDeviceGetName,
// nvmlSystemGetDriverVersion, nvmlDeviceGetTotalEnergyConsumption (mJ),
// nvmlDeviceGetPowerUsage (mW), nvmlDeviceGetClockInfo (NVML_CLOCK_SM = 1,
// NVML_CLOCK_MEM = 2), nvmlDeviceGetMaxClockInfo, nvmlDeviceGetTemperature
// (NVML_TEMPERATURE_GPU = 0), nvmlDeviceGetEnforcedPowerLimit (mW),
// nvmlDeviceGetCurrentClocksEventReasons (bit mask),
// nvmlDeviceGetPerformanceState; NVML_SUCCESS = 0.
//
//===----------------------------------------------------------------------===//
#include "SessionNvml.h"

#include "DynamicSymbol.h"

#include <algorithm>
#include <chrono>
#include <dlfcn.h>

namespace gpa::session {

struct Nvml::Api {
  int (*Init)();
  int (*Shutdown)();
  int (*HandleByIndex)(unsigned, void **);
  int (*DeviceName)(void *, char *, unsigned);
  int (*DriverVersion)(char *, unsigned);
  int (*TotalEnergy)(void *, unsigned long long *);
  int (*PowerUsage)(void *, unsigned *);
  int (*ClockInfo)(void *, int, unsigned *);
  int (*MaxClockInfo)(void *, int, unsigned *);
  int (*Temperature)(void *, int, unsigned *);
  int (*PowerLimit)(void *, unsigned *);
  int (*ClockEventReasons)(void *, unsigned long long *);
  int (*PerformanceState)(void *, unsigned *);
};

Nvml::Nvml() = default;

Nvml::~Nvml() {
  if (Sampling)
    stopSampling();
  if (F && F->Shutdown && Device)
    F->Shutdown();
  if (Lib)
    dlclose(Lib);
}

bool Nvml::open(unsigned Index, std::string &Error) {
  Lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    Error = "cannot load libnvidia-ml.so.1";
    return false;
  }
  F = std::make_unique<Api>();
  Api &A = *F;
  if (!bind(Lib, "nvmlInit_v2", A.Init) ||
      !bind(Lib, "nvmlShutdown", A.Shutdown) ||
      !bind(Lib, "nvmlDeviceGetHandleByIndex_v2", A.HandleByIndex)) {
    Error = "libnvidia-ml.so.1 lacks nvmlInit_v2/nvmlDeviceGetHandleByIndex_v2";
    return false;
  }
  // The rest is optional: a board or driver without one loses that column.
  bind(Lib, "nvmlDeviceGetName", A.DeviceName);
  bind(Lib, "nvmlSystemGetDriverVersion", A.DriverVersion);
  bind(Lib, "nvmlDeviceGetTotalEnergyConsumption", A.TotalEnergy);
  bind(Lib, "nvmlDeviceGetPowerUsage", A.PowerUsage);
  bind(Lib, "nvmlDeviceGetClockInfo", A.ClockInfo);
  bind(Lib, "nvmlDeviceGetMaxClockInfo", A.MaxClockInfo);
  bind(Lib, "nvmlDeviceGetTemperature", A.Temperature);
  bind(Lib, "nvmlDeviceGetEnforcedPowerLimit", A.PowerLimit);
  if (!bind(Lib, "nvmlDeviceGetCurrentClocksEventReasons", A.ClockEventReasons))
    bind(Lib, "nvmlDeviceGetCurrentClocksThrottleReasons", A.ClockEventReasons);
  bind(Lib, "nvmlDeviceGetPerformanceState", A.PerformanceState);
  if (A.Init() != 0 || A.HandleByIndex(Index, &Device) != 0) {
    Device = nullptr;
    Error = "NVML could not open device " + std::to_string(Index);
    return false;
  }
  char Text[256] = {};
  if (A.DeviceName && A.DeviceName(Device, Text, sizeof Text - 1) == 0)
    Name = Text;
  char Version[96] = {};
  if (A.DriverVersion && A.DriverVersion(Version, sizeof Version - 1) == 0)
    Driver = Version;
  return true;
}

std::optional<double> Nvml::energyJ() {
  unsigned long long Mj = 0;
  if (!F->TotalEnergy || F->TotalEnergy(Device, &Mj) != 0)
    return std::nullopt;
  return Mj / 1000.0;
}

BoardState Nvml::state() {
  BoardState S;
  unsigned V = 0;
  unsigned long long Mask = 0;
  if (F->PowerUsage && F->PowerUsage(Device, &V) == 0)
    S.PowerW = V / 1000.0;
  if (F->PowerLimit && F->PowerLimit(Device, &V) == 0)
    S.PowerLimitW = V / 1000.0;
  if (F->ClockInfo && F->ClockInfo(Device, 1, &V) == 0)
    S.SmMhz = V;
  if (F->ClockInfo && F->ClockInfo(Device, 2, &V) == 0)
    S.MemMhz = V;
  if (F->MaxClockInfo && F->MaxClockInfo(Device, 1, &V) == 0)
    S.MaxSmMhz = V;
  if (F->MaxClockInfo && F->MaxClockInfo(Device, 2, &V) == 0)
    S.MaxMemMhz = V;
  if (F->Temperature && F->Temperature(Device, 0, &V) == 0)
    S.TemperatureC = V;
  if (F->ClockEventReasons && F->ClockEventReasons(Device, &Mask) == 0)
    S.ClockEventReasons = Mask;
  if (F->PerformanceState && F->PerformanceState(Device, &V) == 0)
    S.PerformanceState = V;
  return S;
}

void Nvml::startSampling(unsigned PeriodMs) {
  Samples = WindowSamples{};
  Sampling = true;
  Sampler = std::thread([this, PeriodMs] {
    double Power = 0, Sm = 0, Mem = 0;
    while (Sampling) {
      BoardState S = state();
      ++Samples.Count;
      Power += S.PowerW.value_or(0);
      Samples.PowerWMax = std::max(Samples.PowerWMax, S.PowerW.value_or(0));
      unsigned SmMhz = S.SmMhz.value_or(0);
      Sm += SmMhz;
      Mem += S.MemMhz.value_or(0);
      Samples.SmMhzMin =
          Samples.Count == 1 ? SmMhz : std::min(Samples.SmMhzMin, SmMhz);
      Samples.SmMhzMax = std::max(Samples.SmMhzMax, SmMhz);
      Samples.ClockEventReasonsOr |= S.ClockEventReasons.value_or(0);
      Samples.PowerWMean = Power / Samples.Count;
      Samples.SmMhzMean = Sm / Samples.Count;
      Samples.MemMhzMean = Mem / Samples.Count;
      std::this_thread::sleep_for(std::chrono::milliseconds(PeriodMs));
    }
  });
}

WindowSamples Nvml::stopSampling() {
  Sampling = false;
  if (Sampler.joinable())
    Sampler.join();
  return Samples;
}

} // namespace gpa::session
