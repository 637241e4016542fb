//===- OptimalSms.h - IPP's optimal number of active SMs --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// IPP §4.2 Eq. (34) and the energy-savings variants of §6.4.1-6.4.2.
//
// Reading of Eq. (34) condition (1): printed "(MWP == N) or (CWP == N)", it
// cannot be literal: Dotp (Table 4: MWP 10.802, CWP 16 = N) would get all 30
// SMs, yet §6.4.1 reports 20 for it. It is read as Eq. (24)'s not-enough-warps
// case, MWP == N *and* CWP == N (docs/models.md, pipeline step 6).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_OPTIMALSMS_H
#define GPA_OPTIMALSMS_H

#include "gpa/GpuModel.h"

#include <string>

namespace gpa {

/// Eq. (34)'s test: false (use all SMs) when (MWP == N and CWP == N), or
/// MWP > CWP, or MWP < MWP_peak_BW; true when the kernel saturates the
/// memory bandwidth.
bool isBandwidthLimited(double Mwp, double Cwp, double N, double MwpPeakBw);

/// Eq. (34)'s else branch: Mem_Bandwidth / (BW_per_warp x N), floored and
/// clamped to [1, MaxActiveSms].
unsigned bandwidthOptimalSms(double MemBandwidthGbps, double BwPerWarpGbps,
                             double N, unsigned MaxActiveSms);

/// Energy saved by the optimum against all SMs, in percent (IPP Fig. 17).
struct EnergySavings {
  double RuntimeIdlePct = 0; // total power (runtime + idle) x time
  double RuntimePct = 0;     // runtime power only x time
  double PowerGatingPct = 0; // §6.4.2: per-SM power = total / Num_SMs
  double IppEq16Pct = 0;     // IPP Eq. (16) as written, runtime + idle
  /// Which idle-SM assumption RuntimeIdlePct (the headline) uses, and its
  /// source: "not_power_gated" where the GPU model states
  /// sm_footprint.power_gating = 0, else "ipp_eq16" (IPP's log-shaped power
  /// in the active SMs).
  std::string Assumption = "ipp_eq16";
  std::string AssumptionSource;
  std::string AssumptionKind; // the power_gating parameter's kind, if stated
};

/// The headline saving's idle-SM assumption in words and the figure under
/// the other assumption, for every text renderer (gpa model/analyze text,
/// the plugin's UseFewerSMs remark).
struct GatingNote {
  std::string Assumption; // "idle SMs not power-gated (h100: ...)"
  double OtherPct = 0;    // the saving under the other assumption
  std::string OtherKey;   // its remark argument: IppEq16SavedPct, ...
  std::string OtherLabel; // "if they were gated, IPP Eq. 16"
};
GatingNote gatingNote(const EnergySavings &S, const std::string &GpuName);

/// "(ASSUMPTION; X% OTHER)": the text beside the headline saving.
std::string gatingNoteText(const GatingNote &N);

struct EnergyPoint {
  unsigned ActiveSms;
  double ExecTimeS;
  double RuntimePowerW;
  double TotalPowerW;
  double IppTotalPowerW = 0; // Eq. (16) runtime + idle
};

EnergySavings computeEnergySavings(const EnergyPoint &Optimal,
                                   const EnergyPoint &AllSms);

} // namespace gpa

#endif
