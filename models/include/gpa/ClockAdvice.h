//===- ClockAdvice.h - Energy over the model's clock table ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Walks a GPU model's dvfs clock table (seed 002, Guerreiro et al., IEEE TPDS
// 2019) and, for each clock pair and active-SM count, evaluates time (the
// timing model at that clock: core clock scales cycles to seconds and the
// DRAM latency in cycles, the memory clock scales bandwidth) and power (the
// dvfs backend), and picks the least-energy point within a slowdown bound.
// The product never changes clocks; docs/dvfs.md says how an administrator
// applies the advice.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CLOCKADVICE_H
#define GPA_CLOCKADVICE_H

#include "gpa/KernelProfile.h"
#include "gpa/PowerBackend.h"

#include <string>
#include <vector>

namespace gpa {

struct ClockPoint {
  double CoreMhz = 0, MemMhz = 0;
  unsigned ActiveSms = 0;
  double ExecTimeS = 0;
  double TotalPowerW = 0;
  double EnergyJ = 0;
};

/// The GPU model with its timing parameters at CoreMhz/MemMhz (MemMhz
/// relative to RefMemMhz, the clock the file's bandwidth is for): cycle
/// counts of the core-clock parts stay (issue, L1/shared, L2, the L2 part of
/// DRAM latency); the rest of DRAM latency is fixed in ns; L2 bandwidth
/// scales with the core clock, DRAM bandwidth with the memory clock and is
/// capped by the L2 path's (docs/dvfs.md "Timing at any clock pair").
GpuModel gpuAtClocks(const GpuModel &Gpu, double CoreMhz, double MemMhz,
                     double RefMemMhz);

/// Every clock pair of the model's dvfs tables x ActiveSms (empty: all
/// useful SMs only). Fails when the model has no dvfs parameters or the
/// launch does not fit.
bool sweepClocks(const KernelProfile &Profile, const GpuModel &Gpu,
                 const std::vector<unsigned> &ActiveSms,
                 std::vector<ClockPoint> &Out, std::string &Error);

/// The least-energy point whose time is at most (1 + MaxSlowdown) x the
/// fastest point's; the one place the clock choice is made (to be replaced
/// by the shared decision function when it lands).
const ClockPoint *chooseClockPoint(const std::vector<ClockPoint> &Points,
                                   double MaxSlowdown);

} // namespace gpa

#endif
