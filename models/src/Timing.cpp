//===- Timing.cpp - HK09 MWP/CWP timing model -----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Equation numbers are IPP's (Hong & Kim, ISCA 2010, §4.1) where IPP prints
// them; the remaining terms are HK09's (Hong & Kim, ISCA 2009), as
// docs/models.md ("Timing bounds") lists them.
//
//===----------------------------------------------------------------------===//
#include "gpa/Timing.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

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
  T.CoalBytesPerWarp = CoalBytes;
  T.UncoalBytesPerWarp = UncoalBytes;
  T.UncoalDepartureCycles = Gpu.DepartureDelayUncoalCycles * UncoalPerMw;
  T.DramBytesPerWarp = T.L2BytesPerWarp = T.LoadBytesPerWarp;
}

/// The SM pipe a unit's warp-instructions occupy on GPUs whose schedulers
/// issue to concurrent pipes (Volta and later; NVIDIA Volta, Turing, Ampere
/// and Hopper whitepapers: per SM sub-partition separate FP32, INT32, FP64,
/// tensor, SFU and LD/ST units; Nsight Compute's pipe names in comments).
/// Conversions and transcendentals share the XU pipe, the profile's "sfu";
/// shared, global, local, constant and texture accesses, atomics, shuffles
/// and barriers go through the LSU/MIO path. "other" (branches, exits)
/// takes an issue slot only.
enum class Pipe { Fma, Int, Xu, Lsu, Fp64, Tensor, SlotOnly, Count };

static Pipe pipeOf(Unit U) {
  switch (U) {
  case Unit::Fp:
  case Unit::Fp16:
    return Pipe::Fma;
  case Unit::Int:
  case Unit::Alu:
    return Pipe::Int;
  case Unit::Sfu:
    return Pipe::Xu;
  case Unit::Fp64:
    return Pipe::Fp64;
  case Unit::Tensor:
    return Pipe::Tensor;
  case Unit::Other:
    return Pipe::SlotOnly;
  default:
    return Pipe::Lsu;
  }
}

/// Executions of a unit per thread. A shared access with an n-way bank
/// conflict is split into n requests (CUDA C++ Programming Guide, "Shared
/// Memory"): each replay occupies the shared pipe and is waited for as the
/// access itself (gpa/SharedBankConflicts.h).
static double executedCount(const KernelProfile &P, Unit Id) {
  return P.count(Id) + (Id == Unit::SharedMem ? P.SharedBankReplays : 0);
}

// Comp_cycles per warp on one SM. HK09 adds every instruction's issue cost
// (GT200 issues one instruction at a time). A GPU file with
// issue_slots_per_cycle describes an SM whose schedulers issue one
// warp-instruction per cycle each to pipes that work concurrently: the warp's
// instructions need count / slots cycles of issue, and each pipe is busy for
// the issue costs of its own units; the larger is the warp's share of the SM
// (docs/models.md "Concurrent pipes").
static void computeCompCycles(const KernelProfile &P, const GpuModel &Gpu,
                              Timing &T) {
  std::array<double, static_cast<std::size_t>(Pipe::Count)> PipeCycles{};
  double Instructions = 0;
  for (const UnitInfo &Info : UnitTable) {
    double Cycles = Gpu.issueCycles(Info.Id) * executedCount(P, Info.Id);
    T.SerialIssueCycles += Cycles;
    PipeCycles[static_cast<std::size_t>(pipeOf(Info.Id))] += Cycles;
    // Replays keep the shared pipe busy; assumed to take no new issue slot
    // (the memory pipeline splits the request; docs/models.md).
    Instructions += P.count(Info.Id);
  }
  T.CompCycles = T.SerialIssueCycles;
  if (!(Gpu.IssueSlotsPerCycle > 0))
    return;
  PipeCycles[static_cast<std::size_t>(Pipe::SlotOnly)] = 0;
  T.IssueSlotCycles = Instructions / Gpu.IssueSlotsPerCycle;
  T.BusiestPipeCycles = *std::max_element(PipeCycles.begin(), PipeCycles.end());
  T.CompCycles = std::max(T.IssueSlotCycles, T.BusiestPipeCycles);
}

