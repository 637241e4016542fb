//===- Timing.cpp - HK09 MWP/CWP timing model -----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Equation numbers are IPP's (Hong & Kim, ISCA 2010, §4.1) where IPP prints
// them; the remaining HK09 equations follow shared/reference/models.md §1.
//
//===----------------------------------------------------------------------===//
#include "gpa/Timing.h"

#include <algorithm>
#include <cmath>

namespace gpa {

bool nearlyEqual(double A, double B) {
  return std::fabs(A - B) <= 1e-9 * std::max({1.0, std::fabs(A), std::fabs(B)});
}

// HK09: Mem_L_Uncoal = Mem_LD + (Uncoal_per_mw - 1) * Departure_del_uncoal,
// Mem_L_Coal = Mem_LD, weighted by the coalesced/uncoalesced mix; the
// departure delay is weighted the same way.
static void computeMemoryLatency(const KernelProfile &P, const GpuModel &Gpu,
                                 Timing &T) {
  double UncoalPerMw = P.UncoalescedTransactionsPerWarp > 0
                           ? P.UncoalescedTransactionsPerWarp
                           : Gpu.UncoalTransactionsPerWarp;
  T.MemInsts = P.memoryInstructions();
  T.UncoalMemInsts = std::min(P.UncoalescedMem, T.MemInsts);
  T.CoalMemInsts = T.MemInsts - T.UncoalMemInsts;
  T.MemLCoalCycles = Gpu.MemLatencyCycles;
  T.MemLUncoalCycles =
      Gpu.MemLatencyCycles + (UncoalPerMw - 1) * Gpu.DepartureDelayUncoalCycles;
  double WeightUncoal = T.MemInsts > 0 ? T.UncoalMemInsts / T.MemInsts : 0;
  double WeightCoal = 1 - WeightUncoal;
  T.MemLCycles =
      T.MemLUncoalCycles * WeightUncoal + T.MemLCoalCycles * WeightCoal;
  T.DepartureDelayCycles =
      Gpu.DepartureDelayUncoalCycles * UncoalPerMw * WeightUncoal +
      Gpu.DepartureDelayCoalCycles * WeightCoal;
  // Bytes one warp's memory instruction moves: a coalesced access moves
  // warp-size x access size (128 B for 4-byte loads, models.md §1); an
  // uncoalesced one moves Uncoal_per_mw transactions of at least the
  // transaction size (extension: HK09's kernels were coalesced).
  double CoalBytes = Gpu.WarpSize * P.BytesPerMemAccess;
  double UncoalBytes =
      UncoalPerMw * std::max(Gpu.TransactionBytes, P.BytesPerMemAccess);
  T.LoadBytesPerWarp = CoalBytes * WeightCoal + UncoalBytes * WeightUncoal;
}

// IPP Eq. (29)-(33) and HK09's CWP.
static void computeParallelism(const GpuModel &Gpu, Timing &T) {
  T.MwpWithoutBwFull = T.DepartureDelayCycles > 0
                           ? T.MemLCycles / T.DepartureDelayCycles
                           : T.N;                     // Eq. (32)
  T.MwpWithoutBw = std::min(T.MwpWithoutBwFull, T.N); // Eq. (33)
  T.BwPerWarpGbps = T.MemLCycles > 0
                        ? Gpu.ClockGhz * T.LoadBytesPerWarp / T.MemLCycles
                        : 0; // Eq. (31)
  T.MwpPeakBw = T.BwPerWarpGbps > 0
                    ? Gpu.MemBandwidthGbps / (T.BwPerWarpGbps * T.ActiveSms)
                    : T.N;                              // Eq. (30)
  T.Mwp = std::min({T.MwpWithoutBw, T.MwpPeakBw, T.N}); // Eq. (29)
  double CwpFull =
      T.CompCycles > 0 ? (T.MemCycles + T.CompCycles) / T.CompCycles : T.N;
  T.Cwp = std::min(CwpFull, T.N);
}

static void computeExecutionCycles(Timing &T) {
  if (T.CompCycles <= 0) { // No instructions at all.
    T.Case = TimingCase::Empty;
    T.ExecCycles = 0;
    return;
  }
  if (T.MemInsts <= 0) {
    // No global/local memory: Eq. (26) without a memory period.
    T.Case = TimingCase::ComputeBound;
    T.ExecCycles = T.CompCycles * T.N * T.Rep;
    return;
  }
  double CompPerMem = T.CompCycles / T.MemInsts;
  if (nearlyEqual(T.Mwp, T.N) && nearlyEqual(T.Cwp, T.N)) {
    T.Case = TimingCase::NotEnoughWarps; // Eq. (24)
    T.ExecCycles =
        (T.MemCycles + T.CompCycles + CompPerMem * (T.Mwp - 1)) * T.Rep;
  } else if (T.Cwp >= T.Mwp || T.CompCycles > T.MemCycles) {
    T.Case = TimingCase::MemoryBound; // Eq. (25)
    T.ExecCycles =
        (T.MemCycles * T.N / T.Mwp + CompPerMem * (T.Mwp - 1)) * T.Rep;
  } else {
    T.Case = TimingCase::ComputeBound; // Eq. (26)
    T.ExecCycles = (T.MemLCycles + T.CompCycles * T.N) * T.Rep;
  }
  // HK09 synchronisation cost: every barrier drains up to MWP-1 outstanding
  // memory requests, one departure delay each.
  T.SyncCostCycles = T.DepartureDelayCycles * std::max(T.Mwp - 1, 0.0) *
                     T.SyncInsts * T.ActiveBlocksPerSm * T.Rep;
  T.ExecCycles += T.SyncCostCycles;
}

double wavesOnBusiestSm(std::uint64_t Blocks, unsigned ActiveSms,
                        double ActiveBlocksPerSm) {
  if (ActiveSms == 0 || !(ActiveBlocksPerSm > 0))
    return 0;
  std::uint64_t BlocksOnBusiestSm = (Blocks + ActiveSms - 1) / ActiveSms;
  return static_cast<double>(BlocksOnBusiestSm) / ActiveBlocksPerSm;
}

Timing computeTiming(const KernelProfile &P, const GpuModel &Gpu,
                     unsigned ActiveSms, double ActiveBlocksPerSm, double Rep) {
  Timing T;
  T.ActiveSms = std::max(ActiveSms, 1u);
  T.ActiveBlocksPerSm = ActiveBlocksPerSm;
  double WarpsPerBlock =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize);
  T.N = ActiveBlocksPerSm * WarpsPerBlock;
  T.Rep = Rep;
  T.SyncInsts = P.count(Unit::Sync);

  computeMemoryLatency(P, Gpu, T);
  T.MemCycles =
      T.MemLUncoalCycles * T.UncoalMemInsts + T.MemLCoalCycles * T.CoalMemInsts;
  // HK09 Comp_cycles = Issue_cycles x (Comp_insts + Mem_insts), with the
  // issue cost per unit (all 4 on GT200; see the model files).
  for (const UnitInfo &Info : allUnits())
    T.CompCycles += Gpu.issueCycles(Info.Id) * P.count(Info.Id);
  computeParallelism(Gpu, T);
  computeExecutionCycles(T);
  T.ExecTimeS = T.ExecCycles / (Gpu.ClockGhz * 1e9);
  return T;
}

} // namespace gpa
