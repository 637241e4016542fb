//===- Thermal.h - IPP temperature and leakage-over-time model -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// IPP §3.6-3.7, Eq. (17)-(23), from a cold start (the GPU idle at Idle_temp).
//
// Reading of Eq. (19): IPP Fig. 11 shows peak temperatures of 68-78 C from a
// 57 C start, and §6.2 says SVM's runtime power grows by 10 W (= sigma x 22 C)
// and INT's by 5 W (11 C). mu x Runtime_power + lambda + rho x intensity is
// about 20 C for such kernels, so Eq. (19) is read as the rise above idle:
// Max_temp = Idle_temp + mu*P + lambda + rho*MemAccess_intensity.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_THERMAL_H
#define GPA_THERMAL_H

#include "gpa/GpuModel.h"

namespace gpa {

/// Eq. (20): memory (global + local) over non-memory instructions; 0 when
/// there are no non-memory instructions to divide by and no memory either,
/// and memory/1 when only memory instructions exist.
double memAccessIntensity(double MemoryInsts, double NonMemoryInsts);

/// Eq. (19), read as Idle_temp + rise (see the file comment).
double maxTemperatureC(const GpuModel &Gpu, double RuntimePowerW,
                       double MemAccessIntensity);

/// Eq. (17): chip temperature TimeS seconds after the kernel starts.
double temperatureRiseC(const GpuModel &Gpu, double MaxTempC, double TimeS);

/// Eq. (18): temperature TimeS seconds after the kernel stops at StartTempC.
double temperatureDecayC(const GpuModel &Gpu, double StartTempC, double TimeS);

/// Eq. (21)-(23): GPU power at TimeS seconds after a cold-start launch.
double totalPowerAtTimeW(const GpuModel &Gpu, double RuntimePower0W,
                         double MaxTempC, double TimeS);

} // namespace gpa

#endif