/// IPP Eq. (29)'s MWP: the least of the warps a latency lets fly, the warps
/// the bandwidth carries and N (and, levelled, the L2 path's warps).
static double eq29Mwp(const Timing &T) {
  double Mwp = std::min({T.MwpWithoutBw, T.MwpPeakBw, T.N});
  return T.Levelled ? std::min(Mwp, T.MwpL2Bw) : Mwp;
}

// IPP Eq. (29)-(33) and HK09's CWP.
static void computeParallelism(const GpuModel &Gpu, Timing &T) {
  // A warp with LoadsPerRound requests per memory period departs them all
  // (Eq. 32's delay each) and moves all their bytes (Eq. 31).
  double K = T.LoadsPerRound;
  T.MwpWithoutBwFull = T.DepartureDelayCycles > 0
                           ? T.MemLCycles / (T.DepartureDelayCycles * K)
                           : T.N;                     // Eq. (32)
  T.MwpWithoutBw = std::min(T.MwpWithoutBwFull, T.N); // Eq. (33)
  T.BwPerWarpGbps = T.MemLCycles > 0
                        ? Gpu.ClockGhz * T.DramBytesPerWarp * K / T.MemLCycles
                        : 0; // Eq. (31)
  T.MwpPeakBw = T.BwPerWarpGbps > 0
                    ? T.SmsBandwidthGbps / (T.BwPerWarpGbps * T.BandwidthSms)
                    : T.N; // Eq. (30)
  T.Mwp = eq29Mwp(T);
  // Loaded latency grows as the bandwidth fills, so the warps in flight
  // meet the bandwidth bound gradually, not at a corner: a smooth minimum
  // with the exponent a bandwidth sweep gives (docs/models.md "Warps to
  // saturate DRAM"); never above Eq. (29).
  double P = Gpu.WarpSaturationExponent;
  if (P > 0 && T.BwPerWarpGbps > 0 && T.MwpPeakBw > 0) {
    double Flying = std::min(T.MwpWithoutBw, T.N);
    T.Mwp = std::min(
        T.Mwp,
        std::pow(std::pow(Flying, -P) + std::pow(T.MwpPeakBw, -P), -1 / P));
  }
  double CwpFull =
      T.CompCycles > 0 ? (T.MemCycles + T.CompCycles) / T.CompCycles : T.N;
  T.Cwp = std::min(CwpFull, T.N);
}

/// HK09's case label (IPP Eq. 24-26, tested in their printed order). The
/// label is reported; the cycles come from computeWaveCycles.
static TimingCase hk09Case(const Timing &T) {
  if (T.CompCycles <= 0 && T.MemInsts <= 0)
    return TimingCase::Empty;
  if (T.MemInsts <= 0)
    return TimingCase::ComputeBound;
  // The label follows Eq. (29)'s MWP: a smooth minimum (GPU files with
  // memory.warp_saturation_exponent) is never exactly N, but a warp far
  // from the bandwidth bound is still one HK09 calls latency-bound.
  double Mwp = eq29Mwp(T);
  if (nearlyEqual(Mwp, T.N) && nearlyEqual(T.Cwp, T.N))
    return TimingCase::NotEnoughWarps; // Eq. (24)
  if (T.Cwp >= Mwp || T.CompCycles > T.MemCycles)
    return TimingCase::MemoryBound; // Eq. (25)
  return TimingCase::ComputeBound;  // Eq. (26)
}

