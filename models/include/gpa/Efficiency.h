//===- Efficiency.h - Performance per watt and energy -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// IPP §4.2 Eq. (28) and §6.4. "GIPS" here is giga *warp*-instructions per
// second: IPP counts dynamic PTX instructions with Ocelot, and its Fig. 13
// magnitudes for bandwidth-bound kernels on the GTX280 (a few GIPS, against
// a 9.7 G warp-instructions/s issue peak) match warp-level counts. The
// thread-level rate (x32) is reported alongside as thread_gips.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_EFFICIENCY_H
#define GPA_EFFICIENCY_H

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"

namespace gpa {

struct Efficiency {
  double WarpInstructions = 0; // whole launch
  double Gips = 0;             // giga warp-instructions per second
  double ThreadGips = 0;       // giga thread-instructions per second
  double GipsPerW = 0;         // Eq. (28) with work = warp-instructions
  double EnergyJ = 0;          // total power x time, one launch
  double RuntimeEnergyJ = 0;   // runtime power only x time
};

Efficiency computeEfficiency(const KernelProfile &Profile, const GpuModel &Gpu,
                             double ExecTimeS, double TotalPowerW,
                             double RuntimePowerW);

} // namespace gpa

#endif
