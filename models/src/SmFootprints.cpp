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
  double TotalWork = 0;
  for (unsigned C = 0; C < S; ++C) {
    SmFootprint Sm;
    Sm.Sm = C;
    Sm.Blocks = blocksOnSm(L.Blocks, S, C);
    double N = static_cast<double>(Sm.Blocks);
    Sm.WorkS = N * L.WaveTimeS;         // Eq. (1)
    Sm.CoreS = N / Slots * L.WaveTimeS; // see the header
    TotalWork += Sm.WorkS;
    F.KernelTimeS = std::max(F.KernelTimeS, Sm.CoreS); // T = max CF(c)
    F.BusySms += Sm.Blocks > 0;
    F.Sms.push_back(Sm);
  }
  for (SmFootprint &Sm : F.Sms) {
    // Eq. (3): DE(c) / DE = WF(c) / WF.
    Sm.DynamicJ =
        TotalWork > 0 ? P.CoreDynamicEnergyJ * Sm.WorkS / TotalWork : 0;
    // Eq. (5): SP(c) x T = static power x CF(c) when gated, x T otherwise.
    Sm.StaticJ =
        P.StaticPowerPerSmW * (P.PowerGating ? Sm.CoreS : F.KernelTimeS);
    F.DynamicJ += Sm.DynamicJ;
    F.StaticJ += Sm.StaticJ;
  }
  return F;
}

const std::vector<std::string> &footprintParameterNames() {
  static const std::vector<std::string> Names = {
      "power_gating",       "static_power_per_sm_w", "dvfs_ref_clock_mhz",
      "dvfs_ref_voltage_v", "dvfs_min_clock_mhz",    "dvfs_min_voltage_v",
      "dvfs_max_clock_mhz", "dvfs_step_mhz"};
  return Names;
}

namespace {
struct DvfsModel {
  double RefMhz, RefV, MinMhz, MinV, MaxMhz, StepMhz;
  /// Seed 004 §5: Delta V proportional to Delta f through (min, ref).
  double volts(double Mhz) const {
    return MinV + (Mhz - MinMhz) * (RefV - MinV) / (RefMhz - MinMhz);
  }
  std::vector<double> clocks() const {
    std::vector<double> C;
    for (double F = MinMhz; F <= MaxMhz + 1e-9; F += StepMhz)
      C.push_back(F);
    if (std::find(C.begin(), C.end(), RefMhz) == C.end())
      C.push_back(RefMhz);
    std::sort(C.begin(), C.end());
    return C;
  }
};

/// One SM's energy at clock Mhz until Deadline (Eq. 8-9).
double smEnergyJ(const DvfsModel &M, const SmFootprint &Sm,
                 const FootprintPower &P, double Mhz, double DeadlineS) {
  double Ratio = M.volts(Mhz) / M.RefV;
  double Busy = Sm.CoreS * M.RefMhz / Mhz;
  double StaticTime = P.PowerGating ? Busy : DeadlineS;
  return Sm.DynamicJ * Ratio * Ratio + P.StaticPowerPerSmW * Ratio * StaticTime;
}
} // namespace

DvfsFrontier perSmDvfsFrontier(const Footprints &F, const FootprintPower &P,
                               double UncoreW, const PowerParameters *Params) {
  DvfsFrontier Out;
  if (!Params) {
    Out.MissingParameters.push_back(
        "sm_footprint (the GPU model has no per-clock parameters)");
    return Out;
  }
  ParameterLookup L(Params, "sm_footprint");
  DvfsModel M{L.get("dvfs_ref_clock_mhz"), L.get("dvfs_ref_voltage_v"),
              L.get("dvfs_min_clock_mhz"), L.get("dvfs_min_voltage_v"),
              L.get("dvfs_max_clock_mhz"), L.get("dvfs_step_mhz")};
  Out.MissingParameters = L.missing();
  if (!Out.MissingParameters.empty())
    return Out;
  if (!(M.StepMhz > 0) || !(M.RefMhz > M.MinMhz) || M.MaxMhz < M.RefMhz ||
      !(M.RefV > 0) || !(F.KernelTimeS > 0)) {
    Out.MissingParameters.push_back(
        "sm_footprint: usable clocks (step > 0, min < ref <= max, ref "
        "voltage > 0) and a kernel time above 0 s");
    return Out;
  }
  Out.Available = true;
  Out.Provenance = L.used();
  std::vector<double> Clocks = M.clocks();
  std::vector<DvfsPoint> All;
  for (double G : Clocks) {
    DvfsPoint Pt;
    Pt.AllSmClockMhz = G;
    double Deadline = F.KernelTimeS * M.RefMhz / G;
    double AllJ = UncoreW * Deadline, PerSmJ = 0, Finish = 0;
    for (const SmFootprint &Sm : F.Sms) {
      AllJ += smEnergyJ(M, Sm, P, G, Deadline);
      double BestJ = std::numeric_limits<double>::infinity(), BestMhz = G;
      for (double C : Clocks) {
        if (Sm.CoreS * M.RefMhz / C > Deadline * (1 + 1e-12))
          continue; // would finish later than the all-SM setting
        double J = smEnergyJ(M, Sm, P, C, Deadline);
        if (J < BestJ - 1e-15) {
          BestJ = J;
          BestMhz = C;
        }
      }
      PerSmJ += BestJ;
      Pt.SmClockMhz.push_back(BestMhz);
      Finish = std::max(Finish, Sm.CoreS * M.RefMhz / BestMhz);
    }
    Pt.TimeS = Finish;
    Pt.AllSmsEnergyJ = AllJ;
    Pt.PerSmEnergyJ = PerSmJ + UncoreW * Finish;
    if (G == M.RefMhz)
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