// One wave's cycles on one SM: the largest of HK09's three cases, each
// written so that it is continuous and non-decreasing in every count, and of
// two hardware bounds (issue rate and sustained bandwidth). Where HK09's
// printed case is the binding one (all of IPP's Table 4 kernels) the value is
// HK09's; see docs/models.md "Timing bounds".
static void computeWaveCycles(const GpuModel &Gpu, Timing &T) {
  double M = T.MemInsts;
  // HK09 assumes at least one memory period per warp; the plugin produces
  // fractional counts (a rarely taken store). Comp_p = Comp_cycles /
  // #Mem_insts is capped at one period's worth, and the tail is faded in
  // with the memory count, so time stays continuous as M -> 0 (issue 16).
  // The effective period count is also kept above sqrt(Comp (MWP-1) /
  // Mem_L): below it the tail would shrink faster than one more memory
  // period costs, and more work would predict less time.
  double MwpMinus1 = std::max(T.Mwp - 1, 0.0);
  double MinLatency = std::min(T.MemLCoalCycles, T.MemLUncoalCycles);
  double Periods = std::max(M / T.LoadsPerRound, 1.0);
  if (MinLatency > 0 && T.CompCycles > 0)
    Periods =
        std::max(Periods, std::sqrt(T.CompCycles * MwpMinus1 / MinLatency));
  T.TailCycles = std::min(M, 1.0) * T.CompCycles / Periods * MwpMinus1;
  // Issue-rate bound: every warp's instructions go through the SM's issue
  // slots, Issue_cycles each (N x Comp_cycles per wave).
  T.IssueBoundCycles = T.N * T.CompCycles;
  // Eq. (26): Mem_L + Comp_cycles x N, with the coalesced latency (the
  // shortest a warp can wait) faded in with the memory count. A kernel that
  // stages data before a barrier exposes each of its load rounds: the
  // wave's warps all wait at the barrier for the chain, and blocks that
  // start together stay in phase (docs/models.md "Barrier-exposed load
  // rounds").
  T.ExposedLoadRounds = std::max(std::min(M, 1.0), T.BarrierLoadRounds);
  T.ComputePhaseCycles =
      T.IssueBoundCycles + T.ExposedLoadRounds * T.MemLCoalCycles;
  // Eq. (24): one warp's serial path. Its compute takes each instruction's
  // dependent-issue latency when that exceeds the issue cost (few-warp
  // kernels cannot hide it).
  T.LatencyPathCycles = T.MemCycles + T.CompLatencyCycles + T.TailCycles;
  // Eq. (25): MWP warps' memory periods in flight at a time, plus the tail.
  T.MemoryPhaseCycles =
      (T.Mwp > 0 ? T.MemCycles * T.N / T.Mwp : 0) + T.TailCycles;
  // Bandwidth bound: the bytes all active SMs move in one wave over what
  // they sustain together (the file's bandwidth_gbps, less where a few SMs
  // cannot reach it), in SM cycles.
  T.BandwidthBoundCycles = T.SmsBandwidthGbps > 0
                               ? T.N * T.BandwidthSms * M * T.DramBytesPerWarp *
                                     Gpu.ClockGhz / T.SmsBandwidthGbps
                               : 0;
  applyLevelBounds(Gpu, T);
  T.WaveCycles =
      std::max({T.ComputePhaseCycles, T.LatencyPathCycles, T.MemoryPhaseCycles,
                T.BandwidthBoundCycles, T.L1BoundCycles, T.L2BoundCycles});
}

/// HK09's synchronisation cost of every block the busiest SM runs.
static void addSyncCost(const GpuModel &Gpu, Timing &T) {
  // HK09 synchronisation cost: every barrier drains up to MWP-1 outstanding
  // memory requests, one departure delay each. MWP and the delay are those
  // of the slower access kind the kernel uses (uncoalesced if any, else
  // coalesced; HK09's values for kernels of one kind), and the cost fades in
  // with the memory count: no memory, nothing to drain. Mixing the two kinds
  // by weight would make more memory instructions drain faster (issue 16).
  bool Uncoal = T.UncoalMemInsts > 0;
  double Delay =
      Uncoal ? T.UncoalDepartureCycles : Gpu.DepartureDelayCoalCycles;
  double Latency = Uncoal ? T.MemLUncoalCycles : T.MemLCoalCycles;
  double Bytes = Uncoal ? T.UncoalBytesPerWarp : T.CoalBytesPerWarp;
  double SyncMwp = std::min(T.N, Delay > 0 ? Latency / Delay : T.N);
  if (Bytes > 0 && T.BandwidthSms > 0)
    SyncMwp = std::min(SyncMwp, T.SmsBandwidthGbps * Latency /
                                    (Gpu.ClockGhz * Bytes * T.BandwidthSms));
  T.SyncCostCycles = std::min(T.MemInsts, 1.0) * Delay *
                     std::max(SyncMwp - 1, 0.0) * T.SyncInsts *
                     T.ActiveBlocksPerSm * T.Rep;
  T.ExecCycles += T.SyncCostCycles;
}

