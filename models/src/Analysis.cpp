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

KernelProfile shapeProfile(const KernelProfile &P, const LaunchShape &Shape) {
  KernelProfile Run = P;
  Run.Launch.Blocks = Shape.Blocks;
  if (Shape.WorkScale != 1) {
    // Every per-thread quantity, not only the unit counts: unscaled load
    // rounds made a grid of 22 blocks each doing 11915 blocks' work wait one
    // memory latency per 35000 loads, and the runtime shrank a 2^26-float
    // a*x+y to it on an H100: 16.5 times slower than as written, predicted
    // 0.1% (docs/validation.md, "On hardware").
    double W = Shape.WorkScale;
    for (double &Count : Run.PerThread)
      Count *= W;
    if (Run.FlopsPerThread)
      *Run.FlopsPerThread = {Run.FlopsPerThread->Fp32 * W,
                             Run.FlopsPerThread->Fp64 * W};
    Run.UncoalescedMem *= W;
    Run.LoadRounds *= W;
    Run.BarrierLoadRounds *= W;
    Run.SharedBankReplays *= W;
    for (GlobalAccessFact &A : Run.GlobalAccesses)
      A.PerThread *= W;
  }
  return Run;
}

Timing timeShape(const KernelProfile &P, const GpuModel &Gpu,
                 const LaunchShape &Shape) {
  return computeTiming(shapeProfile(P, Shape), Gpu, Shape.ActiveSms,
                       Shape.ActiveBlocksPerSm, Shape.Rep);
}

SweepConstants sweepConstants(const KernelProfile &P, const GpuModel &Gpu) {
  return {smFootprintConstants(Gpu), profileTiming(P, Gpu),
          powerProfileConstants(P, Gpu)};
}

bool evaluateShape(const KernelProfile &P, const GpuModel &Gpu,
                   const LaunchShape &Shape, std::string_view Backend,
                   Evaluation &E, std::string &Error) {
  return evaluateShape(P, Gpu, sweepConstants(P, Gpu), Shape, Backend, E,
                       Error);
}

/// The model for one configuration of Run, the configuration's own profile.
/// ProfileTiming, ProfilePower: profileTiming(Run, Gpu),
/// powerProfileConstants(Run, Gpu).
static bool evaluateRun(const KernelProfile &Run, const GpuModel &Gpu,
                        const SmFootprintConstants &K,
                        const Timing &ProfileTiming,
                        const PowerProfileConstants &ProfilePower,
                        const LaunchShape &Shape, std::string_view Backend,
                        Evaluation &E, std::string &Error) {
  // Every field is assigned below (not reset first: the estimate keeps its
  // components' storage when E is reused, docs/architecture.md "Cost").
  E.ActiveSms = Shape.ActiveSms;
  E.Shape = Shape;
  computeTiming(Run, Gpu, ProfileTiming, Shape.ActiveSms,
                Shape.ActiveBlocksPerSm, Shape.Rep, E.Time);
  computePower(Run, Gpu, E.Time, K.IdleSmsPowered, ProfilePower, E.Pow);
  if (!estimatePower(
          {Run, E.Time, memoryLevelBytes(Run, Gpu, E.Time), {}, &E.Pow}, Gpu,
          Backend, E.Est, Error)) {
    E = Evaluation();
    return false;
  }
  E.Sms = priceSmFootprints(
      Gpu, Shape.ActiveSms, Shape.Blocks, Shape.ActiveBlocksPerSm, Shape.Rep,
      E.Time.ExecTimeS, E.Est, smStaticModel(Gpu, K, E.Est));
  E.TotalPowerW = E.Time.ExecTimeS > 0 ? E.Sms.EnergyJ / E.Time.ExecTimeS
                                       : E.Est.TotalPowerW;
  E.RuntimePowerW = std::max(0.0, E.Est.TotalPowerW - E.Est.StaticPowerW);
  E.Eff = computeEfficiency(Run, Gpu, E.Time.ExecTimeS, E.TotalPowerW,
                            E.RuntimePowerW);
  return true;
}

bool evaluateShape(const KernelProfile &P, const GpuModel &Gpu,
                   const SweepConstants &K, const LaunchShape &Shape,
                   std::string_view Backend, Evaluation &E,
                   std::string &Error) {
  // The configuration's own profile: its grid, and each thread's counts
  // scaled by the work it now does (grid and paper mechanisms). Copied only
  // then: a profile holds a name and a vector (allocations per evaluation).
  // The profile terms depend on the counts, not on the grid.
  if (Shape.WorkScale != 1) {
    KernelProfile Run = shapeProfile(P, Shape);
    return evaluateRun(Run, Gpu, K.Sms, profileTiming(Run, Gpu),
                       powerProfileConstants(Run, Gpu), Shape, Backend, E,
                       Error);
  }
  if (Shape.Blocks != P.Launch.Blocks)
    return evaluateRun(shapeProfile(P, Shape), Gpu, K.Sms, K.ProfileTiming,
                       K.ProfilePower, Shape, Backend, E, Error);
  return evaluateRun(P, Gpu, K.Sms, K.ProfileTiming, K.ProfilePower, Shape,
                     Backend, E, Error);
}

bool evaluateAt(const KernelProfile &P, const GpuModel &Gpu,
                const Occupancy &Occ, unsigned ActiveSms,
                std::string_view Backend, Evaluation &Out, std::string &Error) {
  return evaluateAt(P, Gpu, sweepConstants(P, Gpu), Occ, ActiveSms, Backend,
                    Out, Error);
}

bool evaluateAt(const KernelProfile &P, const GpuModel &Gpu,
                const SweepConstants &K, const Occupancy &Occ,
                unsigned ActiveSms, std::string_view Backend, Evaluation &Out,
                std::string &Error) {
  return evaluateShape(P, Gpu, K, onSms(Gpu, Occ, P.Launch.Blocks, ActiveSms),
                       Backend, Out, Error);
}

