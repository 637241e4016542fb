//===- SmFootprints.cpp - Seed 004: per-SM work and core footprints -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SmFootprints.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpa {

std::uint64_t blocksOnSm(std::uint64_t Blocks, unsigned NumSms, unsigned Sm) {
  if (NumSms == 0)
    return 0;
  return Blocks / NumSms + (Sm < Blocks % NumSms ? 1 : 0);
}

Footprints computeFootprints(const FootprintLaunch &L,
                             const FootprintPower &P) {
  Footprints F;
  unsigned S = std::max(L.NumSms, 1u);
  double Slots = std::max(L.ResidentBlocksPerSm, 1.0);
  unsigned All = std::max(S, L.GpuSms);
  // An SM runs Blocks / S blocks or one more (blocksOnSm), or none: the
  // three footprints are computed once, and the sums are count x value
  // (evaluations per second: bench/run.sh).
  std::uint64_t Even = L.Blocks / S;
  unsigned Extra = static_cast<unsigned>(L.Blocks % S);
  F.Count[ExtraBlock] = Extra;
  F.Count[FootprintClass::Even] = S - Extra;
  F.Count[Idle] = All - S;
  for (unsigned I = 0; I < NumFootprintClasses; ++I) {
    SmFootprint &Sm = F.Classes[I];
    Sm.Sm = I == ExtraBlock ? 0 : I == FootprintClass::Even ? Extra : S;
    Sm.Blocks = I == ExtraBlock             ? Even + 1
                : I == FootprintClass::Even ? Even
                                            : 0;
    double N = static_cast<double>(Sm.Blocks);
    Sm.WorkS = N * L.WaveTimeS;         // Eq. (1)
    Sm.CoreS = N / Slots * L.WaveTimeS; // see the header
    if (F.Count[I] == 0)
      continue;
    F.KernelTimeS = std::max(F.KernelTimeS, Sm.CoreS); // T = max CF(c)
    if (Sm.Blocks > 0)
      F.BusySms += F.Count[I];
  }
  // The sums over the SMs are count x value per class, one rounding per
  // class. Added SM by SM in scheduler order they were 2 x Num_SMs
  // dependent additions per configuration, about half of an evaluation's
  // time (docs/architecture.md "Cost"); the closed form moved some reports'
  // last digits once, and the same input still gives the same bytes.
  double TotalWork = 0;
  for (unsigned I = 0; I < NumFootprintClasses; ++I) {
    SmFootprint &Sm = F.Classes[I];
    // Eq. (5): SP(c) x T = static power x CF(c) when gated, x T otherwise.
    Sm.StaticJ =
        P.StaticPowerPerSmW * (P.PowerGating ? Sm.CoreS : F.KernelTimeS);
    if (F.Count[I] == 0)
      continue;
    double N = F.Count[I];
    TotalWork += N * Sm.WorkS; // WF, the sum of WF(c) (Eq. 3)
    F.StaticJ += N * Sm.StaticJ;
  }
  for (unsigned I = 0; I < NumFootprintClasses; ++I) {
    SmFootprint &Sm = F.Classes[I];
    // Eq. (3): DE(c) / DE = WF(c) / WF.
    Sm.DynamicJ =
        TotalWork > 0 ? P.CoreDynamicEnergyJ * Sm.WorkS / TotalWork : 0;
    if (F.Count[I] != 0)
      F.DynamicJ += F.Count[I] * Sm.DynamicJ;
  }
  return F;
}

std::vector<SmFootprint> Footprints::perSm() const {
  std::vector<SmFootprint> Sms;
  Sms.reserve(gpuSms());
  for (unsigned I = 0; I < NumFootprintClasses; ++I)
    for (unsigned C = 0; C < Count[I]; ++C) {
      Sms.push_back(Classes[I]);
      Sms.back().Sm = Classes[I].Sm + C;
    }
  return Sms;
}

const std::vector<std::string> &footprintParameterNames() {
  static const std::vector<std::string> Names = {
      "power_gating",       "static_power_per_sm_w", "dvfs_ref_clock_mhz",
      "dvfs_ref_voltage_v", "dvfs_min_clock_mhz",    "dvfs_min_voltage_v",
      "dvfs_max_clock_mhz", "dvfs_step_mhz"};
  return Names;
}

namespace {
/// One SM's energy at table index I until Deadline (Eq. 8-9).
double smEnergyJ(const SmClockTable &T, double RefV, const SmFootprint &Sm,
                 const FootprintPower &P, std::size_t I, double DeadlineS) {
  double Ratio = T.Voltage[I] / RefV;
  double Busy = Sm.CoreS * T.RefMhz / T.ClocksMhz[I];
  double StaticTime = P.PowerGating ? Busy : DeadlineS;
  return Sm.DynamicJ * Ratio * Ratio + P.StaticPowerPerSmW * Ratio * StaticTime;
}
} // namespace