double wavesOnBusiestSm(std::uint64_t Blocks, unsigned ActiveSms,
                        double ActiveBlocksPerSm) {
  if (ActiveSms == 0 || !(ActiveBlocksPerSm > 0))
    return 0;
  std::uint64_t BlocksOnBusiestSm = (Blocks + ActiveSms - 1) / ActiveSms;
  return static_cast<double>(BlocksOnBusiestSm) / ActiveBlocksPerSm;
}

/// The sustained bandwidth of the kernel's streams: the copy's
/// (memory.bandwidth_gbps, half its bytes stored) and, where the file
/// states the read's, a line in the share s of stored bytes between them:
/// B = B_copy + (B_read - B_copy) x max(0, 1 - 2 s). The triad (s = 1/3),
/// not used to place the line, falls within 0.6% of it on the H100 and H200
/// (docs/models.md "Reads, copies and the bytes stored"). Without access
/// facts covering every global instruction, or with local, atomic or
/// asynchronous-copy traffic, the copy's.
static double sustainedBandwidthGbps(const KernelProfile &P,
                                     const GpuModel &Gpu) {
  double Copy = Gpu.MemBandwidthGbps;
  double Global = P.count(Unit::GlobalMem);
  if (!(Gpu.ReadBandwidthGbps > 0) || !(Global > 0) ||
      P.count(Unit::LocalMem) > 0 || P.count(Unit::Atomic) > 0 ||
      P.count(Unit::AsyncCopy) > 0)
    return Copy;
  double Instructions = 0, Bytes = 0, Stored = 0;
  for (const GlobalAccessFact &F : P.GlobalAccesses) {
    Instructions += F.PerThread;
    Bytes += F.PerThread * F.Bytes;
    if (F.Store)
      Stored += F.PerThread * F.Bytes;
  }
  if (Instructions < 0.99 * Global || !(Bytes > 0))
    return Copy;
  double Share = Stored / Bytes;
  return Copy + (Gpu.ReadBandwidthGbps - Copy) * std::max(0.0, 1 - 2 * Share);
}

