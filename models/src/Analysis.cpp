//===- Analysis.cpp - Occupancy, timing, power, efficiency and advice -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Analysis.h"

#include "gpa/Thermal.h"

#include <algorithm>

namespace gpa {

static unsigned maxUsefulSms(const KernelProfile &P, const GpuModel &Gpu) {
  std::uint64_t Blocks = std::max<std::uint64_t>(P.Launch.Blocks, 1);
  return static_cast<unsigned>(std::min<std::uint64_t>(Gpu.NumSms, Blocks));
}

Evaluation evaluateAt(const KernelProfile &P, const GpuModel &Gpu,
                      const Occupancy &Occ, unsigned ActiveSms) {
  Evaluation E;
  unsigned AllSms = maxUsefulSms(P, Gpu);
  E.ActiveSms = std::clamp(ActiveSms, 1u, AllSms);
  // The launch as given, on all the SMs it can use: min(limit, ceil(B/S))
  // resident blocks, Rep waves on the busiest SM.
  std::uint64_t BlocksPerSm = (P.Launch.Blocks + AllSms - 1) / AllSms;
  double ActiveBlocksPerSm = static_cast<double>(
      std::min<std::uint64_t>(Occ.MaxActiveBlocksPerSm, BlocksPerSm));
  double RepAll = wavesOnBusiestSm(P.Launch.Blocks, AllSms, ActiveBlocksPerSm);
  // The same work spread evenly over fewer SMs keeps each SM's residency
  // (N) and gives each SM proportionally more waves (see Analysis.h).
  double Rep = RepAll * AllSms / E.ActiveSms;
  E.Time = computeTiming(P, Gpu, E.ActiveSms, ActiveBlocksPerSm, Rep);
  E.Pow = computePower(P, Gpu, E.Time);
  E.Eff = computeEfficiency(P, Gpu, E.Time.ExecTimeS, E.Pow.TotalPowerW,
                            E.Pow.RuntimePowerW);
  return E;
}

SweepPoint sweepPoint(const Evaluation &E) {
  return {E.ActiveSms, E.Time.ExecTimeS, E.Pow.TotalPowerW,
          E.Eff.Gips,  E.Eff.GipsPerW,   E.Eff.EnergyJ};
}

static EnergyPoint energyPoint(const Evaluation &E) {
  return {E.ActiveSms, E.Time.ExecTimeS, E.Pow.RuntimePowerW,
          E.Pow.TotalPowerW};
}

static void computeAdvice(const KernelProfile &P, const GpuModel &Gpu,
                          KernelAnalysis &A) {
  const Timing &T = A.AllSms.Time;
  A.Adv.BandwidthBound = isBandwidthLimited(T.Mwp, T.Cwp, T.N, T.MwpPeakBw);
  A.Adv.OptimalActiveSms =
      A.Adv.BandwidthBound
          ? bandwidthOptimalSms(Gpu.MemBandwidthGbps, T.BwPerWarpGbps, T.N,
                                A.MaxUsefulSms)
          : A.MaxUsefulSms;
  // Argmax of GIPS/W; on ties the fewest SMs win (same efficiency, less
  // hardware busy).
  A.Adv.OptimalActiveSmsArgmax = A.MaxUsefulSms;
  double Best = -1;
  for (const SweepPoint &E : A.Sweep) {
    if (E.GipsPerW > Best * (1 + 1e-12)) {
      Best = E.GipsPerW;
      A.Adv.OptimalActiveSmsArgmax = E.ActiveSms;
    }
  }
  Evaluation AtOptimal =
      A.Adv.OptimalActiveSms == A.AllSms.ActiveSms
          ? A.AllSms
          : evaluateAt(P, Gpu, A.Occ, A.Adv.OptimalActiveSms);
  A.Adv.Savings =
      computeEnergySavings(energyPoint(AtOptimal), energyPoint(A.AllSms));
}

static void computeThermalOutlook(const KernelProfile &P, const GpuModel &Gpu,
                                  KernelAnalysis &A) {
  // Eq. (20): Memory_Insts are global and local memory instructions.
  double Mem = P.count(Unit::GlobalMem) + P.count(Unit::LocalMem);
  A.Thermal.MemAccessIntensity =
      memAccessIntensity(Mem, P.totalInstructions() - Mem);
  const Power &Pow = A.Requested.Pow;
  A.Thermal.MaxTempC =
      maxTemperatureC(Gpu, Pow.RuntimePowerW, A.Thermal.MemAccessIntensity);
  A.Thermal.SteadyTotalPowerW =
      Pow.TotalPowerW +
      Gpu.LeakagePowerPerDegreeWPerC * (A.Thermal.MaxTempC - Gpu.IdleTempC);
}

bool analyzeKernel(const KernelProfile &P, const GpuModel &Gpu,
                   const AnalysisOptions &Options, KernelAnalysis &A,
                   std::string &Error) {
  A = KernelAnalysis();
  A.Profile = P;
  if (P.Launch.Blocks == 0) {
    Error = "blocks is 0: nothing is launched";
    return false;
  }
  A.Occ = computeOccupancy(P.Launch, Gpu);
  if (!A.Occ.Fits) {
    Error = "the launch cannot run on " + Gpu.Name + ": " + A.Occ.Reason;
    return false;
  }
  A.MaxUsefulSms = maxUsefulSms(P, Gpu);
  A.AllSms = evaluateAt(P, Gpu, A.Occ, A.MaxUsefulSms);
  A.Requested = Options.ActiveSms == 0
                    ? A.AllSms
                    : evaluateAt(P, Gpu, A.Occ, Options.ActiveSms);
  if (Options.WithSweep) {
    A.Sweep.reserve(A.MaxUsefulSms);
    for (unsigned S = 1; S <= A.MaxUsefulSms; ++S)
      A.Sweep.push_back(sweepPoint(
          S == A.MaxUsefulSms ? A.AllSms : evaluateAt(P, Gpu, A.Occ, S)));
  }
  computeAdvice(P, Gpu, A);
  computeThermalOutlook(P, Gpu, A);
  return true;
}

} // namespace gpa
