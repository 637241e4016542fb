//===- Analysis.h - One kernel through the whole IPP pipeline -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// occupancy -> HK09 timing -> IPP power -> efficiency -> Eq. (34) advice and
// the active-SM sweep. The pass, the CLI and the runtime all call this.
//
// Active SMs. The launch as given runs on min(Num_SMs, B) SMs with
// min(occupancy limit, ceil(B / SMs)) resident blocks each (N warps) and Rep
// waves on its busiest SM. On S < all SMs the model keeps the same total work
// and spreads it evenly: each SM keeps its residency (N) and runs
// Rep_all x SMs_all / S waves. That is IPP §6.4's experiment (one block per
// SM, "each core executes more instructions" on fewer cores) and what the
// launch rewrite does (a grid-stride kernel on optimal SMs x blocks per SM);
// it is what Eq. (34) assumes when it holds N fixed. The sweep and
// `gpa model --active-sms` both use it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_ANALYSIS_H
#define GPA_ANALYSIS_H

#include "gpa/Efficiency.h"
#include "gpa/Occupancy.h"
#include "gpa/OptimalSms.h"
#include "gpa/Power.h"
#include "gpa/Timing.h"

#include <string>
#include <vector>

namespace gpa {

struct Evaluation {
  unsigned ActiveSms = 0;
  Timing Time;
  Power Pow;
  Efficiency Eff;
};

/// One point of the active-SM sweep: what reports and plots show (a full
/// Evaluation is ~1 KB; sweeps hold one per SM for every kernel).
struct SweepPoint {
  unsigned ActiveSms = 0;
  double ExecTimeS = 0;
  double TotalPowerW = 0;
  double Gips = 0;
  double GipsPerW = 0;
  double EnergyJ = 0;
};

SweepPoint sweepPoint(const Evaluation &E);

struct Advice {
  bool BandwidthBound = false;
  unsigned OptimalActiveSms = 0;       // Eq. (34)
  unsigned OptimalActiveSmsArgmax = 0; // argmax of Eq. (28) over the sweep
  EnergySavings Savings;               // at the Eq. (34) optimum vs all SMs
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
  Evaluation AllSms;
  Advice Adv;
  ThermalOutlook Thermal;
  std::vector<SweepPoint> Sweep; // 1..MaxUsefulSms
};

struct AnalysisOptions {
  unsigned ActiveSms = 0; // 0: all useful SMs
  bool WithSweep = true;
};

/// The model at one active-SM count; Occ must come from computeOccupancy for
/// the same launch and fit. ActiveSms is clamped to [1, min(Num_SMs, B)].
Evaluation evaluateAt(const KernelProfile &Profile, const GpuModel &Gpu,
                      const Occupancy &Occ, unsigned ActiveSms);

/// Runs the whole pipeline. Returns false with Error set when the launch
/// cannot run on the GPU (a block does not fit) or has no blocks.
bool analyzeKernel(const KernelProfile &Profile, const GpuModel &Gpu,
                   const AnalysisOptions &Options, KernelAnalysis &Out,
                   std::string &Error);

} // namespace gpa

#endif