/// The terms of a wave that depend on the profile and the GPU only, not on
/// its blocks or SMs: the same for the full waves and the last one, and for
/// every configuration of a sweep (they were a quarter of an evaluation:
/// docs/architecture.md "Cost").
static void profileTerms(const KernelProfile &P, const GpuModel &Gpu,
                         Timing &T) {
  T.WarpsPerBlock =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize);
  T.SustainedBandwidthGbps = sustainedBandwidthGbps(P, Gpu);
  T.SustainedBandwidthTerm =
      Gpu.sustainedBandwidthTerm(T.SustainedBandwidthGbps);
  T.SyncInsts = P.count(Unit::Sync);
  T.BarrierLoadRounds = T.SyncInsts > 0 ? P.BarrierLoadRounds : 0;

  // Loads in flight per warp (docs/models.md): HK09 waits Mem_L for each
  // memory instruction; a warp that issues k independent loads together
  // waits once per round of k, and where the GPU file says so it does not
  // wait for its stores ("Stores do not hold a warp").
  double MemInsts = P.memoryInstructions();
  double Waits =
      P.LoadRounds > 0 && MemInsts > P.LoadRounds ? P.LoadRounds : MemInsts;
  if (Gpu.StoreLatencyPeriods < 1) {
    // Only stores that move on: one to a base the kernel also loads may
    // feed a later load of the thread (a dependence through memory), and a
    // loop that stores to the same address every iteration (`tmp[i] +=` with
    // the load forwarded) orders each store after the last; both keep
    // their periods.
    double Stores = 0;
    for (const GlobalAccessFact &F : P.GlobalAccesses)
      if (F.Store && !F.Base.empty() &&
          !(F.InLoop && F.IterationStrideKnown &&
            F.IterationStrideBytes == 0) &&
          std::none_of(P.GlobalAccesses.begin(), P.GlobalAccesses.end(),
                       [&](const GlobalAccessFact &L) {
                         return !L.Store && L.Base == F.Base;
                       }))
        Stores += F.PerThread;
    Waits -= (1 - Gpu.StoreLatencyPeriods) * std::min(Stores, MemInsts);
    // A thread that only stores still has one memory period: its requests
    // then move at the bandwidth, never faster.
    Waits = std::max(Waits, std::min(MemInsts, 1.0));
  }
  T.LoadsPerRound = Waits > 0 && MemInsts > Waits ? MemInsts / Waits : 1;
  // A GPU file may cap it (GT200: 1, HK09's Eq. 31 as IPP validated it).
  if (Gpu.MaxLoadsPerMemoryPeriod > 0)
    T.LoadsPerRound = std::min(T.LoadsPerRound, Gpu.MaxLoadsPerMemoryPeriod);
  computeMemoryLatency(P, Gpu, T);
  // HK09 Comp_cycles = Issue_cycles x (Comp_insts + Mem_insts), with the
  // issue cost per unit (all 4 on GT200; see the model files); with
  // concurrent pipes, the larger of the issue slots and the busiest pipe.
  computeCompCycles(P, Gpu, T);
  for (const UnitInfo &Info : UnitTable) {
    double Issue = Gpu.issueCycles(Info.Id);
    double Count = executedCount(P, Info.Id);
    // One warp alone waits for each result: the dependent-issue latency
    // (memory instructions' waits are in Mem_cycles already), and for a
    // shared-memory load the shared-memory latency (docs/models.md
    // "Shared-memory latency on the one-warp path").
    double Wait = Info.IsTimingMemory
                      ? Issue
                      : std::max(Issue, Gpu.DependentIssueLatencyCycles);
    if (Info.Id == Unit::SharedMem)
      Wait = std::max(Wait, Gpu.Caches.SharedLatencyCycles);
    T.CompLatencyCycles += Wait * Count;
  }
}

/// One wave on one SM of BlocksPerSm resident blocks, BandwidthSms SMs'
/// worth of such warps sharing the bandwidth, from T's profileTerms: every
/// term of HK09 and the bounds up to WaveCycles (no Rep, no synchronisation
/// cost).
static void waveTerms(const KernelProfile &P, const GpuModel &Gpu,
                      unsigned ActiveSms, double BlocksPerSm,
                      double BandwidthSms, Timing &T) {
  T.ActiveSms = std::max(ActiveSms, 1u);
  T.ActiveBlocksPerSm = BlocksPerSm;
  T.N = BlocksPerSm * T.WarpsPerBlock;
  T.BandwidthSms = BandwidthSms;
  T.SmsBandwidthGbps = Gpu.bandwidthOfSmsGbps(
      T.BandwidthSms, T.SustainedBandwidthTerm, T.SustainedBandwidthGbps);
  applyMemoryLevels(P, Gpu, T);
  T.MemCycles = (T.MemLUncoalCycles * T.UncoalMemInsts +
                 T.MemLCoalCycles * T.CoalMemInsts) /
                T.LoadsPerRound;
  computeParallelism(Gpu, T);
  T.Case = hk09Case(T);
  if (T.Case != TimingCase::Empty)
    computeWaveCycles(Gpu, T);
}

