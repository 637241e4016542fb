//===- ClockDecision.h - The one clock decision -----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Which clock pair to advise for a kernel, decided once (issue 26 item 5)
// and rendered by every surface: the plugin's ClockAdvice remark, the
// report's `clock_advice`, `gpa analyze`'s text and CSV, the
// print<gpu-power-advisor> printer and `gpa sweep --clocks`. The points come
// from ClockAdvice.h (the model's clock table at all useful SMs); the rule:
// the least-energy clock pair whose time is within the decision policy's
// MaxSlowdownPct of the fastest pair, and only when it uses less energy
// than the reference clocks (the model's own); otherwise the reference
// clocks stay, with the reason. Advice only: nothing changes clocks.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CLOCKDECISION_H
#define GPA_CLOCKDECISION_H

#include "gpa/ClockAdvice.h"
#include "gpa/Decision.h"

#include <string>
#include <vector>

namespace gpa {

/// The choice among priced points (chooseClock).
struct ClockChoice {
  /// True: Chosen uses less energy than the reference and is within the
  /// slowdown bound of the fastest point.
  bool Change = false;
  ClockPoint Chosen;          // the reference point when Change is false
  double EnergySavingPct = 0; // (1 - Chosen / reference energy) x 100
  double SlowdownPct = 0;     // (Chosen / reference time - 1) x 100
  /// Why the reference clocks stay (empty when Change).
  std::string Reason;
};

struct ClockDecision {
  /// False: no advice, Reason says why (no clock table, one clock pair).
  bool Available = false;
  /// True: the dvfs backend's voltage tables price every clock pair; false:
  /// the default backend at the reference clock scaled by V^2 f along the
  /// sm_footprint's voltage line, the memory clock as modelled.
  bool Dvfs = false;
  /// False only for dvfs parameters calibrated on measurements.
  bool Estimated = true;
  /// What prices the other clocks, in the remark's words (clockBasisText).
  std::string Basis;
  /// The same at length (ClockAxes::Basis).
  std::string BasisDetail;
  double MaxSlowdownPct = 0; // the policy's bound, percent of the fastest
  unsigned ClockPairs = 0;   // core x memory clocks walked
  ClockPoint Reference;      // the model's own clocks, all useful SMs
  ClockPoint Fastest;        // the fastest pair (the bound's base)
  ClockChoice Choice;
  std::string Reason; // !Available: why not
};

/// The rule alone, over priced points that include Reference: the
/// least-energy point whose time is at most (1 + MaxSlowdownPct / 100) x
/// the fastest point's (ties: the first in Points' order); a change only
/// when that point uses less energy than Reference, by at least
/// MinSavingPct (the decision's min_saving). Reference's slowdown and
/// saving are 0. `gpa sweep --clocks` applies it to its joint clock x SM
/// table too.
ClockChoice chooseClock(const std::vector<ClockPoint> &Points,
                        const ClockPoint &Reference, double MaxSlowdownPct,
                        double MinSavingPct = 0);

/// The one clock decision for a kernel: Profile on Gpu at all useful SMs
/// over the model's clock table (sweepClocks), chosen by chooseClock with
/// Policy.MaxSlowdownPct and Policy.MinSavingPct. Not available (Reason says
/// why) when the model has no clock table or fewer than two clock pairs, or the
/// sweep fails.
ClockDecision decideClocks(const KernelProfile &Profile, const GpuModel &Gpu,
                           const DecisionPolicy &Policy);

/// The basis in the remark's words: "dvfs model, calibrated" / "dvfs
/// model, estimated parameters", or "estimated: the <backend> model at the
/// reference clock scaled by V^2 f, voltage line <kind>".
std::string clockBasisText(const ClockAxes &Axes, const GpuModel &Gpu);

/// "core 810 MHz, memory 3505 MHz" / "core 810 MHz, memory as modelled".
std::string clockPairText(const ClockPoint &Point);

} // namespace gpa

#endif
