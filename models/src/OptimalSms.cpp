//===- OptimalSms.cpp - Eq. (34) and energy savings -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/OptimalSms.h"

#include "gpa/Timing.h"

#include <algorithm>
#include <cmath>

namespace gpa {

bool isBandwidthLimited(double Mwp, double Cwp, double N, double MwpPeakBw) {
  bool NotEnoughWarps = nearlyEqual(Mwp, N) && nearlyEqual(Cwp, N);   // (1)
  bool ComputeBound = Mwp > Cwp && !nearlyEqual(Mwp, Cwp);            // (2)
  bool BelowPeakBw = Mwp < MwpPeakBw && !nearlyEqual(Mwp, MwpPeakBw); // (3)
  return !(NotEnoughWarps || ComputeBound || BelowPeakBw);
}

unsigned bandwidthOptimalSms(double MemBandwidthGbps, double BwPerWarpGbps,
                             double N, unsigned MaxActiveSms) {
  unsigned Max = std::max(MaxActiveSms, 1u);
  double Denominator = BwPerWarpGbps * N;
  if (!(Denominator > 0))
    return Max;
  double Optimal = std::floor(MemBandwidthGbps / Denominator);
  if (!(Optimal >= 1))
    return 1;
  return Optimal >= Max ? Max : static_cast<unsigned>(Optimal);
}

static double savedPct(double Before, double After) {
  return Before > 0 ? 100.0 * (Before - After) / Before : 0;
}

EnergySavings computeEnergySavings(const EnergyPoint &Opt,
                                   const EnergyPoint &All) {
  EnergySavings S;
  S.RuntimeIdlePct = savedPct(All.TotalPowerW * All.ExecTimeS,
                              Opt.TotalPowerW * Opt.ExecTimeS);
  S.RuntimePct = savedPct(All.RuntimePowerW * All.ExecTimeS,
                          Opt.RuntimePowerW * Opt.ExecTimeS);
  // §6.4.2: with per-SM power gating the GPU's power is linear in the active
  // SMs, each drawing the all-SM total / Num_SMs (120 W / 30 = 4 W each).
  double PerSmW = All.ActiveSms > 0 ? All.TotalPowerW / All.ActiveSms : 0;
  S.PowerGatingPct = savedPct(PerSmW * All.ActiveSms * All.ExecTimeS,
                              PerSmW * Opt.ActiveSms * Opt.ExecTimeS);
  S.IppEq16Pct = savedPct(All.IppTotalPowerW * All.ExecTimeS,
                          Opt.IppTotalPowerW * Opt.ExecTimeS);
  return S;
}

} // namespace gpa
