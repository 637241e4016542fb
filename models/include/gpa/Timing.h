//===- Timing.h - The Hong & Kim MWP/CWP timing model --------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// HK09 (Hong & Kim, ISCA 2009) as summarised in IPP §4.1, Eq. (24)-(33);
// docs/models.md ("Timing bounds") lists every term and its source.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TIMING_H
#define GPA_TIMING_H

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"

namespace gpa {

/// Which of IPP Eq. (24)-(26) gave the execution cycles.
enum class TimingCase {
  NotEnoughWarps = 1, // Eq. (24): MWP == N and CWP == N
  MemoryBound = 2,    // Eq. (25): CWP >= MWP or Comp_cycles > Mem_cycles
  ComputeBound = 3,   // Eq. (26): MWP > CWP (also used with no memory insts)
  Empty = 0,          // no instructions at all
};

struct Timing {
  unsigned ActiveSms = 0;
  double ActiveBlocksPerSm = 0;
  double N = 0;            // active warps per SM
  double Rep = 0;          // waves each SM runs (HK09 #Rep)
  double BandwidthSms = 0; // SMs' worth of warps sharing the bandwidth

  double MemInsts = 0, CoalMemInsts = 0, UncoalMemInsts = 0, SyncInsts = 0;
  double MemLCoalCycles = 0, MemLUncoalCycles = 0, MemLCycles = 0;
  double DepartureDelayCycles = 0;
  double LoadBytesPerWarp = 0;
  double CoalBytesPerWarp = 0, UncoalBytesPerWarp = 0; // per access kind
  double UncoalDepartureCycles = 0; // Departure_del_uncoal x Uncoal_per_mw
  double BwPerWarpGbps = 0;

  double MwpWithoutBwFull = 0; // Eq. (32)
  double MwpWithoutBw = 0;     // Eq. (33)
  double MwpPeakBw = 0;        // Eq. (30)
  double Mwp = 0;              // Eq. (29)
  double Cwp = 0;

  TimingCase Case = TimingCase::Empty;
  double MemCycles = 0, CompCycles = 0;
  double SyncCostCycles = 0;
  /// One warp's compute with dependent-issue latencies (>= CompCycles).
  double CompLatencyCycles = 0;
  /// Per wave on one SM: HK09's tail Comp_p x (MWP-1), the issue-rate bound
  /// N x Comp_cycles, Eq. (26), Eq. (24) and Eq. (25) as bounds, the
  /// sustained-bandwidth bound, and their maximum.
  double TailCycles = 0, IssueBoundCycles = 0, ComputePhaseCycles = 0;
  double LatencyPathCycles = 0, MemoryPhaseCycles = 0;
  double BandwidthBoundCycles = 0, WaveCycles = 0;
  double ExecCycles = 0;
  double ExecTimeS = 0;
};

/// True when A and B are equal within the model's comparison tolerance (MWP
/// and CWP are real numbers compared with N, an integer).
bool nearlyEqual(double A, double B);

/// HK09's Rep for a grid of Blocks on ActiveSms SMs: the waves of the
/// busiest SM, ceil(Blocks / Active_SMs) / Active_blocks_per_SM. HK09 divides
/// by the average (Blocks / (Active_blocks_per_SM x Active_SMs)); the two
/// agree whenever the SMs divide the grid (every IPP experiment), and the
/// kernel ends when its busiest SM does.
double wavesOnBusiestSm(std::uint64_t Blocks, unsigned ActiveSms,
                        double ActiveBlocksPerSm);

/// Evaluates HK09 for a kernel running on ActiveSms SMs with
/// ActiveBlocksPerSm resident blocks each, Rep waves per SM. Every division
/// is guarded: no memory instructions, no compute instructions and an empty
/// kernel all give finite results.
Timing computeTiming(const KernelProfile &Profile, const GpuModel &Gpu,
                     unsigned ActiveSms, double ActiveBlocksPerSm, double Rep);

} // namespace gpa

#endif
