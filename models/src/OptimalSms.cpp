//===- OptimalSms.cpp - Eq. (34) and energy savings -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/OptimalSms.h"

#include "gpa/Timing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

GatingNote gatingNote(const EnergySavings &S, const std::string &GpuName) {
  GatingNote N;
  if (S.Assumption == "not_power_gated") {
    // The GPU model states it (measured or derived): the headline prices
    // every SM's constant power; IPP's Eq. (16) would gate idle SMs.
    N.Assumption = "idle SMs not power-gated: " + GpuName +
                   "'s sm_footprint.power_gating = 0" +
                   (S.AssumptionKind.empty() ? "" : ", " + S.AssumptionKind);
    N.OtherPct = S.IppEq16Pct;
    N.OtherKey = "IppEq16SavedPct";
    N.OtherLabel = "if they were gated, IPP Eq. 16";
  } else {
    N.Assumption = "IPP Eq. 16's power, log-shaped in the active SMs: the " +
                   GpuName +
                   " model does not say whether idle SMs are power-gated";
    N.OtherPct = S.PowerGatingPct;
    N.OtherKey = "PowerGatingSavedPct";
    N.OtherLabel = "if idle SMs were fully gated, IPP §6.4.2";
  }
  return N;
}

std::string gatingNoteText(const GatingNote &N) {
  char Pct[32];
  std::snprintf(Pct, sizeof(Pct), "%.1f%%", N.OtherPct);
  return "(" + N.Assumption + "; " + Pct + " " + N.OtherLabel + ")";
}

} // namespace gpa