bool linearSmClockTable(const PowerParameters *Params, SmClockTable &T,
                        std::vector<std::string> &Missing,
                        std::vector<ParameterUse> *Used) {
  if (!Params) {
    Missing.push_back(
        "sm_footprint (the GPU model has no per-clock parameters)");
    return false;
  }
  ParameterLookup L(Params, "sm_footprint");
  double RefMhz = L.get("dvfs_ref_clock_mhz");
  double RefV = L.get("dvfs_ref_voltage_v");
  double MinMhz = L.get("dvfs_min_clock_mhz");
  double MinV = L.get("dvfs_min_voltage_v");
  double MaxMhz = L.get("dvfs_max_clock_mhz");
  double StepMhz = L.get("dvfs_step_mhz");
  Missing = L.missing();
  if (!Missing.empty())
    return false;
  if (!(StepMhz > 0) || !(RefMhz > MinMhz) || MaxMhz < RefMhz || !(RefV > 0)) {
    Missing.push_back("sm_footprint: usable clocks (step > 0, min < ref <= "
                      "max, ref voltage > 0)");
    return false;
  }
  // Seed 004 §5: Delta V proportional to Delta f through (min, ref).
  T = SmClockTable();
  T.RefMhz = RefMhz;
  T.Source = "sm_footprint: voltage linear in the clock (seed 004 §5)";
  for (double Mhz = MinMhz; Mhz <= MaxMhz + 1e-9; Mhz += StepMhz)
    T.ClocksMhz.push_back(Mhz);
  if (std::find(T.ClocksMhz.begin(), T.ClocksMhz.end(), RefMhz) ==
      T.ClocksMhz.end())
    T.ClocksMhz.push_back(RefMhz);
  std::sort(T.ClocksMhz.begin(), T.ClocksMhz.end());
  for (double Mhz : T.ClocksMhz)
    T.Voltage.push_back(MinV +
                        (Mhz - MinMhz) * (RefV - MinV) / (RefMhz - MinMhz));
  if (Used)
    *Used = L.used();
  return true;
}

DvfsFrontier perSmDvfsFrontier(const Footprints &F, const FootprintPower &P,
                               double UncoreW, const PowerParameters *Params) {
  DvfsFrontier Out;
  SmClockTable T;
  std::vector<ParameterUse> Used;
  if (!linearSmClockTable(Params, T, Out.MissingParameters, &Used))
    return Out;
  Out = perSmDvfsFrontier(F, P, UncoreW, T);
  Out.Provenance = Used;
  return Out;
}

DvfsFrontier perSmDvfsFrontier(const Footprints &F, const FootprintPower &P,
                               double UncoreW, const SmClockTable &T) {
  DvfsFrontier Out;
  std::size_t RefIndex = T.ClocksMhz.size();
  for (std::size_t I = 0; I < T.ClocksMhz.size(); ++I)
    if (std::fabs(T.ClocksMhz[I] - T.RefMhz) <= 1e-6 * T.RefMhz)
      RefIndex = I;
  if (RefIndex == T.ClocksMhz.size() ||
      T.Voltage.size() != T.ClocksMhz.size() || !(T.Voltage[RefIndex] > 0) ||
      !(F.KernelTimeS > 0)) {
    Out.MissingParameters.push_back(
        "per-SM clocks: a clock table containing the reference clock, one "
        "positive voltage per clock, and a kernel time above 0 s");
    return Out;
  }
  Out.Available = true;
  double RefV = T.Voltage[RefIndex];
  // SMs of one footprint class are equal: each class's energy at the
  // all-SM clock and its best own clock are found once (the clock search
  // is clocks^2 per SM: issue 26, the plugin's cost), and the sums still
  // add SM by SM in scheduler order, so every figure is unchanged.
  std::vector<DvfsPoint> All;
  for (std::size_t G = 0; G < T.ClocksMhz.size(); ++G) {
    DvfsPoint Pt;
    Pt.AllSmClockMhz = T.ClocksMhz[G];
    double Deadline = F.KernelTimeS * T.RefMhz / T.ClocksMhz[G];
    double AllJ = UncoreW * Deadline, PerSmJ = 0, Finish = 0;
    Pt.SmClockMhz.reserve(F.gpuSms());
    for (unsigned K = 0; K < NumFootprintClasses; ++K) {
      if (F.Count[K] == 0)
        continue;
      const SmFootprint &Sm = F.Classes[K];
      double AtAllJ = smEnergyJ(T, RefV, Sm, P, G, Deadline);
      double BestJ = std::numeric_limits<double>::infinity();
      std::size_t BestI = G;
      for (std::size_t C = 0; C < T.ClocksMhz.size(); ++C) {
        if (Sm.CoreS * T.RefMhz / T.ClocksMhz[C] > Deadline * (1 + 1e-12))
          continue; // would finish later than the all-SM setting
        double J = smEnergyJ(T, RefV, Sm, P, C, Deadline);
        if (J < BestJ - 1e-15) {
          BestJ = J;
          BestI = C;
        }
      }
      for (unsigned I = 0; I < F.Count[K]; ++I) {
        AllJ += AtAllJ;
        PerSmJ += BestJ;
        Pt.SmClockMhz.push_back(T.ClocksMhz[BestI]);
      }
      Finish = std::max(Finish, Sm.CoreS * T.RefMhz / T.ClocksMhz[BestI]);
    }
    Pt.TimeS = Finish;
    Pt.AllSmsEnergyJ = AllJ;
    Pt.PerSmEnergyJ = PerSmJ + UncoreW * Finish;
    if (G == RefIndex)
      Out.AtReference = Pt;
    All.push_back(std::move(Pt));
  }
  // Pareto filter: by time, keep points whose energy beats every faster one.
  std::sort(All.begin(), All.end(), [](const DvfsPoint &A, const DvfsPoint &B) {
    return A.TimeS < B.TimeS ||
           (A.TimeS == B.TimeS && A.PerSmEnergyJ < B.PerSmEnergyJ);
  });
  double Best = std::numeric_limits<double>::infinity();
  for (DvfsPoint &Pt : All)
    if (Pt.PerSmEnergyJ < Best) {
      Best = Pt.PerSmEnergyJ;
      Out.Points.push_back(std::move(Pt));
    }
  return Out;
}

} // namespace gpa
