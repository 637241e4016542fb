//===- ClockAdvice.h - Energy over the model's clock table ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Walks a GPU model's clock table and, for each clock pair and active-SM
// count, evaluates time (the timing model at that clock: core clock scales
// cycles to seconds and the DRAM latency in cycles, the memory clock scales
// bandwidth) and power, the points the clock decision (ClockDecision.h)
// chooses from. The table and power come from the dvfs backend's voltage tables
// (seed 002, Guerreiro et al., IEEE TPDS 2019) where the model has them;
// otherwise from the sm_footprint section's supported core clocks with
// voltage linear in the clock (seed 004 §5), the default backend's estimate
// at the reference clock scaled to each clock (scalePowerToClock): that
// advice is labelled estimated.
// The product never changes clocks; docs/dvfs.md says how an administrator
// applies the advice.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CLOCKADVICE_H
#define GPA_CLOCKADVICE_H

#include "gpa/KernelProfile.h"
#include "gpa/PowerBackend.h"
#include "gpa/SmFootprints.h"

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

/// The clocks a GPU model's advice walks and how power is priced there.
struct ClockAxes {
  std::vector<double> CoreMhz, MemMhz; // ascending
  double RefCoreMhz = 0, RefMemMhz = 0;
  /// True: the dvfs backend prices every clock pair. False: the default
  /// backend at the reference clocks, scaled by scalePowerToClock along
  /// Voltage; the memory clock stays the model's (MemMhz = {0}, RefMemMhz
  /// 0: "the model's memory clock").
  bool Dvfs = false;
  /// False when the dvfs parameters are calibrated on measurements; true
  /// for dvfs parameters that are estimates and for every scaled estimate.
  bool Estimated = true;
  SmClockTable Voltage;              // the scaled estimate's voltage line
  std::vector<ParameterUse> Sources; // the sm_footprint parameters used
  /// One line for every renderer: what prices the other clocks.
  std::string Basis;
};

/// The clock axes of Gpu: its dvfs tables, else its sm_footprint clocks;
/// fails naming both when it has neither.
bool clockAxes(const GpuModel &Gpu, ClockAxes &Out, std::string &Error);

/// Power at another core clock from an estimate Ref at the reference clock
/// (time RefTimeS there, TimeS at the new clock) for the same work:
/// switching energy per operation scales with V^2 (CMOS C V^2), so each
/// core-domain dynamic component's power is Ref x (V/V_ref)^2 x RefTimeS /
/// TimeS (= (V/V_ref)^2 x f/f_ref when time follows the core clock);
/// constant power (clock tree) x (V/V_ref)^2 x f/f_ref; static power x
/// V/V_ref; memory-domain components (isUncoreTerm except l2, which seed
/// 002 puts in the core domain) keep their energy per byte: x RefTimeS /
/// TimeS.
PowerEstimate scalePowerToClock(const PowerEstimate &Ref, double RefTimeS,
                                double TimeS, double ClockRatio,
                                double VoltageRatio);

/// One point: the kernel on Sms SMs at CoreMhz/MemMhz (clocks of Axes),
/// priced SM by SM (seed 004). W (optional) receives the power estimate at
/// that clock.
bool evaluateClockPoint(const KernelProfile &Profile, const GpuModel &Gpu,
                        const ClockAxes &Axes, double CoreMhz, double MemMhz,
                        unsigned Sms, ClockPoint &Out, PowerEstimate *W,
                        std::string &Error);

/// Every clock pair of the model's clock axes x ActiveSms (empty: all
/// useful SMs only). Fails when the model has no clock table (clockAxes)
/// or the launch does not fit.
bool sweepClocks(const KernelProfile &Profile, const GpuModel &Gpu,
                 const std::vector<unsigned> &ActiveSms,
                 std::vector<ClockPoint> &Out, std::string &Error);

} // namespace gpa

#endif