SweepPoint sweepPoint(const Evaluation &E) {
  return {E.ActiveSms, E.Shape.Blocks, E.Time.ExecTimeS, E.TotalPowerW,
          E.Eff.Gips,  E.Eff.GipsPerW, E.Eff.EnergyJ};
}

static EnergyPoint energyPoint(const Evaluation &E) {
  return {E.ActiveSms, E.Time.ExecTimeS, E.RuntimePowerW, E.TotalPowerW,
          E.Pow.IppRuntimePowerW + E.Pow.IdlePowerW};
}

static Candidate candidate(const SweepPoint &S) {
  return {S.ActiveSms,   S.Blocks,  S.ExecTimeS,
          S.TotalPowerW, S.EnergyJ, S.GipsPerW};
}

static bool sameShape(const LaunchShape &A, const LaunchShape &B) {
  return A.ActiveSms == B.ActiveSms && A.Blocks == B.Blocks &&
         A.WorkScale == B.WorkScale;
}

static bool computeAdvice(const KernelProfile &P, const GpuModel &Gpu,
                          const SweepConstants &K,
                          const AnalysisOptions &Options, KernelAnalysis &A,
                          std::string &Error) {
  Advice &Adv = A.Adv;
  Adv.Mech = Options.Mech;
  Adv.Policy = Options.Policy;
  // Eq. (34) on the launch as written: the classification and the paper's
  // closed form, reported beside the recommendation.
  const Timing &T = A.AllSms.Time;
  Adv.BandwidthBound = isBandwidthLimited(T.Mwp, T.Cwp, T.N, T.MwpPeakBw);
  Adv.Eq34ActiveSms =
      Adv.BandwidthBound
          ? bandwidthOptimalSms(Gpu.MemBandwidthGbps, T.BwPerWarpGbps, T.N,
                                A.MaxUsefulSms)
          : A.MaxUsefulSms;
  // The sweep of the mechanism that will be applied, and the decision.
  std::vector<LaunchShape> Shapes =
      mechanismShapes(Options.Mech, Gpu, A.Occ, P.Launch.Blocks);
  LaunchShape Base = launchAsWritten(Options.Mech, Gpu, A.Occ, P.Launch.Blocks);
  Evaluation BaseEval = A.AllSms;
  if (Options.Mech == Mechanism::Paper &&
      !evaluateShape(P, Gpu, K, Base, A.PowerBackend, BaseEval, Error))
    return false;
  std::vector<Evaluation> Evals;
  std::vector<Candidate> Cands;
  std::size_t BaseIndex = 0;
  A.Sweep.clear();
  A.Sweep.reserve(Shapes.size());
  Evals.reserve(Shapes.size());
  for (std::size_t I = 0; I < Shapes.size(); ++I) {
    bool IsBase = sameShape(Shapes[I], Base);
    Evals.emplace_back();
    if (IsBase)
      Evals.back() = BaseEval;
    else if (!evaluateShape(P, Gpu, K, Shapes[I], A.PowerBackend, Evals.back(),
                            Error))
      return false;
    if (IsBase)
      BaseIndex = I;
    A.Sweep.push_back(sweepPoint(Evals.back()));
    Cands.push_back(candidate(A.Sweep.back()));
  }
  Adv.Rec = decide(Cands, BaseIndex, Options.Policy);
  A.Recommended = Adv.Rec.Change ? Evals[Adv.Rec.Index] : BaseEval;
  Adv.RecommendedActiveSms = A.Recommended.ActiveSms;
  Adv.RecommendedBlocks = A.Recommended.Shape.Blocks;
  if (Adv.Rec.Change)
    Adv.Savings =
        computeEnergySavings(energyPoint(A.Recommended), energyPoint(BaseEval));
  if (idleSmsPowered(Gpu)) {
    const PowerParameter &G = Gpu.SmFootprint->at("power_gating");
    Adv.Savings.Assumption = "not_power_gated";
    Adv.Savings.AssumptionKind = G.Kind;
    Adv.Savings.AssumptionSource =
        "sm_footprint.power_gating = 0 (" + G.Kind + "): " + G.Source;
  } else {
    Adv.Savings.AssumptionSource =
        "the GPU model does not state sm_footprint.power_gating = 0: IPP "
        "Eq. (16)'s power, log-shaped in the active SMs";
  }
  if (!Options.WithSweep)
    A.Sweep.clear();
  return true;
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
  // Eq. (21)'s leakage growth on top of the backend's power.
  A.Thermal.SteadyTotalPowerW =
      A.Requested.Est.TotalPowerW +
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
  A.PowerBackend = Options.PowerBackend.empty() ? Gpu.PowerBackendName
                                                : Options.PowerBackend;
  const SweepConstants K = sweepConstants(P, Gpu);
  if (!evaluateShape(
          P, Gpu, K,
          launchAsWritten(Mechanism::Sm, Gpu, A.Occ, P.Launch.Blocks),
          A.PowerBackend, A.AllSms, Error))
    return false;
  A.Requested = A.AllSms;
  if (Options.ActiveSms != 0 && !evaluateAt(P, Gpu, K, A.Occ, Options.ActiveSms,
                                            A.PowerBackend, A.Requested, Error))
    return false;
  if (!computeAdvice(P, Gpu, K, Options, A, Error))
    return false;
  A.SmClocks = smClockFrontier(Gpu, A.PowerBackend, A.Requested.Sms);
  computeThermalOutlook(P, Gpu, A);
  if (Options.WithClockAdvice)
    A.Clock = decideClocks(P, Gpu, Options.Policy);
  return true;
}

} // namespace gpa
