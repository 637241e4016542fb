//===- Analysis.h - One kernel through the whole IPP pipeline -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// occupancy -> HK09 timing -> power (the GPU model's default backend, or
// the one asked for: PowerBackend.h) -> seed 004's per-SM pricing
// (SmPricing.h) -> efficiency -> the decision over the mechanism's sweep.
// The pass, the CLI and the runtime all call this. IPP's power is always
// computed too: its temperature model (Eq. 19-21) is the thermal outlook.
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

#include "gpa/ClockDecision.h"
#include "gpa/Decision.h"
#include "gpa/Efficiency.h"
#include "gpa/Mechanism.h"
#include "gpa/Occupancy.h"
#include "gpa/OptimalSms.h"
#include "gpa/Power.h"
#include "gpa/PowerBackend.h"
#include "gpa/SmPricing.h"
#include "gpa/Timing.h"

#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct Evaluation {
  unsigned ActiveSms = 0;
  LaunchShape Shape;
  Timing Time;
  Power Pow;         // IPP (Hong & Kim 2010), for its temperature model
  PowerEstimate Est; // the power backend's, uniform over the launch
  SmEnergy Sms;      // seed 004: the launch priced SM by SM
  /// Launch averages: Sms.EnergyJ / time, and the backend's power above its
  /// static power. The sweep, the decision and the report use these.
  double TotalPowerW = 0;
  double RuntimePowerW = 0;
  Efficiency Eff; // EnergyJ = Sms.EnergyJ
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
  std::string PowerBackend;      // the backend every number above uses
  /// Seed 004 §5 per-SM clocks for Requested, where the GPU model has
  /// per-clock parameters (else MissingParameters says which).
  DvfsFrontier SmClocks;
  /// The clock decision (ClockDecision.h) at all useful SMs; absent unless
  /// AnalysisOptions::WithClockAdvice asked for it (it prices every clock
  /// pair: the plugin asks only for a shown remark or a report).
  std::optional<ClockDecision> Clock;
};

struct AnalysisOptions {
  unsigned ActiveSms = 0; // 0: all useful SMs (same grid on S SMs otherwise)
  bool WithSweep = true;  // keep the sweep in the result (always evaluated)
  bool WithClockAdvice = false; // decide the clocks (KernelAnalysis::Clock)
  Mechanism Mech = Mechanism::Sm;
  DecisionPolicy Policy;
  std::string PowerBackend; // "": the GPU model's default
};

/// HK09's time for one configuration: the configuration's grid, each
/// thread's counts scaled by its work.
KernelProfile shapeProfile(const KernelProfile &Profile,
                           const LaunchShape &Shape);
Timing timeShape(const KernelProfile &Profile, const GpuModel &Gpu,
                 const LaunchShape &Shape);

/// What every evaluation of one profile on one GPU model shares, made once
/// per sweep: the GPU's sm_footprint constants and the profile's HK09 and
/// IPP terms (docs/architecture.md "Cost"). Valid for that profile (or one
/// that differs only in its grid) and that GPU model, unchanged since.
struct SweepConstants {
  SmFootprintConstants Sms;
  Timing ProfileTiming;               // profileTiming(Profile, Gpu)
  PowerProfileConstants ProfilePower; // powerProfileConstants(Profile, Gpu)
};
SweepConstants sweepConstants(const KernelProfile &Profile,
                              const GpuModel &Gpu);

/// The model for one configuration with power backend Backend ("": the GPU
/// model's default). Fails, saying why, when the backend has no parameters
/// for the GPU; nothing is substituted.
bool evaluateShape(const KernelProfile &Profile, const GpuModel &Gpu,
                   const LaunchShape &Shape, std::string_view Backend,
                   Evaluation &Out, std::string &Error);
/// The same with sweepConstants(Profile, Gpu) made already (a sweep
/// evaluates many configurations of one profile on one GPU model).
bool evaluateShape(const KernelProfile &Profile, const GpuModel &Gpu,
                   const SweepConstants &K, const LaunchShape &Shape,
                   std::string_view Backend, Evaluation &Out,
                   std::string &Error);

/// The same grid on ActiveSms SMs (green-context partition), clamped to
/// [1, min(Num_SMs, B)]; Occ must come from computeOccupancy for the same
/// launch and fit.
bool evaluateAt(const KernelProfile &Profile, const GpuModel &Gpu,
                const Occupancy &Occ, unsigned ActiveSms,
                std::string_view Backend, Evaluation &Out, std::string &Error);
bool evaluateAt(const KernelProfile &Profile, const GpuModel &Gpu,
                const SweepConstants &K, const Occupancy &Occ,
                unsigned ActiveSms, std::string_view Backend, Evaluation &Out,
                std::string &Error);

/// Runs the whole pipeline. Returns false with Error set when the launch
/// cannot run on the GPU (a block does not fit) or has no blocks.
bool analyzeKernel(const KernelProfile &Profile, const GpuModel &Gpu,
                   const AnalysisOptions &Options, KernelAnalysis &Out,
                   std::string &Error);

} // namespace gpa

#endif