/// SMs' worth of warps sharing the bandwidth when Blocks run on ActiveSms
/// SMs, the busiest holding BlocksOnBusiestSm: Eq. (30) divides the
/// bandwidth among Active_SMs SMs of N warps each, but when the blocks do
/// not fill every SM (30 blocks on 16 SMs: 14 SMs hold 2, 2 hold 1) fewer
/// warps share it: the blocks over the busiest SM's, capped at the SMs.
static double bandwidthSms(double Blocks, unsigned ActiveSms,
                           double BlocksOnBusiestSm) {
  double Sms = std::max(ActiveSms, 1u);
  return BlocksOnBusiestSm > 0 ? std::min(Sms, Blocks / BlocksOnBusiestSm)
                               : Sms;
}

Timing profileTiming(const KernelProfile &P, const GpuModel &Gpu) {
  Timing T;
  profileTerms(P, Gpu, T);
  return T;
}

Timing computeTiming(const KernelProfile &P, const GpuModel &Gpu,
                     unsigned ActiveSms, double ActiveBlocksPerSm, double Rep) {
  return computeTiming(P, Gpu, profileTiming(P, Gpu), ActiveSms,
                       ActiveBlocksPerSm, Rep);
}

Timing computeTiming(const KernelProfile &P, const GpuModel &Gpu,
                     const Timing &Base, unsigned ActiveSms,
                     double ActiveBlocksPerSm, double Rep) {
  Timing T;
  computeTiming(P, Gpu, Base, ActiveSms, ActiveBlocksPerSm, Rep, T);
  return T;
}

void computeTiming(const KernelProfile &P, const GpuModel &Gpu,
                   const Timing &Base, unsigned ActiveSms,
                   double ActiveBlocksPerSm, double Rep, Timing &T) {
  double Blocks =
      static_cast<double>(std::max<std::uint64_t>(P.Launch.Blocks, 1));
  // The busiest SM runs Rep waves: FullWaves of ActiveBlocksPerSm blocks,
  // then a last wave of the blocks left, priced as those blocks' own wave
  // (docs/models.md "Partial last waves"): a latency-bound block takes as
  // long alone as in a full wave, a throughput-bound one shares the SM with
  // fewer, and the last wave's few SMs share the bandwidth.
  double FullWaves = Rep, LastBlocksPerSm = 0;
  if (Rep > 1) {
    FullWaves = std::floor(Rep * (1 + 1e-12));
    LastBlocksPerSm = (Rep - FullWaves) * ActiveBlocksPerSm;
    if (LastBlocksPerSm < 1e-9 * ActiveBlocksPerSm)
      LastBlocksPerSm = 0;
  }
  unsigned Sms = std::max(ActiveSms, 1u);
  // Both the full and the last wave start from the profile terms (waveTerms
  // changes some: the memory levels depend on the blocks per SM).
  T = Base;
  std::optional<Timing> Last;
  if (LastBlocksPerSm > 0)
    Last = Base;
  waveTerms(P, Gpu, ActiveSms, ActiveBlocksPerSm,
            LastBlocksPerSm > 0
                ? Sms
                : bandwidthSms(Blocks, ActiveSms, ActiveBlocksPerSm * Rep),
            T);
  T.Rep = Rep;
  T.FullWaves = FullWaves;
  if (T.Case == TimingCase::Empty) {
    T.ExecCycles = 0;
    return;
  }
  T.ExecCycles = T.WaveCycles * FullWaves;
  if (LastBlocksPerSm > 0) {
    double BlocksLeft =
        std::max(Blocks - FullWaves * ActiveBlocksPerSm * Sms, 1.0);
    waveTerms(P, Gpu, ActiveSms, LastBlocksPerSm,
              bandwidthSms(BlocksLeft, ActiveSms, LastBlocksPerSm), *Last);
    T.LastWaveBlocksPerSm = LastBlocksPerSm;
    T.LastWaveBandwidthSms = Last->BandwidthSms;
    T.LastWaveCycles = Last->WaveCycles;
    T.LastWaveBandwidthBoundCycles = Last->BandwidthBoundCycles;
    T.ExecCycles += Last->WaveCycles;
  }
  addSyncCost(Gpu, T);
  T.ExecTimeS = T.ExecCycles / (Gpu.ClockGhz * 1e9);
}

} // namespace gpa
