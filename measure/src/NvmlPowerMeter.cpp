//===- NvmlPowerMeter.cpp - NVML loaded at run time -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Entry points and constants from NVIDIA's NVML API reference (nvml.h):
// nvmlInit_v2, nvmlDeviceGetHandleByIndex_v2,
// nvmlDeviceGetTotalEnergyConsumption (mJ, Volta and later),
// nvmlDeviceGetPowerUsage (mW), nvmlDeviceGetClockInfo (NVML_CLOCK_SM = 1,
// NVML_CLOCK_MEM = 2), nvmlDeviceGetTemperature (NVML_TEMPERATURE_GPU = 0,
// degrees C), nvmlDeviceGetEnforcedPowerLimit (mW), nvmlShutdown;
// NVML_SUCCESS = 0. No setter is ever looked up.
//
//===----------------------------------------------------------------------===//
#include "gpa/NvmlPowerMeter.h"

#include <dlfcn.h>

namespace gpa {

namespace {
using Device = void *;
using InitFn = int (*)();
using HandleFn = int (*)(unsigned, Device *);
using EnergyFn = int (*)(Device, unsigned long long *);
using PowerFn = int (*)(Device, unsigned *);
using ClockFn = int (*)(Device, int, unsigned *);
using LimitFn = int (*)(Device, unsigned *);
constexpr int NvmlClockSm = 1, NvmlClockMem = 2, NvmlTemperatureGpu = 0;

class NvmlPowerMeter : public PowerMeter {
public:
  ~NvmlPowerMeter() override {
    if (Shutdown)
      Shutdown();
    if (Lib)
      dlclose(Lib);
  }

  bool open(unsigned Index, std::string &Error) {
    Lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!Lib) {
      Error = "cannot load libnvidia-ml.so.1 (NVIDIA driver not installed?)";
      return false;
    }
    auto Init = reinterpret_cast<InitFn>(dlsym(Lib, "nvmlInit_v2"));
    auto Handle =
        reinterpret_cast<HandleFn>(dlsym(Lib, "nvmlDeviceGetHandleByIndex_v2"));
    Energy = reinterpret_cast<EnergyFn>(
        dlsym(Lib, "nvmlDeviceGetTotalEnergyConsumption"));
    Power = reinterpret_cast<PowerFn>(dlsym(Lib, "nvmlDeviceGetPowerUsage"));
    Clock = reinterpret_cast<ClockFn>(dlsym(Lib, "nvmlDeviceGetClockInfo"));
    Temperature =
        reinterpret_cast<ClockFn>(dlsym(Lib, "nvmlDeviceGetTemperature"));
    Limit = reinterpret_cast<LimitFn>(
        dlsym(Lib, "nvmlDeviceGetEnforcedPowerLimit"));
    auto Down = reinterpret_cast<InitFn>(dlsym(Lib, "nvmlShutdown"));
    if (!Init || !Handle || !Power || !Clock || !Down) {
      Error = "libnvidia-ml.so.1 lacks a needed NVML entry point";
      return false;
    }
    if (Init() != 0) {
      Error = "nvmlInit_v2 failed";
      return false;
    }
    Shutdown = Down;
    if (Handle(Index, &Dev) != 0) {
      Error = "no GPU with NVML index " + std::to_string(Index);
      return false;
    }
    return true;
  }

  std::optional<unsigned long long> totalEnergyMj() override {
    unsigned long long Mj = 0;
    if (Energy && Energy(Dev, &Mj) == 0)
      return Mj;
    return std::nullopt;
  }
  std::optional<unsigned> powerMw() override {
    unsigned Mw = 0;
    if (Power(Dev, &Mw) == 0)
      return Mw;
    return std::nullopt;
  }
  bool clocksMhz(unsigned &CoreMhz, unsigned &MemMhz) override {
    return Clock(Dev, NvmlClockSm, &CoreMhz) == 0 &&
           Clock(Dev, NvmlClockMem, &MemMhz) == 0;
  }

  std::optional<unsigned> temperatureC() override {
    unsigned C = 0;
    if (Temperature && Temperature(Dev, NvmlTemperatureGpu, &C) == 0)
      return C;
    return std::nullopt;
  }
  std::optional<unsigned> powerLimitMw() override {
    unsigned Mw = 0;
    if (Limit && Limit(Dev, &Mw) == 0)
      return Mw;
    return std::nullopt;
  }

private:
  void *Lib = nullptr;
  Device Dev = nullptr;
  EnergyFn Energy = nullptr;
  PowerFn Power = nullptr;
  ClockFn Clock = nullptr;
  ClockFn Temperature = nullptr;
  LimitFn Limit = nullptr;
  InitFn Shutdown = nullptr;
};
} // namespace

std::unique_ptr<PowerMeter> openNvmlPowerMeter(unsigned Index,
                                               std::string &Error) {
  auto M = std::make_unique<NvmlPowerMeter>();
  if (!M->open(Index, Error))
    return nullptr;
  return M;
}

} // namespace gpa
