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

#include <string>

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
  double N = 0;   // active warps per SM
  double Rep = 0; // waves the busiest SM runs (HK09 #Rep)
  /// Rep's whole waves of ActiveBlocksPerSm blocks, and the last partial
  /// wave: its blocks on the busiest SM, the SMs' worth of them sharing the
  /// bandwidth and its cycles (0 when Rep is whole; docs/models.md
  /// "Partial last waves"). The other fields are the full waves'.
  double FullWaves = 0;
  double LastWaveBlocksPerSm = 0, LastWaveBandwidthSms = 0, LastWaveCycles = 0,
         LastWaveBandwidthBoundCycles = 0;
  double BandwidthSms = 0; // SMs' worth of warps sharing the bandwidth
  /// What those SMs sustain together (GpuModel::bandwidthOfSmsGbps):
  /// Eq. (30)'s Mem_Bandwidth and the bandwidth bound's.
  double SmsBandwidthGbps = 0;
  /// Profile terms a wave reads: ceil(threads per block / warp size), and
  /// the sustained-bandwidth term of SustainedBandwidthGbps below
  /// (GpuModel::sustainedBandwidthTerm).
  double WarpsPerBlock = 0, SustainedBandwidthTerm = 0;
  /// The sustained bandwidth B this kernel's streams get: the copy's
  /// (memory.bandwidth_gbps), or where the file states the read's, a line
  /// between them in the kernel's share of stored bytes.
  double SustainedBandwidthGbps = 0;

  double MemInsts = 0, CoalMemInsts = 0, UncoalMemInsts = 0, SyncInsts = 0;
  /// The profile's barrier load rounds (0 without barriers).
  double BarrierLoadRounds = 0;
  /// Memory instructions one warp has in flight per memory period: the
  /// profile's memory instructions over its load rounds (1: HK09).
  double LoadsPerRound = 1;
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
  /// HK09's serial sum of issue costs; with concurrent pipes also the
  /// issue-slot time and the busiest pipe's cycles (Comp_cycles is then
  /// the larger of the two; docs/models.md "Concurrent pipes").
  double SerialIssueCycles = 0, IssueSlotCycles = 0, BusiestPipeCycles = 0;
  double SyncCostCycles = 0;
  /// One warp's compute with dependent-issue latencies (>= CompCycles).
  double CompLatencyCycles = 0;
  /// Per wave on one SM: HK09's tail Comp_p x (MWP-1), the issue-rate bound
  /// N x Comp_cycles, Eq. (26), Eq. (24) and Eq. (25) as bounds, the
  /// sustained-bandwidth bound, and their maximum.
  double TailCycles = 0, IssueBoundCycles = 0, ComputePhaseCycles = 0;
  /// Memory latencies Eq. (26) exposes per wave: HK09's one, or the
  /// profile's barrier load rounds when larger.
  double ExposedLoadRounds = 0;
  double LatencyPathCycles = 0, MemoryPhaseCycles = 0;
  double BandwidthBoundCycles = 0, WaveCycles = 0;
  double ExecCycles = 0;
  double ExecTimeS = 0;

  /// Levelled memory model (GPU files with caches and profiles with access
  /// facts; gpa/MemoryLevels.h). Without them: all DRAM, the HK09 values.
  bool Levelled = false;
  LevelShares Levels;          // shares of global memory instructions
  double DramBytesPerWarp = 0; // per memory instruction, all levels' misses
  double L2BytesPerWarp = 0;
  double MwpL2Bw = 0; // MWP idea applied to L2 bandwidth
  double L1BoundCycles = 0, L2BoundCycles = 0; // per wave
  /// The memory level whose bound is largest: "dram", "l2" or "l1".
  const char *BoundingLevel = "dram";
};

/// Replaces HK09's single DRAM level by L1/L2/DRAM (LevelledTiming.cpp):
/// the latency is the level mix, Eq. (30)-(31) see DRAM bytes only and L2
/// gets its own MWP bound. No-op unless the GPU has caches and the profile
/// reports access facts.
void applyMemoryLevels(const KernelProfile &P, const GpuModel &Gpu, Timing &T);
/// The per-wave L1 and L2 bandwidth bounds and the bounding level, after
/// the DRAM bandwidth bound is known.
void applyLevelBounds(const GpuModel &Gpu, Timing &T);
/// For a levelled timing, e.g. "L2-bound: 40% of loads hit L2, 39% L1; DRAM
/// 31% of peak"; empty otherwise.
std::string memoryLevelSummary(const Timing &T, const GpuModel &Gpu);

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
/// ActiveBlocksPerSm resident blocks each, Rep waves on the busiest SM:
/// floor(Rep) full waves and a last wave of the blocks left, priced with
/// its own warps and SMs (not as a fraction of a full wave). Every division
/// is guarded: no memory instructions, no compute instructions and an empty
/// kernel all give finite results.
Timing computeTiming(const KernelProfile &Profile, const GpuModel &Gpu,
                     unsigned ActiveSms, double ActiveBlocksPerSm, double Rep);

/// HK09's terms that depend on the profile and the GPU only, not on the
/// grid, the blocks per SM, the SMs or the waves (the other fields stay 0):
/// a sweep evaluates one profile on many configurations and computes them
/// once (docs/architecture.md "Cost").
Timing profileTiming(const KernelProfile &Profile, const GpuModel &Gpu);
/// computeTiming from Base = profileTiming(Profile, Gpu), computed already
/// (for a profile that differs at most in its grid).
Timing computeTiming(const KernelProfile &Profile, const GpuModel &Gpu,
                     const Timing &Base, unsigned ActiveSms,
                     double ActiveBlocksPerSm, double Rep);
/// The same into Out (a sweep's evaluation reuses its Timing).
void computeTiming(const KernelProfile &Profile, const GpuModel &Gpu,
                   const Timing &Base, unsigned ActiveSms,
                   double ActiveBlocksPerSm, double Rep, Timing &Out);

} // namespace gpa

#endif
