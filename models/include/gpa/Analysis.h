//===- Analysis.h - One kernel through the whole IPP pipeline -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// occupancy -> HK09 timing -> IPP power -> efficiency -> Eq. (34) advice and
// the active-SM sweep. The pass, the CLI and the runtime all call this.
//
// Active SMs. The launch as given runs on min(Num_SMs, B) SMs with
// min(occupancy limit, ceil(B / SMs)) resident blocks each (N warps) and Rep
// waves on its busiest SM. The sweep evaluates every configuration one
// mechanism (Mechanism.h) can produce, counted the way it executes, and the
// recommendation is decide()'s (Decision.h) over that sweep. Eq. (34) is
// reported beside it and classifies bandwidth-bound kernels.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_ANALYSIS_H
#define GPA_ANALYSIS_H

#include "gpa/Decision.h"
#include "gpa/Efficiency.h"
#include "gpa/Mechanism.h"
#include "gpa/Occupancy.h"
#include "gpa/OptimalSms.h"
#include "gpa/Power.h"
#include "gpa/Timing.h"

#include <string>
#include <vector>

namespace gpa {

struct Evaluation {
  unsigned ActiveSms = 0;
  LaunchShape Shape;
  Timing Time;
  Power Pow;
  Efficiency Eff;
};

/// One point of the active-SM sweep: what reports and plots show (a full
/// Evaluation is ~1 KB; sweeps hold one per SM for every kernel).
struct SweepPoint {
  unsigned ActiveSms = 0;
  std::uint64_t Blocks = 0; // grid size (the grid mechanism changes it)
  double ExecTimeS = 0;
  double TotalPowerW = 0;
  double Gips = 0;
  double GipsPerW = 0;
  double EnergyJ = 0;
};

SweepPoint sweepPoint(const Evaluation &E);

struct Advice {
  bool BandwidthBound = false; // Eq. (34)'s test
  unsigned Eq34ActiveSms = 0;  // Eq. (34)'s closed form, reported only
  Mechanism Mech = Mechanism::Sm;
  DecisionPolicy Policy;
  Recommendation Rec;                  // indexes into the mechanism's sweep
  unsigned RecommendedActiveSms = 0;   // = all useful SMs when no change
  std::uint64_t RecommendedBlocks = 0; // = the launch's blocks when none
  EnergySavings Savings;               // at the recommendation vs as written
};

struct ThermalOutlook {
  double MemAccessIntensity = 0; // Eq. (20)
  double MaxTempC = 0;           // Eq. (19)
  double SteadyTotalPowerW = 0;  // Eq. (21) as t -> infinity
};

struct KernelAnalysis {
  KernelProfile Profile;
  Occupancy Occ;
  unsigned MaxUsefulSms = 0; // min(Num_SMs, Blocks)
  Evaluation Requested;      // at the requested (default: all useful) SMs
  Evaluation AllSms;         // the launch as written
  Evaluation Recommended;    // at Adv's recommendation (= AllSms if no change)
  Advice Adv;
  ThermalOutlook Thermal;
  std::vector<SweepPoint> Sweep; // the mechanism's configurations
};

struct AnalysisOptions {
  unsigned ActiveSms = 0; // 0: all useful SMs (same grid on S SMs otherwise)
  bool WithSweep = true;  // keep the sweep in the result (always evaluated)
  Mechanism Mech = Mechanism::Sm;
  DecisionPolicy Policy;
};

/// The model for one configuration; Occ must come from computeOccupancy for
/// the same launch and fit.
Evaluation evaluateShape(const KernelProfile &Profile, const GpuModel &Gpu,
                         const LaunchShape &Shape);

/// The same grid on ActiveSms SMs (green-context partition), clamped to
/// [1, min(Num_SMs, B)].
Evaluation evaluateAt(const KernelProfile &Profile, const GpuModel &Gpu,
                      const Occupancy &Occ, unsigned ActiveSms);

/// Runs the whole pipeline. Returns false with Error set when the launch
/// cannot run on the GPU (a block does not fit) or has no blocks.
bool analyzeKernel(const KernelProfile &Profile, const GpuModel &Gpu,
                   const AnalysisOptions &Options, KernelAnalysis &Out,
                   std::string &Error);

} // namespace gpa

#endif
