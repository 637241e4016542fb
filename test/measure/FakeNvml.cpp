//===- FakeNvml.cpp - A stand-in libnvidia-ml.so.1 for gpa-measure's tests ===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The NVML queries gpa-measure makes, with the signatures of NVIDIA's NVML
// API reference. Power is the fake driver's (gpaFakeCurrentPowerW in the
// libcuda.so.1 loaded beside it); the total-energy counter integrates it
// over real time, unless GPA_FAKE_NVML_NO_ENERGY is set (a pre-Volta board:
// power samples only). Clocks 1410/1215 MHz, 60 C, 250 W limit.
//
//===----------------------------------------------------------------------===//
#include <chrono>
#include <cstdlib>
#include <dlfcn.h>

namespace {
double EnergyJ = 0;
double LastS = -1;

double powerW() {
  static double (*Fn)() = nullptr;
  if (!Fn)
    if (void *Cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD))
      Fn = reinterpret_cast<double (*)()>(dlsym(Cuda, "gpaFakeCurrentPowerW"));
  return Fn ? Fn() : 30.0;
}

/// Integrates the power since the last query (power changes only at a
/// launch, and gpa-measure queries before and after each reading).
void advance() {
  double Now = std::chrono::duration<double>(
                   std::chrono::steady_clock::now().time_since_epoch())
                   .count();
  if (LastS >= 0)
    EnergyJ += powerW() * (Now - LastS);
  LastS = Now;
}
int Token;
} // namespace

extern "C" {
int nvmlInit_v2() {
  advance();
  return 0;
}
int nvmlShutdown() { return 0; }
int nvmlDeviceGetHandleByIndex_v2(unsigned I, void **D) {
  *D = &Token;
  return I == 0 ? 0 : 2; // NVML_ERROR_INVALID_ARGUMENT
}
int nvmlDeviceGetTotalEnergyConsumption(void *, unsigned long long *Mj) {
  if (std::getenv("GPA_FAKE_NVML_NO_ENERGY"))
    return 3; // NVML_ERROR_NOT_SUPPORTED
  advance();
  *Mj = static_cast<unsigned long long>(EnergyJ * 1000);
  return 0;
}
int nvmlDeviceGetPowerUsage(void *, unsigned *Mw) {
  *Mw = static_cast<unsigned>(powerW() * 1000);
  return 0;
}
int nvmlDeviceGetClockInfo(void *, int Type, unsigned *Mhz) {
  *Mhz = Type == 1 ? 1410 : 1215;
  return 0;
}
int nvmlDeviceGetTemperature(void *, int, unsigned *C) {
  *C = 60;
  return 0;
}
int nvmlDeviceGetEnforcedPowerLimit(void *, unsigned *Mw) {
  *Mw = 250000;
  return 0;
}
}
