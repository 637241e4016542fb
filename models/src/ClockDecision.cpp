//===- ClockDecision.cpp - The one clock decision -------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ClockDecision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpa {

namespace {
std::string number(const char *Format, double V) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), Format, std::isfinite(V) ? V : 0.0);
  return Buffer;
}

bool sameClocks(const ClockPoint &A, const ClockPoint &B) {
  return A.CoreMhz == B.CoreMhz && A.MemMhz == B.MemMhz &&
         A.ActiveSms == B.ActiveSms;
}
} // namespace

std::string clockPairText(const ClockPoint &C) {
  return "core " + number("%.0f", C.CoreMhz) + " MHz, " +
         (C.MemMhz > 0 ? "memory " + number("%.0f", C.MemMhz) + " MHz"
                       : std::string("memory as modelled"));
}

std::string clockBasisText(const ClockAxes &A, const GpuModel &Gpu) {
  if (A.Dvfs)
    return std::string("dvfs model, ") +
           (A.Estimated ? "estimated parameters" : "calibrated");
  std::string VoltageKind = "assumed";
  for (const ParameterUse &U : A.Sources)
    if (U.Name == "dvfs_min_voltage_v")
      VoltageKind = U.Param.Kind;
  return "estimated: the " + Gpu.PowerBackendName +
         " model at the reference clock scaled by V^2 f, voltage line " +
         VoltageKind;
}

ClockChoice chooseClock(const std::vector<ClockPoint> &Points,
                        const ClockPoint &Ref, double MaxSlowdownPct,
                        double MinSavingPct) {
  ClockChoice C;
  C.Chosen = Ref;
  std::string Bound = number("%g", MaxSlowdownPct) + "% of the fastest";
  if (Points.empty()) {
    C.Reason = "no clock pair was priced";
    return C;
  }
  double Fastest = Points.front().ExecTimeS;
  for (const ClockPoint &P : Points)
    Fastest = std::min(Fastest, P.ExecTimeS);
  const ClockPoint *Best = nullptr;
  for (const ClockPoint &P : Points)
    if (P.ExecTimeS <= (1 + MaxSlowdownPct / 100) * Fastest &&
        (!Best || P.EnergyJ < Best->EnergyJ))
      Best = &P;
  if (!Best) { // no finite time
    C.Reason = "no clock pair has a finite time";
    return C;
  }
  if (sameClocks(*Best, Ref)) {
    C.Reason = "the reference clocks use the least energy within " + Bound;
    return C;
  }
  // Never advise a point the model itself prices above the reference (the
  // reference can lie outside the bound when a faster pair exists).
  if (!(Best->EnergyJ < Ref.EnergyJ)) {
    // The joint clock x SM table (gpa sweep --clocks) names the SMs.
    std::string Sms = Best->ActiveSms == Ref.ActiveSms
                          ? ""
                          : ", " + std::to_string(Best->ActiveSms) + " SMs";
    C.Reason = "the least-energy clock pair within " + Bound + " (" +
               clockPairText(*Best) + Sms + ", " +
               number("%.6g", Best->EnergyJ) +
               " J) uses no less energy "
               "than the reference clocks (" +
               number("%.6g", Ref.EnergyJ) + " J)";
    return C;
  }
  // The decision's min_saving (decide()): a change must be worth making.
  double SavingPct = 100 * (1 - Best->EnergyJ / Ref.EnergyJ);
  if (SavingPct < MinSavingPct) {
    C.Reason = "the least-energy clock pair within " + Bound + " (" +
               clockPairText(*Best) + ") saves " + number("%.1f", SavingPct) +
               "% energy, under the " + number("%g", MinSavingPct) +
               "% minimum saving";
    return C;
  }
  C.Change = true;
  C.Chosen = *Best;
  C.EnergySavingPct = SavingPct;
  C.SlowdownPct = 100 * (Best->ExecTimeS / Ref.ExecTimeS - 1);
  return C;
}

ClockDecision decideClocks(const KernelProfile &P, const GpuModel &Gpu,
                           const DecisionPolicy &Policy) {
  ClockDecision D;
  D.MaxSlowdownPct = Policy.MaxSlowdownPct;
  ClockAxes A;
  if (!clockAxes(Gpu, A, D.Reason))
    return D;
  D.Dvfs = A.Dvfs;
  D.Estimated = A.Estimated;
  D.Basis = clockBasisText(A, Gpu);
  D.BasisDetail = A.Basis;
  D.ClockPairs = unsigned(A.CoreMhz.size() * A.MemMhz.size());
  if (D.ClockPairs < 2) {
    D.Reason = "GPU model '" + Gpu.Name +
               "' has one clock pair: no other clock to compare";
    return D;
  }
  std::vector<ClockPoint> Points;
  if (!sweepClocks(P, Gpu, {}, Points, D.Reason))
    return D;
  const ClockPoint *Ref = nullptr;
  for (const ClockPoint &C : Points)
    if (C.CoreMhz == A.RefCoreMhz && C.MemMhz == A.RefMemMhz)
      Ref = &C;
  if (!Ref) {
    D.Reason = "the reference clocks (core " + number("%.0f", A.RefCoreMhz) +
               " MHz) are not in the model's clock table";
    return D;
  }
  if (!(Ref->EnergyJ > 0) || !std::isfinite(Ref->EnergyJ)) {
    D.Reason = "the energy at the reference clocks is not positive";
    return D;
  }
  D.Available = true;
  D.Reference = *Ref;
  D.Fastest = Points.front();
  for (const ClockPoint &C : Points)
    if (C.ExecTimeS < D.Fastest.ExecTimeS)
      D.Fastest = C;
  D.Choice =
      chooseClock(Points, *Ref, Policy.MaxSlowdownPct, Policy.MinSavingPct);
  return D;
}

} // namespace gpa
