//===- Thermal.cpp - IPP temperature and leakage model --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Thermal.h"

#include <algorithm>
#include <cmath>

namespace gpa {

double memAccessIntensity(double MemoryInsts, double NonMemoryInsts) {
  if (NonMemoryInsts > 0)
    return MemoryInsts / NonMemoryInsts;
  return MemoryInsts; // Only memory instructions: treat the divisor as 1.
}

double maxTemperatureC(const GpuModel &Gpu, double RuntimePowerW,
                       double Intensity) {
  double Rise = Gpu.TempPerRuntimePowerCPerW * RuntimePowerW + Gpu.TempOffsetC +
                Gpu.TempPerMemIntensityC * Intensity;
  return Gpu.IdleTempC + std::max(Rise, 0.0);
}

double temperatureRiseC(const GpuModel &Gpu, double MaxTempC, double TimeS) {
  double Delta = MaxTempC - Gpu.IdleTempC;
  if (Gpu.RcRiseS <= 0)
    return MaxTempC;
  return Gpu.IdleTempC +
         Delta * (1 - std::exp(-std::max(TimeS, 0.0) / Gpu.RcRiseS));
}

double temperatureDecayC(const GpuModel &Gpu, double StartTempC, double TimeS) {
  double Gamma = StartTempC - Gpu.IdleTempC;
  if (Gpu.RcDecayS <= 0)
    return Gpu.IdleTempC;
  return Gpu.IdleTempC + Gamma * std::exp(-std::max(TimeS, 0.0) / Gpu.RcDecayS);
}

double totalPowerAtTimeW(const GpuModel &Gpu, double RuntimePower0W,
                         double MaxTempC, double TimeS) {
  double DeltaTemp = temperatureRiseC(Gpu, MaxTempC, TimeS) - Gpu.IdleTempC;
  double Runtime =
      RuntimePower0W + Gpu.LeakagePowerPerDegreeWPerC * DeltaTemp; // (22)
  return Runtime + Gpu.IdlePowerW;                                 // (21)
}

} // namespace gpa
