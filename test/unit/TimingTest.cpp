//===- TimingTest.cpp - HK09 timing model on the GTX280 -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values are computed by hand from IPP Eq. (24)-(33) (models.md §1)
// with the GTX280 parameters: Freq 1.296 GHz, Mem_L 430 cycles (IPP §4.1),
// departure delays 4/40 cycles, Uncoal_per_mw 5.7, Issue_cycles 4, 30 SMs,
// and 125 GB/s (the bandwidth IPP Table 4's MWP 10.802 implies).
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Analysis.h"
#include "gpa/Timing.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpa;

namespace {
// Eq. (31): BW_per_warp = Freq x Load_bytes_per_warp / Mem_L = 1.296 x 128 /
// 430.
constexpr double BwPerWarpGbps = 1.296 * 128 / 430;
// Eq. (30) at 30 SMs: 125 / (0.385786 x 30) = 10.800.
constexpr double PeakBwMwp30 = 125.0 / (BwPerWarpGbps * 30);
} // namespace

TEST(Timing, Gtx280PeakBandwidthMwpReproducesIppTable4) {
  Timing T = computeTiming(test::dotpProfile(), test::gtx280(), 30, 1, 1);
  EXPECT_NEAR(T.BwPerWarpGbps, 0.385786, 1e-6);
  // IPP Table 4: MWP = 10.802 for Dotp, Madd, Dmadd, Mmul and Cmem.
  EXPECT_NEAR(T.MwpPeakBw, 10.802, 0.01);
  EXPECT_NEAR(T.Mwp, T.MwpPeakBw, 1e-12);
  // HK09: MWP_Without_BW_full = Mem_L / Departure_del_coal = 430 / 4.
  EXPECT_NEAR(T.MwpWithoutBwFull, 107.5, 1e-9);
  EXPECT_DOUBLE_EQ(T.MwpWithoutBw, 16); // Eq. (33): min(107.5, N = 16)
}

TEST(Timing, DotpIsCase2WithCwpEqualToN) {
  // Comp_cycles = 4 x (8 compute + 3 memory) = 44; Mem_cycles = 430 x 3.
  // CWP = min((1290 + 44) / 44, 16) = 16 (Table 4: Dotp CWP 16).
  Timing T = computeTiming(test::dotpProfile(), test::gtx280(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(T.CompCycles, 44);
  EXPECT_DOUBLE_EQ(T.MemCycles, 1290);
  EXPECT_DOUBLE_EQ(T.Cwp, 16);
  EXPECT_EQ(T.Case, TimingCase::MemoryBound);
  // Eq. (25): (Mem_cycles x N / MWP + Comp_cycles / Mem_insts x (MWP - 1)) x
  // Rep.
  double Expected = 1290 * 16 / PeakBwMwp30 + 44.0 / 3 * (PeakBwMwp30 - 1);
  EXPECT_NEAR(T.ExecCycles, Expected, 1e-9);
  EXPECT_NEAR(T.ExecCycles, 2054.8, 0.1);
  EXPECT_NEAR(T.ExecTimeS, Expected / 1.296e9, 1e-15);
}

TEST(Timing, FewWarpsIsCase1) {
  // 64 threads per block, one block per SM: N = 2 = MWP = CWP.
  KernelProfile P = test::dotpProfile();
  P.Launch.ThreadsPerBlock = 64;
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(T.N, 2);
  EXPECT_EQ(T.Case, TimingCase::NotEnoughWarps);
  // Eq. (24): (Mem_cycles + Comp_cycles + Comp_cycles/Mem_insts x (MWP-1)) x
  // Rep.
  EXPECT_NEAR(T.ExecCycles, 1290 + 44 + 44.0 / 3 * 1, 1e-9);
}

TEST(Timing, ComputeHeavyIsCase3) {
  // 40 INT + 1 global: Comp = 4 x 41 = 164 <= Mem = 430, and
  // CWP = (430 + 164) / 164 = 3.62 < MWP = 10.8.
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  P.count(Unit::Int) = 40;
  P.count(Unit::GlobalMem) = 1;
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_NEAR(T.Cwp, 594.0 / 164, 1e-12);
  EXPECT_EQ(T.Case, TimingCase::ComputeBound);
  // Eq. (26): (Mem_L + Comp_cycles x N) x Rep.
  EXPECT_NEAR(T.ExecCycles, 430 + 164 * 16, 1e-9);
}

TEST(Timing, CasesAreTestedInTheirPrintedOrder) {
  // 200 INT + 1 global: MWP > CWP, but Comp_cycles (804) > Mem_cycles (430)
  // satisfies Eq. (25)'s condition, which is tested before Eq. (26)'s.
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  P.count(Unit::Int) = 200;
  P.count(Unit::GlobalMem) = 1;
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_GT(T.Mwp, T.Cwp);
  EXPECT_EQ(T.Case, TimingCase::MemoryBound);
  // Eq. (25) as printed gives 430 x 16 / 10.80 + 804 x 9.80 = 8517 cycles,
  // fewer than the 16 warps' 16 x 804 = 12864 issue cycles: the issue-rate
  // bound (issue 9) plus the first load's latency (Eq. 26's form) wins.
  EXPECT_NEAR(T.IssueBoundCycles, 16 * 804, 1e-9);
  EXPECT_NEAR(T.ExecCycles, 16 * 804 + 430, 1e-9);
}

TEST(Timing, UncoalescedAccessesUseHk09LatencyAndDepartureDelay) {
  KernelProfile P = test::dotpProfile();
  P.UncoalescedMem = 3; // all memory instructions uncoalesced
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  // Mem_L_Uncoal = Mem_LD + (Uncoal_per_mw - 1) x Departure_del_uncoal.
  EXPECT_NEAR(T.MemLCycles, 430 + 4.7 * 40, 1e-9);
  // Departure_delay = Departure_del_uncoal x Uncoal_per_mw.
  EXPECT_NEAR(T.DepartureDelayCycles, 40 * 5.7, 1e-9);
  EXPECT_NEAR(T.MwpWithoutBwFull, 618 / 228.0, 1e-12);
  EXPECT_NEAR(T.MemCycles, 618 * 3, 1e-9);
}

TEST(Timing, MixedCoalescingWeightsLatencies) {
  KernelProfile P = test::dotpProfile();
  P.UncoalescedMem = 1; // w_u = 1/3, w_c = 2/3
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_NEAR(T.MemLCycles, 618.0 / 3 + 430.0 * 2 / 3, 1e-9);
  EXPECT_NEAR(T.DepartureDelayCycles, 228.0 / 3 + 4.0 * 2 / 3, 1e-9);
  EXPECT_NEAR(T.MemCycles, 618 + 430 * 2, 1e-9);
}

TEST(Timing, SynchronisationAddsDepartureDelayTimesMwpMinusOne) {
  KernelProfile P = test::dotpProfile();
  P.count(Unit::Sync) = 1;
  Timing Base = computeTiming(test::dotpProfile(), test::gtx280(), 30, 1, 1);
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  // HK09: Departure_delay x (MWP - 1) x Synch_insts x blocks/SM x Rep;
  // the barrier also costs one issue slot (4 cycles) of Comp_cycles.
  EXPECT_NEAR(T.SyncCostCycles, 4 * (PeakBwMwp30 - 1), 1e-9);
  EXPECT_DOUBLE_EQ(T.CompCycles, Base.CompCycles + 4);
}

TEST(Timing, RepCountsTheWavesOfTheBusiestSm) {
  // 75 blocks on 30 SMs, 2 resident at a time: the busiest SM holds
  // ceil(75/30) = 3 blocks, 1.5 waves (a real number, as in HK09).
  EXPECT_DOUBLE_EQ(wavesOnBusiestSm(75, 30, 2), 1.5);
  // When the SMs divide the grid it is HK09's Blocks / (blocks/SM x SMs).
  EXPECT_DOUBLE_EQ(wavesOnBusiestSm(60, 30, 2), 60.0 / (2 * 30));
  EXPECT_DOUBLE_EQ(wavesOnBusiestSm(60, 0, 2), 0);
  // Whole waves scale linearly with Rep (Eq. 24-26 multiply by #Rep): 60
  // blocks on 30 SMs, one resident at a time, are 2 full waves of 30.
  KernelProfile P = test::dotpProfile();
  Timing One = computeTiming(P, test::gtx280(), 30, 1, 1);
  P.Launch.Blocks = 60;
  Timing Two = computeTiming(P, test::gtx280(), 30, 1, 2);
  EXPECT_NEAR(Two.ExecCycles, 2 * One.ExecCycles, 1e-9);
  EXPECT_DOUBLE_EQ(Two.LastWaveBlocksPerSm, 0);
}

// Partial last waves (docs/models.md "Partial last waves"): the busiest SM
// runs floor(Rep) full waves and then a wave of the blocks left, priced
// with those blocks' own warps and SMs, not as a fraction of a full wave.
TEST(Timing, LatencyBoundPartialWaveTakesAWholeWave) {
  // 540 one-warp blocks on 108 A100 SMs, 4 resident: the busiest SM runs
  // ceil(540 / 108) = 5 blocks, Rep = 5 / 4 = 1.25. Each warp runs 100
  // dependent FP32 instructions: its path is 100 x 4 (the a100 file's
  // dependent-issue latency) = 400 cycles, while the issue bound is only
  // N x 100 x 0.5 = 200 cycles for the full wave's N = 4 warps and 50 for
  // the last wave's 1. A wave takes 400 cycles full or not: 2 x 400 = 800
  // cycles, not 1.25 x 400 = 500.
  KernelProfile P;
  P.Launch = {32, 540, 32, 0};
  P.count(Unit::Fp) = 100;
  Timing T = computeTiming(P, test::a100(), 108, 4, 1.25);
  EXPECT_DOUBLE_EQ(T.WaveCycles, 400);
  EXPECT_DOUBLE_EQ(T.FullWaves, 1);
  EXPECT_DOUBLE_EQ(T.LastWaveBlocksPerSm, 1);
  EXPECT_DOUBLE_EQ(T.LastWaveCycles, 400);
  EXPECT_DOUBLE_EQ(T.ExecCycles, 800);
}

TEST(Timing, ThroughputBoundPartialWaveSharesTheSmWithFewerWarps) {
  // The GPU session's FFMA kernel on an H100 green context of 128 SMs
  // (bench/data/gpu-session/h100-2026-11-27/run1/active_sms.csv): 264
  // blocks of 1024 threads, 2 resident per SM; the busiest SM runs
  // ceil(264 / 128) = 3 blocks, Rep = 1.5. Issue-bound (the h100 file's
  // FP32 issue cost 0.25, 4 issue slots: Comp_cycles = max(1000 / 4,
  // 1000 x 0.25) = 250 per warp; 2 x 32 warps x 250 = 16000 cycles per full
  // wave against a warp's path of 1000 x 4 = 4000), so the last wave's one
  // block takes half a full wave: 16000 + 8000 = 24000 cycles, 1.5 waves, as
  // measured (0.412 ms on 128 SMs against 0.276 ms on all 132, which run
  // 2 blocks each: ratio 1.49).
  KernelProfile P;
  P.Launch = {1024, 264, 32, 0};
  P.count(Unit::Fp) = 1000;
  Timing T = computeTiming(P, test::bundled("h100"), 128, 2, 1.5);
  EXPECT_DOUBLE_EQ(T.CompCycles, 250);
  EXPECT_DOUBLE_EQ(T.WaveCycles, 16000);
  EXPECT_DOUBLE_EQ(T.LastWaveCycles, 8000);
  EXPECT_DOUBLE_EQ(T.ExecCycles, 24000);
}

TEST(Timing, BandwidthBoundPartialWaveIsLimitedByItsSms) {
  // GTX280 numbers with an illustrative per-SM rate b = 10 GB/s, p = 2
  // (FewSmsCannotReachDramBandwidth). 63 blocks on 28 SMs, 2 resident: the
  // busiest SM runs ceil(63 / 28) = 3, Rep = 1.5; the full wave is 56
  // blocks on all 28 SMs, the last wave's 7 blocks run one each on 7 SMs
  // (25%), which sustain 1 / sqrt(1/70^2 + 1/125^2) = 61.075 GB/s. The last
  // wave's bandwidth bound is its bytes over that rate: N = 1 block's
  // warps x 7 SMs x #Mem_insts x bytes per warp access x clock / 61.075.
  GpuModel G = test::gtx280();
  G.PerSmBandwidthGbps = 10;
  G.BandwidthSaturationExponent = 2;
  KernelProfile P = test::dotpProfile();
  P.Launch.Blocks = 63;
  Timing T = computeTiming(P, G, 28, 2, 1.5);
  EXPECT_DOUBLE_EQ(T.LastWaveBlocksPerSm, 1);
  EXPECT_DOUBLE_EQ(T.LastWaveBandwidthSms, 7);
  double Warps = std::ceil(P.Launch.ThreadsPerBlock / 32.0);
  double Bytes = Warps * 7 * P.memoryInstructions() * T.DramBytesPerWarp;
  double Gbps = 1 / std::sqrt(1 / (70.0 * 70) + 1 / (125.0 * 125));
  EXPECT_NEAR(Gbps, 61.075, 1e-3);
  EXPECT_NEAR(T.LastWaveBandwidthBoundCycles, Bytes * G.ClockGhz / Gbps,
              1e-6 * T.LastWaveBandwidthBoundCycles);
  EXPECT_GE(T.LastWaveCycles, T.LastWaveBandwidthBoundCycles);
  EXPECT_DOUBLE_EQ(T.ExecCycles,
                   T.WaveCycles + T.LastWaveCycles + T.SyncCostCycles);
}

TEST(Timing, NoMemoryInstructionsIsPureComputation) {
  KernelProfile P = test::dotpProfile();
  P.count(Unit::GlobalMem) = 0;
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_EQ(T.Case, TimingCase::ComputeBound);
  EXPECT_DOUBLE_EQ(T.ExecCycles, 4 * 8 * 16); // Comp_cycles x N x Rep
  EXPECT_TRUE(std::isfinite(T.Mwp));
  EXPECT_TRUE(std::isfinite(T.Cwp));
}

TEST(Timing, EmptyKernelGivesZeroTimeAndFiniteValues) {
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_EQ(T.Case, TimingCase::Empty);
  EXPECT_EQ(T.ExecCycles, 0);
  for (double V : {T.Mwp, T.Cwp, T.MwpPeakBw, T.MemLCycles, T.ExecTimeS})
    EXPECT_TRUE(std::isfinite(V));
}

TEST(Timing, ModernGpusUsePerUnitIssueCosts) {
  // A100: 64 FP32 lanes per SM -> 0.5 cycles per FP32 warp-instruction,
  // 16 SFU lanes -> 2 cycles. HK09's serial sum is 10 x 0.5 + 3 x 2 = 11;
  // the A100's pipes work concurrently (4 issue slots per cycle), so
  // Comp_cycles = max(13 / 4 slots, FP32 pipe 5, XU pipe 6) = 6.
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  P.count(Unit::Fp) = 10;
  P.count(Unit::Sfu) = 3;
  Timing T = computeTiming(P, test::a100(), 108, 1, 1);
  EXPECT_DOUBLE_EQ(T.SerialIssueCycles, 10 * 0.5 + 3 * 2);
  EXPECT_DOUBLE_EQ(T.CompCycles, 3 * 2);
}

TEST(Timing, ConcurrentPipesTakeTheBusiestPipe) {
  // docs/models.md "Concurrent pipes", with the A100's issue costs (per SM:
  // FP32 0.5, XU 2, LSU 1, INT 0.5, other 0.25) and 4 issue slots: per
  // thread 10 FP, 4 SFU, 6 global, 2 INT, 1 other (23 instructions).
  // Serial (HK09): 5 + 8 + 6 + 1 + 0.25 = 20.25. Pipes: FP32 5, XU 8, LSU 6,
  // INT 1; issue slots 23 / 4 = 5.75. Comp_cycles = 8 (the XU pipe).
  KernelProfile P;
  P.Launch = {256, 864, 32, 0};
  P.count(Unit::Fp) = 10;
  P.count(Unit::Sfu) = 4;
  P.count(Unit::GlobalMem) = 6;
  P.count(Unit::Int) = 2;
  P.count(Unit::Other) = 1;
  Timing T = computeTiming(P, test::a100(), 108, 8, 1);
  EXPECT_DOUBLE_EQ(T.SerialIssueCycles, 20.25);
  EXPECT_DOUBLE_EQ(T.IssueSlotCycles, 5.75);
  EXPECT_DOUBLE_EQ(T.BusiestPipeCycles, 8);
  EXPECT_DOUBLE_EQ(T.CompCycles, 8);
  // The same profile on a file without issue slots: HK09's serial sum.
  GpuModel Serial = test::a100();
  Serial.IssueSlotsPerCycle = 0;
  EXPECT_DOUBLE_EQ(computeTiming(P, Serial, 108, 8, 1).CompCycles, 20.25);
}

TEST(Timing, ConcurrentPipesAreLimitedByIssueSlots) {
  // 8 FP + 8 INT + 4 global per thread: pipes FP32 4, INT 4, LSU 4, but
  // 20 warp-instructions need 20 / 4 = 5 cycles of the SM's 4 issue slots.
  KernelProfile P;
  P.Launch = {256, 864, 32, 0};
  P.count(Unit::Fp) = 8;
  P.count(Unit::Int) = 8;
  P.count(Unit::GlobalMem) = 4;
  Timing T = computeTiming(P, test::a100(), 108, 8, 1);
  EXPECT_DOUBLE_EQ(T.BusiestPipeCycles, 4);
  EXPECT_DOUBLE_EQ(T.CompCycles, 5);
  EXPECT_DOUBLE_EQ(T.SerialIssueCycles, 12);
}

TEST(Timing, Gtx280KeepsHk09SerialIssue) {
  // No issue_slots_per_cycle in the GTX280 file: Comp_cycles = 4 x 11.
  Timing T = computeTiming(test::dotpProfile(), test::gtx280(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(test::gtx280().IssueSlotsPerCycle, 0);
  EXPECT_DOUBLE_EQ(T.CompCycles, T.SerialIssueCycles);
  EXPECT_DOUBLE_EQ(T.CompCycles, 44);
}

TEST(Timing, ComputeKernelsNeverIssueFasterThanTheSms) {
  // Issue 9: 10,000 FP + 1 store per thread, 256 threads x 864 blocks on
  // the A100 (8 resident per SM by threads: N = 64). Comp_cycles = the
  // FP32 pipe's 10000 x 0.5 = 5000 per warp (concurrent pipes: the store's
  // LSU cycle and the 10001 / 4 issue slots fit beside it), so one wave
  // takes at least 64 x 5000 cycles, and warp-GIPS <= 108 SMs x 1.41 GHz x
  // 10001 / 5000 = 304.6 (HK09's Eq. 25 as printed predicted 532).
  KernelProfile P;
  P.Launch = {256, 864, 32, 0};
  P.count(Unit::Fp) = 10000;
  P.count(Unit::GlobalMem) = 1;
  KernelAnalysis A;
  std::string Error;
  ASSERT_TRUE(analyzeKernel(P, test::a100(), {}, A, Error)) << Error;
  EXPECT_DOUBLE_EQ(A.AllSms.Time.N, 64);
  EXPECT_GE(A.AllSms.Time.ExecCycles, 64 * 5000.0);
  EXPECT_LE(A.AllSms.Eff.Gips, 108 * 1.41 * 10001 / 5000.0 * (1 + 1e-12));
  EXPECT_GT(A.AllSms.Eff.Gips, 0.95 * 108 * 1.41 * 10001 / 5000.0);
}

TEST(Timing, OneWarpPaysEachInstructionsLatency) {
  // 32 threads x 1 block on the A100: N = 1 = MWP = CWP (Eq. 24). One warp
  // waits 4 cycles for each dependent FP32 result (Jia et al. 2018, the
  // a100 file's dependent_issue_latency_cycles), not the 0.5-cycle issue
  // cost: 470 (Mem_L) + 100 x 4 + 1 x 1 = 871 cycles, where the serial
  // issue cost alone gives 470 + 51 = 521 (Comp_cycles, concurrent pipes:
  // the FP32 pipe's 50).
  KernelProfile P;
  P.Launch = {32, 1, 32, 0};
  P.count(Unit::Fp) = 100;
  P.count(Unit::GlobalMem) = 1;
  Timing T = computeTiming(P, test::a100(), 1, 1, 1);
  EXPECT_EQ(T.Case, TimingCase::NotEnoughWarps);
  EXPECT_DOUBLE_EQ(T.CompCycles, 50);
  EXPECT_DOUBLE_EQ(T.CompLatencyCycles, 401);
  EXPECT_DOUBLE_EQ(T.ExecCycles, 871);
}

TEST(Timing, RarelyTakenStoresDoNotExplode) {
  // Issue 16 §3: Eq. (25)'s Comp_cycles / #Mem_insts diverged as a store's
  // count went to 0 (15.5 ms predicted for a rarely taken store against
  // 13.9 us for one always taken; a subnormal count gave inf). Less memory
  // work now never predicts more time, and 0 is the limit of tiny counts.
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  P.count(Unit::Int) = 200;
  auto Time = [&](double Stores) {
    KernelProfile Q = P;
    Q.count(Unit::GlobalMem) = Stores;
    return computeTiming(Q, test::gtx280(), 30, 1, 1).ExecCycles;
  };
  double Always = Time(1), Rare = Time(1e-4), Subnormal = Time(4.9e-324),
         Never = Time(0);
  EXPECT_TRUE(std::isfinite(Subnormal));
  EXPECT_LE(Rare, Always);
  EXPECT_LE(Subnormal, Rare);
  EXPECT_GE(Subnormal, Never);
  // Without memory: Comp_cycles x N = 4 x 200 x 16 (Eq. 26 with no memory
  // period); a 1e-4 store adds at most 1e-4 of a latency and of a tail.
  EXPECT_DOUBLE_EQ(Never, 4 * 200 * 16);
  EXPECT_NEAR(Rare, Never, 1);
}

TEST(Timing, BarrierLoadRoundsExposeOneLatencyEach) {
  // A compute-bound kernel (Eq. 26: Mem_L + Comp_cycles x N) that stages
  // data before a barrier in 5 dependent load rounds: the wave's warps wait
  // at the barrier for the whole chain, 5 x Mem_L instead of HK09's one
  // (docs/models.md "Barrier-exposed load rounds"): 4 x 430 cycles more.
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  P.count(Unit::Int) = 40;
  P.count(Unit::GlobalMem) = 1;
  P.count(Unit::Sync) = 1;
  Timing Hk09 = computeTiming(P, test::gtx280(), 30, 1, 1);
  P.BarrierLoadRounds = 5;
  Timing Staged = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_EQ(Staged.Case, TimingCase::ComputeBound);
  EXPECT_DOUBLE_EQ(Staged.ExposedLoadRounds, 5);
  EXPECT_NEAR(Staged.ExecCycles - Hk09.ExecCycles, 4 * 430, 1e-9);
  // One round is HK09's own Mem_L; without a barrier nothing waits.
  P.BarrierLoadRounds = 1;
  EXPECT_DOUBLE_EQ(computeTiming(P, test::gtx280(), 30, 1, 1).ExecCycles,
                   Hk09.ExecCycles);
  P.BarrierLoadRounds = 5;
  P.count(Unit::Sync) = 0;
  Timing NoBarrier = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(NoBarrier.ExposedLoadRounds, 1);
}

/// The GTX280's numbers with the load-rounds rule on (gtx280.json turns it
/// off: memory.loads_per_memory_period = 1): the rule's own tests.
static GpuModel gtx280WithLoadRounds() {
  GpuModel G = test::gtx280();
  G.MaxLoadsPerMemoryPeriod = 0;
  return G;
}

TEST(Timing, LoadsIssuedTogetherWaitOnce) {
  // Dotp's 3 loads issued together (one round, docs/models.md "Loads in
  // flight per warp"), 2 warps (Eq. 24): Mem_cycles = 430 x 1 round, not
  // 430 x 3; Eq. (24) = Mem_cycles + Comp_cycles + Comp_cycles / 1 period x
  // (MWP - 1) = 430 + 44 + 44.
  KernelProfile P = test::dotpProfile();
  P.Launch.ThreadsPerBlock = 64;
  P.LoadRounds = 1;
  Timing T = computeTiming(P, gtx280WithLoadRounds(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(T.LoadsPerRound, 3);
  EXPECT_DOUBLE_EQ(T.MemCycles, 430);
  EXPECT_EQ(T.Case, TimingCase::NotEnoughWarps);
  EXPECT_NEAR(T.ExecCycles, 430 + 44 + 44, 1e-9);
}

/// Dotp as a front-end describes it: loads of a[i] and b[i], issued
/// together (load_rounds = 3 - (2 - 1) = 2), and the store of c[i].
static KernelProfile dotpWithAccessFacts() {
  KernelProfile P = test::dotpProfile();
  P.Launch.ThreadsPerBlock = 64;
  P.LoadRounds = 2;
  for (const char *Base : {"a", "b", "c"}) {
    GlobalAccessFact F;
    F.Base = Base;
    F.PerThread = 1;
    F.Store = Base[0] == 'c';
    P.GlobalAccesses.push_back(F);
  }
  return P;
}

TEST(Timing, TheShareOfStoredBytesPlacesTheStreamsBandwidth) {
  // memory.read_bandwidth_gbps (the H200: read 4468, copy 4046 GB/s): B =
  // B_copy + (B_read - B_copy) x max(0, 1 - 2 s), s the stored share of the
  // bytes. Dotp's facts load a and b and store c, 4 bytes each: s = 1/3, so
  // B = 4046 + 422 / 3 = 4186.67 (the H200's triad measured 4212).
  GpuModel G = gtx280WithLoadRounds();
  G.MemBandwidthGbps = 4046;
  G.ReadBandwidthGbps = 4468;
  KernelProfile Triad = dotpWithAccessFacts();
  Triad.count(Unit::GlobalMem) = 3;
  EXPECT_NEAR(computeTiming(Triad, G, 30, 1, 1).SustainedBandwidthGbps,
              4046 + 422.0 / 3, 1e-9);
  // Loads only: the read's; a copy (one load, one store): the copy's.
  KernelProfile Read = Triad;
  Read.GlobalAccesses[2].Store = false;
  EXPECT_DOUBLE_EQ(computeTiming(Read, G, 30, 1, 1).SustainedBandwidthGbps,
                   4468);
  KernelProfile Copy = Triad;
  Copy.GlobalAccesses.erase(Copy.GlobalAccesses.begin());
  Copy.count(Unit::GlobalMem) = 2;
  EXPECT_DOUBLE_EQ(computeTiming(Copy, G, 30, 1, 1).SustainedBandwidthGbps,
                   4046);
  // Facts that do not cover the kernel's global instructions say nothing
  // about its stores: the copy's. So does a file without the read's.
  KernelProfile Unknown = Read;
  Unknown.count(Unit::GlobalMem) = 4;
  EXPECT_DOUBLE_EQ(computeTiming(Unknown, G, 30, 1, 1).SustainedBandwidthGbps,
                   4046);
  G.ReadBandwidthGbps = 0;
  EXPECT_DOUBLE_EQ(computeTiming(Read, G, 30, 1, 1).SustainedBandwidthGbps,
                   4046);
}

TEST(Timing, StoresHoldAWarpInHk09) {
  // HK09 (and a file without memory.store_latency_periods): the store is a
  // memory period of its own, so 3 instructions in 2 periods, k = 1.5.
  Timing T =
      computeTiming(dotpWithAccessFacts(), gtx280WithLoadRounds(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(T.LoadsPerRound, 1.5);
}

TEST(Timing, StoresDoNotHoldAWarpWhereMeasured) {
  // memory.store_latency_periods = 0 (measured on the H100 and H200: a copy
  // at 2 warps per SM moves 1.9 x a read's bytes): the two loads' one round
  // is the only wait, so k = 3 / 1 and Mem_cycles = 430 x 3 / 3 = 430, as
  // for three loads issued together (LoadsIssuedTogetherWaitOnce).
  GpuModel G = gtx280WithLoadRounds();
  G.StoreLatencyPeriods = 0;
  Timing T = computeTiming(dotpWithAccessFacts(), G, 30, 1, 1);
  EXPECT_DOUBLE_EQ(T.LoadsPerRound, 3);
  EXPECT_DOUBLE_EQ(T.MemCycles, 430);
  // A thread that only stores keeps one period: k = 3 stores / 1.
  KernelProfile Stores = dotpWithAccessFacts();
  Stores.LoadRounds = 0;
  for (GlobalAccessFact &F : Stores.GlobalAccesses)
    F.Store = true;
  EXPECT_DOUBLE_EQ(computeTiming(Stores, G, 30, 1, 1).LoadsPerRound, 3);
  // c[i] += a[i] * b[i]: the loads of a, b and c issue together, so
  // load_rounds = 4 - (3 - 1) = 2, one round and the store; the store goes
  // to memory the thread also loads (a later load may wait for it), so it
  // keeps its period: k = 4 / 2, not 4 / 1.
  KernelProfile Update = dotpWithAccessFacts();
  Update.count(Unit::GlobalMem) = 4;
  GlobalAccessFact LoadC = Update.GlobalAccesses[2];
  LoadC.Store = false;
  Update.GlobalAccesses.push_back(LoadC);
  EXPECT_DOUBLE_EQ(computeTiming(Update, G, 30, 1, 1).LoadsPerRound, 4.0 / 2);
  // A loop that stores to the same address every iteration (`tmp[i] +=`
  // with the load forwarded to a register) keeps the store's period too:
  // 3 instructions in 2 periods.
  KernelProfile SameAddress = dotpWithAccessFacts();
  GlobalAccessFact &Store = SameAddress.GlobalAccesses[2];
  Store.InLoop = Store.IterationStrideKnown = true;
  Store.IterationStrideBytes = 0;
  EXPECT_DOUBLE_EQ(computeTiming(SameAddress, G, 30, 1, 1).LoadsPerRound, 1.5);
}

TEST(Timing, WarpsMeetTheBandwidthBoundAlongASmoothMinimum) {
  // memory.warp_saturation_exponent p (the H100 and H200 bandwidth sweeps:
  // p = 2.0 and 1.9): MWP = (min(MWP_without_BW, N)^-p + MWP_peak_BW^-p)^(-1/p)
  // instead of Eq. (29)'s corner. Dotp on the GTX280 at 30 SMs: N = 16 warps
  // fly (MWP_without_BW = 430 / departure delay is larger), MWP_peak_BW =
  // 10.8 (Eq. 30), so with p = 2: (16^-2 + 10.8^-2)^(-1/2) = 8.952 warps,
  // 17% under the hard minimum's 10.8; the memory cycles grow as N / MWP.
  GpuModel G = test::gtx280();
  Timing Hard = computeTiming(test::dotpProfile(), G, 30, 1, 1);
  ASSERT_GE(Hard.MwpWithoutBw, 16);
  ASSERT_NEAR(Hard.Mwp, PeakBwMwp30, 1e-9);
  G.WarpSaturationExponent = 2;
  Timing T = computeTiming(test::dotpProfile(), G, 30, 1, 1);
  double Expected =
      1 / std::sqrt(1.0 / (16 * 16) + 1 / (PeakBwMwp30 * PeakBwMwp30));
  EXPECT_NEAR(Expected, 8.952, 1e-3);
  EXPECT_NEAR(T.Mwp, Expected, 1e-9);
  // Two warps are far from the bound: (2^-2 + 10.8^-2)^(-1/2) = 2 /
  // sqrt(1 + (2 / 10.8)^2) = 1.9666, 1.7% under N.
  KernelProfile Few = test::dotpProfile();
  Few.Launch.ThreadsPerBlock = 64;
  Timing Two = computeTiming(Few, G, 30, 1, 1);
  EXPECT_NEAR(Two.Mwp, 2 / std::sqrt(1 + std::pow(2 / PeakBwMwp30, 2)), 1e-9);
  EXPECT_NEAR(Two.Mwp, 1.9666, 1e-4);
  // HK09's case label follows Eq. (29): the smooth minimum is never exactly
  // N, but two warps far from the bound are still "not enough warps".
  Timing TwoHard = computeTiming(Few, test::gtx280(), 30, 1, 1);
  EXPECT_EQ(TwoHard.Case, TimingCase::NotEnoughWarps);
  EXPECT_EQ(Two.Case, TwoHard.Case);
}

TEST(Timing, LoadsInFlightDoNotBeatTheBandwidth) {
  // 16 warps at 30 SMs are bandwidth-limited (MWP = 10.8 < N, Eq. 30): a
  // round of 3 loads moves 3 x 128 bytes, so MWP falls to 10.8 / 3 and
  // Eq. (25)'s Mem_cycles x N / MWP stays 1290 x 16 / 10.8.
  KernelProfile P = test::dotpProfile();
  P.LoadRounds = 1;
  Timing T = computeTiming(P, gtx280WithLoadRounds(), 30, 1, 1);
  EXPECT_NEAR(T.Mwp, PeakBwMwp30 / 3, 1e-9);
  EXPECT_NEAR(T.MemCycles * T.N / T.Mwp, 1290 * 16 / PeakBwMwp30, 1e-6);
}

TEST(Timing, Gtx280KeepsOneLoadPerMemoryPeriod) {
  // gtx280.json caps a warp's loads per memory period at 1 (HK09 Eq. 31 as
  // IPP validated it): the same three loads issued together leave Table 4's
  // MWP_peak_BW = 10.802 (IPP Table 4) and wait 430 cycles each.
  KernelProfile P = test::dotpProfile();
  P.LoadRounds = 1;
  Timing T = computeTiming(P, test::gtx280(), 30, 1, 1);
  EXPECT_DOUBLE_EQ(T.LoadsPerRound, 1);
  EXPECT_NEAR(T.MwpPeakBw, 10.802, 0.005); // 125 GB/s gives 10.800
  EXPECT_NEAR(T.MwpPeakBw, PeakBwMwp30, 1e-9);
}

TEST(Timing, WarpRequestsMoveWholeSectors) {
  // A100 (32-byte sectors, CUDA Best Practices Guide): one streaming load
  // of one byte per lane (R5: all DRAM) moves one sector per warp, not
  // 32 x the profile's 4 bytes; a broadcast moves one sector for the block's
  // first warp (R1: 1 of 8 warps misses L1), 32 / 8 bytes per instruction.
  KernelProfile P;
  P.Launch = {256, 864, 32, 0};
  P.count(Unit::Fp) = 10;
  P.count(Unit::GlobalMem) = 1;
  GlobalAccessFact Byte;
  Byte.Base = Byte.Group = "bytes";
  Byte.Bytes = 1;
  Byte.LaneStrideBytes = 1;
  P.GlobalAccesses = {Byte};
  Timing T = computeTiming(P, test::a100(), 108, 8, 1);
  ASSERT_TRUE(T.Levelled);
  EXPECT_DOUBLE_EQ(T.DramBytesPerWarp, 32);
  EXPECT_DOUBLE_EQ(T.L2BytesPerWarp, 32);
  GlobalAccessFact Coef;
  Coef.Base = Coef.Group = "coef";
  Coef.Shape = AccessShape::Broadcast;
  P.GlobalAccesses = {Coef};
  T = computeTiming(P, test::a100(), 108, 8, 1);
  EXPECT_DOUBLE_EQ(T.DramBytesPerWarp, 32.0 / 8);
}

TEST(Timing, FewSmsCannotReachDramBandwidth) {
  // docs/models.md "Bandwidth on fewer SMs", on the GTX280's numbers with
  // an illustrative per-SM rate b = 10 GB/s and p = 2: 30 SMs sustain
  // ((30 x 10)^-2 + 125^-2)^(-1/2) = 1 / sqrt(1/90000 + 1/15625)
  // = 115.385 GB/s, so Eq. (30)'s MWP_peak_BW = 115.385 / (0.385786 x 30)
  // = 9.9696 instead of Table 4's 10.80; 3 SMs sustain
  // 1 / sqrt(1/900 + 1/15625) = 29.172 GB/s, not 125.
  GpuModel G = test::gtx280();
  G.PerSmBandwidthGbps = 10;
  G.BandwidthSaturationExponent = 2;
  Timing T = computeTiming(test::dotpProfile(), G, 30, 1, 1);
  EXPECT_NEAR(T.SmsBandwidthGbps, 115.385, 1e-3);
  EXPECT_NEAR(T.MwpPeakBw, 115.385 / (BwPerWarpGbps * 30), 1e-4);
  EXPECT_NEAR(G.bandwidthOfSmsGbps(3), 29.172, 1e-3);
  // Without the keys Eq. (30) is as written (IPP Table 4).
  EXPECT_DOUBLE_EQ(test::gtx280().bandwidthOfSmsGbps(3), 125);
}
