//===- MemoryLevelsTest.cpp - Where global accesses are served ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected shares are worked out by hand from the rules of docs/models.md
// "Memory levels" (R0-R6): a warp of 32 lanes reading 4-byte elements spans
// 128 bytes per access.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/MemoryLevels.h"
#include "gpa/Occupancy.h"
#include "gpa/ProfileLoader.h"
#include "gpa/Timing.h"

#include <gtest/gtest.h>

using namespace gpa;
using gpa::test::someCaches;

namespace {
GlobalAccessFact load(const std::string &Base, const std::string &Group,
                      double OffsetBytes,
                      AccessShape Shape = AccessShape::Coalesced) {
  GlobalAccessFact F;
  F.Base = Base;
  F.Group = Group;
  F.OffsetBytes = OffsetBytes;
  F.Shape = Shape;
  return F;
}

GlobalAccessFact store(const std::string &Base) {
  GlobalAccessFact F = load(Base, Base, 0);
  F.Store = true;
  return F;
}

/// out[i] = in[i-1] + in[i] + in[i+1] + in[i-n] + in[i+n] (n at run time,
/// given: n = 2048; the front-end found the threads n away that read the up
/// and down rows through the row group).
std::vector<GlobalAccessFact> fivePointStencil() {
  std::vector<GlobalAccessFact> Facts = {
      load("in", "row", -4), load("in", "row", 0),  load("in", "row", 4),
      load("in", "up", 0),   load("in", "down", 0), store("out")};
  for (int I : {3, 4}) {
    Facts[I].RereadGroup = "row";
    Facts[I].RereadThreads = 2048;
  }
  return Facts;
}
} // namespace

TEST(MemoryLevels, StreamingCopyGoesToDram) {
  // R5: one access per base, no neighbours: every byte from DRAM.
  auto E = estimateMemoryLevels({load("in", "in", 0), store("out")},
                                someCaches(), 256, 4096, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Streaming);
  EXPECT_EQ(E.PerAccess[1].Rule, LevelRule::Store);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0);
  EXPECT_DOUBLE_EQ(E.Kernel.L1 + E.Kernel.L2, 0.0);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 8.0);
}

TEST(MemoryLevels, FivePointStencilHandWorked) {
  // Group "row": spans [-4,124), [0,128), [4,132): union 136 bytes of 384.
  // Groups "up" and "down": 128 bytes each. Requested 5 x 128 = 640 bytes.
  // R2: L1 serves 640 - (136 + 128 + 128) = 248 bytes -> 0.3875.
  // R3: DRAM fetches the largest union once, 136 -> 0.2125; L2 the rest,
  // 256 -> 0.4.
  auto E =
      estimateMemoryLevels(fivePointStencil(), someCaches(), 256, 4096, 32);
  for (int I = 0; I < 5; ++I) {
    EXPECT_EQ(E.PerAccess[I].Rule, LevelRule::Neighbours);
    EXPECT_NEAR(E.PerAccess[I].Shares.L1, 248.0 / 640, 1e-12);
    EXPECT_NEAR(E.PerAccess[I].Shares.L2, 256.0 / 640, 1e-12);
    EXPECT_NEAR(E.PerAccess[I].Shares.Dram, 136.0 / 640, 1e-12);
  }
  // Kernel: five loads and one store (DRAM) per thread.
  EXPECT_NEAR(E.Kernel.L1, 5 * 248.0 / 640 / 6, 1e-12);
  EXPECT_NEAR(E.Kernel.Dram, (5 * 136.0 / 640 + 1) / 6, 1e-12);
  // DRAM bytes per thread: 20 loaded x 0.2125 + 4 stored = 8.25.
  EXPECT_NEAR(E.DramBytesPerThread, 8.25, 1e-12);
}

TEST(MemoryLevels, StencilWithAConstantRowWidthSplitsIntoRows) {
  // The same stencil with a compile-time row width of 2048 floats: all five
  // loads share one group at offsets -4, 0, 4, -8192, 8192. Its spans form
  // three clusters, [-4,132) (136 bytes), [-8192,-8064) and [8192,8320)
  // (128 each): the hand-worked shares of the run-time width above.
  std::vector<GlobalAccessFact> Facts = {
      load("in", "i", -4),    load("in", "i", 0),    load("in", "i", 4),
      load("in", "i", -8192), load("in", "i", 8192), store("out")};
  auto E = estimateMemoryLevels(Facts, someCaches(), 256, 4096, 32);
  for (int I = 0; I < 5; ++I) {
    EXPECT_NEAR(E.PerAccess[I].Shares.L1, 248.0 / 640, 1e-12);
    EXPECT_NEAR(E.PerAccess[I].Shares.L2, 256.0 / 640, 1e-12);
    EXPECT_NEAR(E.PerAccess[I].Shares.Dram, 136.0 / 640, 1e-12);
  }
}

TEST(MemoryLevels, BroadcastHitsL1AfterTheBlocksFirstWarp) {
  // R1: 256 threads = 8 warps; the first misses, 7 of 8 hit L1.
  auto E =
      estimateMemoryLevels({load("coef", "coef", 0, AccessShape::Broadcast)},
                           someCaches(), 256, 100, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Broadcast);
  EXPECT_DOUBLE_EQ(E.Kernel.L1, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0 / 8);
}

TEST(MemoryLevels, TableLookupFittingInL2) {
  // R4: a 4 KB table gathered once by each of 256 x 4096 threads (4 MB
  // requested): DRAM fetches the table once, 4096 / 4194304 = 1/1024.
  GlobalAccessFact Lookup = load("@table", "@table", 0, AccessShape::Gather);
  Lookup.WorkingSetBytes = 4096;
  auto E = estimateMemoryLevels({Lookup}, someCaches(), 256, 4096, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::FitsL2);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0 / 1024);
  EXPECT_DOUBLE_EQ(E.Kernel.L2, 1023.0 / 1024);
  // A table larger than L2, or of unknown size (R6), stays at DRAM.
  Lookup.WorkingSetBytes = 64.0 * 1024 * 1024;
  EXPECT_DOUBLE_EQ(
      estimateMemoryLevels({Lookup}, someCaches(), 256, 4096, 32).Kernel.Dram,
      1.0);
  Lookup.WorkingSetBytes = 0;
  auto Unknown = estimateMemoryLevels({Lookup}, someCaches(), 256, 4096, 32);
  EXPECT_EQ(Unknown.PerAccess[0].Rule, LevelRule::UnknownGather);
  EXPECT_DOUBLE_EQ(Unknown.Kernel.Dram, 1.0);
}

TEST(MemoryLevels, AccessesOfAnL2ResidentBaseShareItsCompulsoryFetch) {
  // expdist's distance kernel (gpuFLOPBench): every block stages tiles of
  // the same small A into shared memory, at 4 offsets (tile rows) in each of
  // 2 dimensions: 8 coalesced loads of one base. A's working set, 128 KB
  // (2 x 16384 floats), fits L2 and comes from DRAM once for all 8: the grid
  // of 256 x 4096 threads requests 8 x 4 x 256 x 4096 = 32 MiB of it, so
  // each load's DRAM share is 131072 / 33554432 = 1/256 (before, each load
  // claimed the whole working set for itself: 1/32, 8 x 128 KB of DRAM).
  // Each load's footprint is all of A, [0, 131072): their union is A.
  std::vector<GlobalAccessFact> Tiles;
  for (int D = 0; D < 2; ++D)
    for (int Row = 0; Row < 4; ++Row) {
      GlobalAccessFact F = load("A", D ? "A+m" : "A", 128.0 * Row);
      F.WorkingSetBytes = 131072;
      F.WorkingSetStartKnown = true;
      Tiles.push_back(F);
    }
  auto E = estimateMemoryLevels(Tiles, someCaches(), 256, 4096, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::FitsL2);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0 / 256);
  EXPECT_DOUBLE_EQ(E.Kernel.L2, 255.0 / 256);
  // 131072 bytes over 256 x 4096 threads: 0.125 DRAM bytes per thread.
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 0.125);
  // Without the footprints' starts the eight (different offsets: not the
  // same slice) cannot be placed against each other and add up: 8 x 128 KB
  // = 1 MiB, still within L2; DRAM share 1 MiB / 32 MiB = 1/32.
  for (GlobalAccessFact &F : Tiles)
    F.WorkingSetStartKnown = false;
  auto Unplaced = estimateMemoryLevels(Tiles, someCaches(), 256, 4096, 32);
  EXPECT_EQ(Unplaced.PerAccess[0].Rule, LevelRule::FitsL2);
  EXPECT_DOUBLE_EQ(Unplaced.Kernel.Dram, 1.0 / 32);
}

TEST(MemoryLevels, NoCachesSendsEverythingToDram) {
  auto E =
      estimateMemoryLevels(fivePointStencil(), CacheLevels{}, 256, 4096, 32);
  for (const AccessLevels &A : E.PerAccess)
    EXPECT_EQ(A.Rule, LevelRule::NoCaches);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0);
}

namespace {
KernelProfile stencilProfile() {
  KernelProfile P;
  P.Name = "stencil5";
  P.Launch = {256, 4096, 32, 0};
  P.count(Unit::Int) = 12;
  P.count(Unit::Fp) = 4;
  P.count(Unit::GlobalMem) = 6;
  P.GlobalAccesses = fivePointStencil();
  return P;
}

Timing timingOn(const KernelProfile &P, const GpuModel &G) {
  Occupancy O = computeOccupancy(P.Launch, G);
  unsigned Sms = G.NumSms;
  return computeTiming(
      P, G, Sms, O.MaxActiveBlocksPerSm,
      wavesOnBusiestSm(P.Launch.Blocks, Sms, O.MaxActiveBlocksPerSm));
}

void expectSameTiming(const Timing &A, const Timing &B) {
  EXPECT_EQ(A.Case, B.Case);
  EXPECT_DOUBLE_EQ(A.MemLCycles, B.MemLCycles);
  EXPECT_DOUBLE_EQ(A.Mwp, B.Mwp);
  EXPECT_DOUBLE_EQ(A.Cwp, B.Cwp);
  EXPECT_DOUBLE_EQ(A.ExecCycles, B.ExecCycles);
}
} // namespace

TEST(LevelledTiming, ReducesToHk09WithoutCaches) {
  // The GTX280 file declares no caches: the facts change nothing.
  KernelProfile WithFacts = stencilProfile();
  KernelProfile Without = WithFacts;
  Without.GlobalAccesses.clear();
  Timing A = timingOn(WithFacts, test::gtx280());
  EXPECT_FALSE(A.Levelled);
  expectSameTiming(A, timingOn(Without, test::gtx280()));
}

TEST(LevelledTiming, AllDramFactsReduceToHk09OnACachedGpu) {
  // A streaming copy on the A100: every level share is DRAM, so Mem_L and
  // the bandwidth terms are HK09's.
  KernelProfile P = stencilProfile();
  P.count(Unit::GlobalMem) = 2;
  P.GlobalAccesses = {load("in", "in", 0), store("out")};
  KernelProfile Without = P;
  Without.GlobalAccesses.clear();
  Timing A = timingOn(P, test::a100());
  EXPECT_TRUE(A.Levelled);
  EXPECT_DOUBLE_EQ(A.Levels.Dram, 1.0);
  expectSameTiming(A, timingOn(Without, test::a100()));
}

TEST(LevelledTiming, CacheHitsShortenAStencil) {
  const GpuModel &G = test::a100();
  Timing Levelled = timingOn(stencilProfile(), G);
  KernelProfile Without = stencilProfile();
  Without.GlobalAccesses.clear();
  Timing Hk09 = timingOn(Without, G);
  // Mem_L is the share-weighted mix of the file's level latencies.
  double Loads = 5.0 / 6;
  double Mix = Loads * (248.0 / 640) * G.Caches.L1LatencyCycles +
               Loads * (256.0 / 640) * G.Caches.L2LatencyCycles +
               (Loads * (136.0 / 640) + 1.0 / 6) * G.MemLatencyCycles;
  EXPECT_NEAR(Levelled.MemLCycles, Mix, 1e-9);
  EXPECT_LT(Levelled.ExecCycles, Hk09.ExecCycles);
}

TEST(LevelledTiming, NeverFasterThanDramBytesOrIssueRate) {
  const GpuModel &G = test::a100();
  for (double FpPerThread : {0.0, 4.0, 400.0}) {
    KernelProfile P = stencilProfile();
    P.count(Unit::Fp) = FpPerThread;
    Timing T = timingOn(P, G);
    double Threads = double(P.Launch.ThreadsPerBlock) * P.Launch.Blocks;
    // DRAM bytes (hand-worked above: 8.25 per thread) over the sustained
    // bandwidth.
    double DramS = Threads * 8.25 / (G.MemBandwidthGbps * 1e9);
    EXPECT_GE(T.ExecTimeS, DramS * (1 - 1e-9)) << FpPerThread;
    // Warp-instructions over every SM's issue slots and pipes.
    double IssueCycles = test::issueBoundCycles(P, G);
    double IssueS =
        Threads / G.WarpSize * IssueCycles / (G.NumSms * G.ClockGhz * 1e9);
    EXPECT_GE(T.ExecTimeS, IssueS * (1 - 1e-9)) << FpPerThread;
  }
}

TEST(MemoryLevels, BroadcastOfAnL2ResidentArrayMissesToL2) {
  // R1 then R4: 8 warps per block, so 1/8 of the executions miss L1; the
  // 4-byte value is fetched from DRAM once for the grid's 256 x 100 x 4 =
  // 102400 requested bytes, the rest of the misses hit L2.
  GlobalAccessFact Coef = load("coef", "coef", 0, AccessShape::Broadcast);
  Coef.WorkingSetBytes = 4;
  auto E = estimateMemoryLevels({Coef}, someCaches(), 256, 100, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Broadcast);
  EXPECT_DOUBLE_EQ(E.Kernel.L1, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 4.0 / 102400);
  EXPECT_DOUBLE_EQ(E.Kernel.L2, 1.0 / 8 - 4.0 / 102400);
}

namespace {
/// 100 shared-memory loads per thread and nothing else, one 32-thread block
/// per SM (100 KB of shared memory each), one wave on every SM.
KernelProfile sharedLoadsOneWarpPerSm(const GpuModel &G, unsigned Warps) {
  KernelProfile P;
  P.Name = "shared_loads";
  P.Launch = {32ull * Warps, G.NumSms, 32, 100 * 1024};
  P.count(Unit::SharedMem) = 100;
  return P;
}
} // namespace

TEST(LevelledTiming, SharedLoadLatencyIsExposedWithOneWarp) {
  // HK09's Eq. (24) path for one warp: each shared load waits the
  // shared-memory latency before its dependent instruction. A100: 23 cycles
  // (Abdelkhalik et al. 2022, the file's estimate); 1 warp per SM, 1 wave:
  // 100 loads x 23 cycles = 2300 cycles, against 100 x 1 issue cycles.
  GpuModel G = test::a100();
  G.Caches.SharedLatencyCycles = 23;
  Timing T = timingOn(sharedLoadsOneWarpPerSm(G, 1), G);
  EXPECT_DOUBLE_EQ(T.N, 1.0);
  EXPECT_DOUBLE_EQ(T.Rep, 1.0);
  EXPECT_DOUBLE_EQ(T.ExecCycles, 100 * 23.0);
  // Without the key the warp waits the dependent-issue latency only (4
  // cycles on the A100 file): 400 cycles.
  G.Caches.SharedLatencyCycles = 0;
  EXPECT_DOUBLE_EQ(timingOn(sharedLoadsOneWarpPerSm(G, 1), G).ExecCycles,
                   100 * G.DependentIssueLatencyCycles);
}

TEST(LevelledTiming, SharedLoadLatencyIsHiddenByEnoughWarps) {
  // 32 warps per SM: their 32 x 100 issue cycles (3200) exceed one warp's
  // 2300-cycle latency path, so the latency changes nothing (HK09's Eq. 26
  // regime).
  GpuModel G = test::a100();
  G.Caches.SharedLatencyCycles = 23;
  Timing T = timingOn(sharedLoadsOneWarpPerSm(G, 32), G);
  EXPECT_DOUBLE_EQ(T.N, 32.0);
  EXPECT_DOUBLE_EQ(T.ExecCycles, 32 * 100 * G.issueCycles(Unit::SharedMem));
}

TEST(LevelledTiming, SharedLoadLatencyLeavesTheGtx280AsHk09) {
  // The GTX280 file has no shared_latency_cycles: Comp_cycles and the
  // one-warp path are HK09's (Issue_cycles x instructions).
  EXPECT_DOUBLE_EQ(test::gtx280().Caches.SharedLatencyCycles, 0.0);
}

TEST(LevelledTiming, BankConflictReplaysAreIssuedAndWaitedFor) {
  // 100 shared loads with a 2-way conflict each (stride 2 words: gcd(2, 32)
  // = 2, CUDA C++ Programming Guide "Shared Memory") are 200 requests.
  // 32 warps per SM: Eq. (26)'s N x Comp_cycles = 32 x 200 issue cycles;
  // one warp alone (shared latency 23): 200 x 23 cycles.
  GpuModel G = test::a100();
  G.Caches.SharedLatencyCycles = 23;
  KernelProfile P = sharedLoadsOneWarpPerSm(G, 32);
  P.SharedBankReplays = 100;
  EXPECT_DOUBLE_EQ(timingOn(P, G).ExecCycles,
                   32 * 200 * G.issueCycles(Unit::SharedMem));
  KernelProfile Alone = sharedLoadsOneWarpPerSm(G, 1);
  Alone.SharedBankReplays = 100;
  EXPECT_DOUBLE_EQ(timingOn(Alone, G).ExecCycles, 200 * 23.0);
}

namespace {
/// someCaches() with the A100's 192 KB L1/shared data cache per SM.
CacheLevels cachesWithL1() {
  CacheLevels C = someCaches();
  C.L1SharedBytesPerSm = 192.0 * 1024;
  return C;
}

GlobalAccessFact inLoop(GlobalAccessFact F, double PerThread,
                        double StrideBytes) {
  F.PerThread = PerThread;
  F.InLoop = true;
  F.IterationStrideKnown = true;
  F.IterationStrideBytes = StrideBytes;
  return F;
}

/// A naive matmul's inner loop, k = 0..1023, one warp of 32 threads per
/// block (so R1's "other warps of the block" is empty): A[row * n + k] is
/// a broadcast that moves 4 bytes per iteration; B[k * n + col] is
/// coalesced and moves a run-time row per iteration (stride unknown).
std::vector<GlobalAccessFact> naiveMatmulRowAndColumn() {
  GlobalAccessFact Row =
      inLoop(load("A", "row", 0, AccessShape::Broadcast), 1024, 4);
  GlobalAccessFact Column = load("B", "column", 0);
  Column.PerThread = 1024;
  Column.InLoop = true;
  return {Row, Column};
}
} // namespace

TEST(MemoryLevels, LoopReuseServesAMatmulRowFromL1) {
  // R7 on A's row: one 32-byte sector serves 32 / 4 = 8 iterations, so 1/8
  // of the executions miss (the first warp of a one-warp block: R1 gave
  // DRAM 1). The window, 8 iterations x (4 new bytes of A + 128 of B) =
  // 1056 bytes per block, x 32 resident blocks = 33 KB <= 192 KB: L1.
  // B's column has no known stride: R5, every byte from DRAM.
  auto E = estimateMemoryLevels(naiveMatmulRowAndColumn(), cachesWithL1(), 32,
                                4096, 32, L1Budget{32, 0});
  EXPECT_TRUE(E.PerAccess[0].LoopReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L2, 0);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 8);
  EXPECT_FALSE(E.PerAccess[1].LoopReuse);
  EXPECT_EQ(E.PerAccess[1].Rule, LevelRule::Streaming);
  EXPECT_DOUBLE_EQ(E.PerAccess[1].Shares.Dram, 1);
}

TEST(MemoryLevels, LoopReuseNeedsTheLaunchsL1Budget) {
  // Without the resident blocks the L1 share per block is unknown: R0-R6.
  auto E = estimateMemoryLevels(naiveMatmulRowAndColumn(), cachesWithL1(), 32,
                                4096, 32);
  EXPECT_FALSE(E.PerAccess[0].LoopReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1);
  // Nor without the GPU file's L1 size.
  auto NoSize = estimateMemoryLevels(naiveMatmulRowAndColumn(), someCaches(),
                                     32, 4096, 32, L1Budget{32, 0});
  EXPECT_FALSE(NoSize.PerAccess[0].LoopReuse);
}

TEST(MemoryLevels, LoopReuseBeyondL1HitsL2) {
  // Each of 32 resident blocks takes 6 KB of shared memory: 192 - 192 = 0
  // bytes of L1 remain, the 1056-byte window cannot stay in L1. The grid's
  // 4096 windows (4.3 MB) fit the 40 MB L2: the re-reads hit L2.
  auto E = estimateMemoryLevels(naiveMatmulRowAndColumn(), cachesWithL1(), 32,
                                4096, 32, L1Budget{32, 6 * 1024});
  EXPECT_TRUE(E.PerAccess[0].LoopReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 0);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L2, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 8);
}

TEST(MemoryLevels, LoopInvariantAddressMissesOnce) {
  // A value the compiler could not hoist, re-read in each of 100
  // iterations at the same address: the first execution misses.
  auto E = estimateMemoryLevels({inLoop(load("x", "x", 0), 100, 0)},
                                cachesWithL1(), 256, 4096, 32, L1Budget{8, 0});
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 100);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 99.0 / 100);
}

TEST(MemoryLevels, StreamingLoopHasNoLoopReuse) {
  // A grid-stride copy moves 256 x 4096 x 4 bytes per iteration, more than
  // a warp's 128-byte span: no sector is read twice (miss fraction 1).
  auto E = estimateMemoryLevels(
      {inLoop(load("in", "in", 0), 16, 256.0 * 4096 * 4), store("out")},
      cachesWithL1(), 256, 4096, 32, L1Budget{8, 0});
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 0);
}

TEST(MemoryLevels, LoopReuseKeepsAnL2ResidentArraysCompulsoryDram) {
  // A 9-tap filter's coefficients coef[k] (36 bytes), a broadcast moving 4
  // bytes per iteration, 256 threads x 4096 blocks: R1 leaves 1/8 of the
  // executions to the first warp, R4 fetches the 36 bytes once from DRAM,
  // D = 36 / (256 x 4096 x 9 x 4). R7: 7 of 8 of the first warp's
  // executions hit the sector it fetched; DRAM stays D.
  GlobalAccessFact Coef =
      inLoop(load("@coef", "@coef", 0, AccessShape::Broadcast), 9, 4);
  Coef.WorkingSetBytes = 36;
  auto E = estimateMemoryLevels({Coef}, cachesWithL1(), 256, 4096, 32,
                                L1Budget{8, 0});
  double D = 36.0 / (256.0 * 4096 * 9 * 4);
  EXPECT_NEAR(E.PerAccess[0].Shares.Dram, D, 1e-15);
  EXPECT_NEAR(E.PerAccess[0].Shares.L2, (1.0 / 8 - D) / 8, 1e-15);
  EXPECT_NEAR(E.PerAccess[0].Shares.L1, 7.0 / 8 + (1.0 / 8 - D) * 7 / 8, 1e-15);
}

TEST(MemoryLevels, WithoutL1CachingOnlyReadOnlyLoadsHitL1) {
  // R8 (Maxwell: global loads cached in L2 only unless read-only): the
  // broadcast's 7/8 that hit L1 after the block's first warp hit L2.
  CacheLevels Maxwell = someCaches();
  Maxwell.L1CachesGlobalLoads = false;
  GlobalAccessFact Coef = load("coef", "coef", 0, AccessShape::Broadcast);
  auto Plain = estimateMemoryLevels({Coef}, Maxwell, 256, 100, 32);
  EXPECT_TRUE(Plain.PerAccess[0].L1Bypassed);
  EXPECT_DOUBLE_EQ(Plain.Kernel.L1, 0);
  EXPECT_DOUBLE_EQ(Plain.Kernel.L2, 7.0 / 8);
  EXPECT_DOUBLE_EQ(Plain.Kernel.Dram, 1.0 / 8);
  // ld.global.nc goes through the L1/texture cache: R1's shares.
  Coef.ReadOnly = true;
  auto ReadOnly = estimateMemoryLevels({Coef}, Maxwell, 256, 100, 32);
  EXPECT_FALSE(ReadOnly.PerAccess[0].L1Bypassed);
  EXPECT_DOUBLE_EQ(ReadOnly.Kernel.L1, 7.0 / 8);
  EXPECT_DOUBLE_EQ(ReadOnly.Kernel.Dram, 1.0 / 8);
  // The stencil's neighbour hits (R2, 248 of 640 bytes) become L2 hits.
  auto Stencil =
      estimateMemoryLevels(fivePointStencil(), Maxwell, 256, 4096, 32);
  EXPECT_NEAR(Stencil.PerAccess[0].Shares.L1, 0, 1e-15);
  EXPECT_NEAR(Stencil.PerAccess[0].Shares.L2, (248.0 + 256) / 640, 1e-12);
  EXPECT_NEAR(Stencil.PerAccess[0].Shares.Dram, 136.0 / 640, 1e-12);
}

TEST(MemoryLevels, ReadOnlyLoadsChangeNothingWhereL1CachesGlobalLoads) {
  // cc 7.0+: ld.global.ca and ld.global.nc share the unified L1/texture
  // cache; the bundled Volta/Ampere/Hopper files say so, Maxwell's not.
  for (const char *Name : {"v100", "a100", "h100"})
    EXPECT_TRUE(test::bundled(Name).Caches.L1CachesGlobalLoads) << Name;
  EXPECT_FALSE(test::bundled("gtx-titan-x").Caches.L1CachesGlobalLoads);
  EXPECT_DOUBLE_EQ(test::a100().Caches.L1SharedBytesPerSm, 192.0 * 1024);
  std::vector<GlobalAccessFact> Facts = fivePointStencil();
  auto Default = estimateMemoryLevels(Facts, someCaches(), 256, 4096, 32);
  for (GlobalAccessFact &F : Facts)
    F.ReadOnly = !F.Store;
  auto ReadOnly = estimateMemoryLevels(Facts, someCaches(), 256, 4096, 32);
  for (std::size_t I = 0; I < Facts.size(); ++I) {
    EXPECT_DOUBLE_EQ(ReadOnly.PerAccess[I].Shares.L1,
                     Default.PerAccess[I].Shares.L1);
    EXPECT_DOUBLE_EQ(ReadOnly.PerAccess[I].Shares.Dram,
                     Default.PerAccess[I].Shares.Dram);
  }
}

TEST(MemoryLevels, LoopFactsRoundTripThroughTheProfile) {
  KernelProfile P = test::dotpProfile();
  P.GlobalAccesses = naiveMatmulRowAndColumn();
  std::vector<KernelProfile> Back;
  std::string Error;
  ASSERT_TRUE(
      parseKernelProfiles(kernelProfileToJson(P), "p.json", Back, Error))
      << Error;
  ASSERT_EQ(Back.size(), 1u);
  const auto &F = Back[0].GlobalAccesses;
  ASSERT_EQ(F.size(), 2u);
  EXPECT_TRUE(F[0].InLoop && F[0].IterationStrideKnown);
  EXPECT_DOUBLE_EQ(F[0].IterationStrideBytes, 4);
  EXPECT_TRUE(F[1].InLoop);
  EXPECT_FALSE(F[1].IterationStrideKnown);
}

TEST(MemoryLevels, LoopReuseOfAFiltersSlidingWindow) {
  // out[i] = sum_{k<9} coef[k] * in[i + k], 256 threads x 4096 blocks, 8
  // resident blocks. in[i + k] is coalesced (a 128-byte, 4-sector run per
  // warp) and moves 4 bytes per k: m = 4 / 128 = 1/32. Its sectors stay in
  // use 128 / 4 = 32 iterations; each warp-iteration brings 4 bytes of
  // coef and 4 of in: 32 x 8 warps x 8 bytes = 2 KB per block, x 8 blocks =
  // 16 KB <= 192 KB. So in: L1 31/32, DRAM 1/32 (R5 gave DRAM 1). coef (a
  // 36-byte global array, broadcast): R1 + R4 give L1 7/8, L2 1/8 - D, DRAM
  // D = 36 / (256 x 4096 x 9 x 4); R7 moves 7/8 of its L2 share to L1.
  GlobalAccessFact Coef =
      inLoop(load("@coef", "@coef", 0, AccessShape::Broadcast), 9, 4);
  Coef.WorkingSetBytes = 36;
  GlobalAccessFact In = inLoop(load("in", "in", 0), 9, 4);
  auto E = estimateMemoryLevels({Coef, In, store("out")}, cachesWithL1(), 256,
                                4096, 32, L1Budget{8, 0});
  EXPECT_DOUBLE_EQ(E.PerAccess[1].Shares.L1, 31.0 / 32);
  EXPECT_DOUBLE_EQ(E.PerAccess[1].Shares.Dram, 1.0 / 32);
  double D = 36.0 / (256.0 * 4096 * 9 * 4);
  double CoefL1 = 7.0 / 8 + (1.0 / 8 - D) * 7 / 8;
  EXPECT_NEAR(E.Kernel.L1, (9 * CoefL1 + 9 * 31.0 / 32) / 19, 1e-12);
}

TEST(MemoryLevels, RowsOfABlockReadingOneRowHitL1) {
  // R9: a 32 x 8 block (8 warps), every row reads in[threadIdx.x]: each
  // warp requests the same 128 bytes = 4 sectors; the block touches 4
  // distinct sectors of the 8 x 4 = 32 it requests, so 1/8 misses. Alone
  // on its base the load is R5 (all DRAM): L1 7/8, DRAM 1/8, and 4 bytes
  // x 1/8 = 0.5 DRAM bytes per thread.
  GlobalAccessFact Row = load("in", "in", 0);
  Row.BlockSectors = 4;
  auto E = estimateMemoryLevels({Row}, someCaches(), 256, 4096, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Streaming);
  EXPECT_TRUE(E.PerAccess[0].BlockReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L2, 0);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 8);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 0.5);
}

TEST(MemoryLevels, ShiftedRowsOfAnL2ResidentInputKeepTheCompulsoryDram) {
  // A dedispersion-like load: one byte per lane, consecutive lanes (one
  // 32-byte sector per warp), 256 threads (8 warps) whose rows read at
  // shifts that keep the block within 2 distinct sectors: miss 2 / 8. The
  // input (1 MiB) fits L2 (R4): 100 executions x 256 x 4096 threads x 1
  // byte = 104857600 bytes requested, DRAM D = 1048576 / 104857600 = 0.01,
  // L2 0.99. R9: 0.25 of the requests leave L1; DRAM keeps D, L2 0.24,
  // L1 0.75.
  GlobalAccessFact In = load("input", "input", 0);
  In.Bytes = 1;
  In.LaneStrideBytes = 1;
  In.PerThread = 100;
  In.WorkingSetBytes = 1048576;
  In.BlockSectors = 2;
  auto E = estimateMemoryLevels({In}, someCaches(), 256, 4096, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::FitsL2);
  EXPECT_NEAR(E.PerAccess[0].Shares.Dram, 0.01, 1e-15);
  EXPECT_NEAR(E.PerAccess[0].Shares.L2, 0.24, 1e-15);
  EXPECT_NEAR(E.PerAccess[0].Shares.L1, 0.75, 1e-15);
}

TEST(MemoryLevels, BlockSectorsAsManyAsRequestedChangeNothing) {
  // 8 warps x 4 sectors: a block touching 32 or more distinct sectors
  // (no warp reads another's) keeps R5; stores and loads without the fact
  // are not touched.
  GlobalAccessFact Row = load("in", "in", 0);
  Row.BlockSectors = 32;
  GlobalAccessFact Out = store("out");
  Out.BlockSectors = 4;
  auto E = estimateMemoryLevels({Row, Out}, someCaches(), 256, 4096, 32);
  EXPECT_FALSE(E.PerAccess[0].BlockReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1);
  EXPECT_FALSE(E.PerAccess[1].BlockReuse);
  EXPECT_DOUBLE_EQ(E.PerAccess[1].Shares.Dram, 1);
}

TEST(MemoryLevels, BlockSectorsRoundTripThroughTheProfile) {
  KernelProfile P = test::dotpProfile();
  GlobalAccessFact Row = load("in", "in", 0);
  Row.BlockSectors = 2.5;
  P.GlobalAccesses = {Row, load("x", "x", 0)};
  std::vector<KernelProfile> Back;
  std::string Error;
  ASSERT_TRUE(
      parseKernelProfiles(kernelProfileToJson(P), "p.json", Back, Error))
      << Error;
  ASSERT_EQ(Back.size(), 1u);
  EXPECT_DOUBLE_EQ(Back[0].GlobalAccesses[0].BlockSectors, 2.5);
  EXPECT_DOUBLE_EQ(Back[0].GlobalAccesses[1].BlockSectors, 0);
}

TEST(MemoryLevels, FarClustersOfABaseBeyondL2MissToDram) {
  // c[i] = a[i] + b[i] + a[i + n/2] (issue 24), n = 2^24 floats. a[i] and
  // a[i + n/2] are two groups (a run-time distance); each warp span is 128
  // bytes. Without a reread fact (the distance not evaluated) R3 credits no
  // reuse between the groups: both clusters DRAM. With the front-end's
  // reread fact, thread t + n/2 reads through a[i] what thread t reads
  // through a[i + n/2]: 2^23 threads apart x 16 bytes requested per thread
  // (three loads and a store) = 128 MiB between the two reads, beyond the
  // 40 MiB L2: still DRAM. DRAM bytes per thread 16 against vecadd's 12.
  std::vector<GlobalAccessFact> Far = {load("a", "i", 0),
                                       load("a", "i + n/2", 0),
                                       load("b", "i", 0), store("c")};
  auto Unknown = estimateMemoryLevels(Far, someCaches(), 256, 65536, 32);
  EXPECT_DOUBLE_EQ(Unknown.Kernel.L2, 0.0);
  EXPECT_DOUBLE_EQ(Unknown.DramBytesPerThread, 16.0);
  Far[1].RereadGroup = "i";
  Far[1].RereadThreads = 1 << 23;
  auto Known = estimateMemoryLevels(Far, someCaches(), 256, 65536, 32);
  EXPECT_DOUBLE_EQ(Known.Kernel.L2, 0.0);
  EXPECT_DOUBLE_EQ(Known.Kernel.Dram, 1.0);
  EXPECT_DOUBLE_EQ(Known.DramBytesPerThread, 16.0);
  auto Plain =
      estimateMemoryLevels({load("a", "i", 0), load("b", "i", 0), store("c")},
                           someCaches(), 256, 65536, 32);
  EXPECT_DOUBLE_EQ(Plain.DramBytesPerThread, 12.0);
}

TEST(MemoryLevels, NearClustersOfAnotherGroupHitL2) {
  // The same kernel with a[i + 4096] (heat2d's next row, 4096 floats):
  // thread t + 4096 reads through a[i] what t reads through a[i + 4096];
  // 4096 threads x 16 bytes = 64 KiB between the reads, within the 40 MiB
  // L2: the far cluster's misses hit L2. a: 256 requested bytes per warp,
  // 128 compulsory: each of a's loads L2 1/2, DRAM 1/2; kernel L2 = 2 x 0.5
  // / 4 = 0.25, DRAM bytes per thread 4 x (0.5 + 0.5) + 4 + 4 = 12.
  std::vector<GlobalAccessFact> Near = {
      load("a", "i", 0), load("a", "i + n", 0), load("b", "i", 0), store("c")};
  Near[1].RereadGroup = "i";
  Near[1].RereadThreads = 4096;
  auto E = estimateMemoryLevels(Near, someCaches(), 256, 65536, 32);
  EXPECT_DOUBLE_EQ(E.Kernel.L2, 0.25);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 12.0);
}

TEST(MemoryLevels, PassesInSuccessiveLoopsHitL2OnlyWhenTheGridsLoopFitsL2) {
  // softmax's softMax2: a warp per row of 784 floats, three loops over the
  // row (lane j, j += 32), the third also storing dest: each load 24.5
  // executions x 4 bytes = 98 bytes per thread, one group per loop; the
  // store 98. BytesPerThread 4 x 98 = 392. Each thread reads its own bytes
  // again in the next loop, 0 threads apart, but the rest of the first
  // loop and the start of the second lie between: the second pass's load
  // is re-read after 98 bytes of loop 1 (the front-end's
  // reread_bytes_between: the larger loop's, 98), the third's after loop
  // 3's 196. Every thread in flight requests as much meanwhile: RTX 3080,
  // 68 SMs x 6 blocks of 256 = 104,448 threads: 104,448 x 98 = 10.2 MB
  // and x 196 = 20.5 MB, beyond its 5 MiB L2: each pass is its own
  // compulsory fetch, DRAM 3 x 98 + 98 = 392 bytes per thread. With a 40
  // MiB L2 both fit: the passes are one linked set fetched once, each
  // load's DRAM share 128 / 384 = 1/3, 3 x 98 / 3 + 98 = 196. With the SM
  // count unknown nothing is credited (392).
  auto Pass = [](const std::string &Group, const std::string &From,
                 double Between) {
    GlobalAccessFact F = load("src", Group, 0);
    F.PerThread = 24.5;
    F.RereadGroup = From;
    F.RereadBytesBetween = Between;
    return F;
  };
  GlobalAccessFact Dest = store("dest");
  Dest.PerThread = 24.5;
  std::vector<GlobalAccessFact> Facts = {
      Pass("j1", "j2", 98), Pass("j2", "j1", 98), Pass("j3", "j1", 196), Dest};
  CacheLevels Rtx3080 = someCaches();
  Rtx3080.L2Bytes = 5.0 * 1024 * 1024;
  L1Budget Resident{6, 0, 68};
  auto Small = estimateMemoryLevels(Facts, Rtx3080, 256, 12500, 32, Resident);
  EXPECT_DOUBLE_EQ(Small.DramBytesPerThread, 392.0);
  auto Large =
      estimateMemoryLevels(Facts, someCaches(), 256, 12500, 32, Resident);
  EXPECT_DOUBLE_EQ(Large.DramBytesPerThread, 196.0);
  auto Unknown = estimateMemoryLevels(Facts, someCaches(), 256, 12500, 32,
                                      L1Budget{6, 0, 0});
  EXPECT_DOUBLE_EQ(Unknown.DramBytesPerThread, 392.0);
}

TEST(MemoryLevels, ClustersOfOneGroupChainOnlyWithinL2) {
  // a[i] and a[i + 2^22] (a constant 16 MiB apart, one group), b[i], c[i]:
  // thread t + 2^22 reads through a[i] what t reads through a[i + 2^22];
  // 2^22 threads x 16 bytes = 64 MiB between the reads. With a 40 MiB L2
  // the far cluster is compulsory too (DRAM 16 bytes per thread); with a
  // 128 MiB L2 it hits L2 (12).
  std::vector<GlobalAccessFact> Facts = {load("a", "i", 0),
                                         load("a", "i", 4.0 * (1 << 22)),
                                         load("b", "i", 0), store("c")};
  auto Small = estimateMemoryLevels(Facts, someCaches(), 256, 65536, 32);
  EXPECT_DOUBLE_EQ(Small.DramBytesPerThread, 16.0);
  CacheLevels Big = someCaches();
  Big.L2Bytes = 128.0 * 1024 * 1024;
  auto Large = estimateMemoryLevels(Facts, Big, 256, 65536, 32);
  EXPECT_DOUBLE_EQ(Large.DramBytesPerThread, 12.0);
}

TEST(MemoryLevels, ARereadByAThreadBeyondTheGridIsNoReuse) {
  // PolyBench CORR's mean_kernel unrolled: a[i] and a[i + 2048] (rows of
  // 2048 floats, 8 KiB apart, one group) and a store c[i]. Thread t + 2048
  // would read through a[i] what t reads through a[i + 2048], 2048 x 12
  // bytes apart, well within L2. On 8 blocks of 256 threads that thread
  // does not exist: every element is read once, both clusters compulsory
  // (DRAM 4 + 4 + 4 = 12 bytes per thread). On 16 blocks it does, and R3
  // chains the clusters (their largest union: 4 + 4 = 8).
  std::vector<GlobalAccessFact> Facts = {
      load("a", "i", 0), load("a", "i", 4.0 * 2048), store("c")};
  auto Grid = estimateMemoryLevels(Facts, someCaches(), 256, 8, 32);
  EXPECT_DOUBLE_EQ(Grid.DramBytesPerThread, 12.0);
  auto Twice = estimateMemoryLevels(Facts, someCaches(), 256, 16, 32);
  EXPECT_DOUBLE_EQ(Twice.DramBytesPerThread, 8.0);
}

TEST(MemoryLevels, AStreamBeyondL2GetsNoHits) {
  // B[tidx] over 1 GiB (2^28 floats, 2^20 blocks of 256): the working set
  // exceeds L2, R4 does not apply; the only access of its base is R5.
  GlobalAccessFact B = load("B", "i", 0);
  B.WorkingSetBytes = 1024.0 * 1024 * 1024;
  auto E = estimateMemoryLevels({B}, someCaches(), 256, 1 << 20, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Streaming);
  EXPECT_DOUBLE_EQ(E.Kernel.L2, 0.0);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0);
}

TEST(MemoryLevels, ABaseWithAnUnknownAccessHasNoWorkingSet) {
  // in[i] (a known 4 MB span) and in[i + n] (n unknown): the base's extent
  // is unknown, so neither access is R4's; R3 places them, and with no
  // reread fact (n unknown) credits no reuse between the two groups.
  std::vector<GlobalAccessFact> Facts = {load("in", "i", 0),
                                         load("in", "i + n", 0)};
  Facts[0].WorkingSetBytes = 4.0 * 1024 * 1024;
  auto E = estimateMemoryLevels(Facts, someCaches(), 256, 4096, 32);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Neighbours);
  EXPECT_DOUBLE_EQ(E.Kernel.L2, 0.0);
  EXPECT_DOUBLE_EQ(E.Kernel.Dram, 1.0);
}

TEST(MemoryLevels, PlanesOfA3DBlockAreReadAgainWithinTheBlock) {
  // out[x][y][z] = u[x-1][y][z] + u[x][y][z] + u[x+1][y][z] on 64^3 floats
  // (a plane 64 x 64 x 4 = 16384 bytes), z = 8 * blockIdx.x + threadIdx.x,
  // y along threadIdx.y (256 bytes a row), x = 4 * blockIdx.z + threadIdx.z
  // (gpuFLOPBench ace-cuda's indexing): blocks of 8 x 8 x 4, 1024 blocks.
  // A thread requests 16 bytes (three loads, one store). With a 32 KiB L2
  // the lane rule puts the planes 16384 / 4 = 4096 threads apart (64 KiB
  // between the reads): each plane its own compulsory fetch, 12 + 4 = 16
  // DRAM bytes per thread. In launch order the thread one plane on is 8 x 8
  // = 64 threads later (1 KiB) for the 3 of 4 threads with threadIdx.z < 3;
  // the others' neighbour plane is in another block (no credit). So u comes
  // from DRAM once plus 1/4 of each neighbour plane: 4 + 2 x 4 / 4 = 6
  // bytes, + 4 stored = 10 per thread.
  std::vector<GlobalAccessFact> Facts = {load("u", "x", -16384),
                                         load("u", "x", 0),
                                         load("u", "x", 16384), store("out")};
  for (GlobalAccessFact &F : Facts) {
    F.ThreadStrideYKnown = F.ThreadStrideZKnown = true;
    F.ThreadStrideYBytes = 256;
    F.ThreadStrideZBytes = 16384;
  }
  CacheLevels Small = someCaches();
  Small.L2Bytes = 32.0 * 1024;
  BlockDims Dims{8, 8, 4};
  auto E = estimateMemoryLevels(Facts, Small, 256, 1024, 32, {}, Dims);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 10.0);
  // The block's shape unknown, or the z stride: no credit (16).
  EXPECT_DOUBLE_EQ(
      estimateMemoryLevels(Facts, Small, 256, 1024, 32).DramBytesPerThread,
      16.0);
  for (GlobalAccessFact &F : Facts)
    F.ThreadStrideZKnown = false;
  EXPECT_DOUBLE_EQ(estimateMemoryLevels(Facts, Small, 256, 1024, 32, {}, Dims)
                       .DramBytesPerThread,
                   16.0);
  // Blocks one plane deep (8 x 32 x 1): every neighbour plane is another
  // block's (16).
  for (GlobalAccessFact &F : Facts)
    F.ThreadStrideZKnown = true;
  EXPECT_DOUBLE_EQ(
      estimateMemoryLevels(Facts, Small, 256, 1024, 32, {}, BlockDims{8, 32, 1})
          .DramBytesPerThread,
      16.0);
}

namespace {
/// R10's shapes: softmax's softMax writes dest[i * 784 + j], a thread per
/// row, j = 0..783 (lanes 3136 bytes apart: one 32-byte sector per lane),
/// on an L2 of 5 MiB (the RTX 3080's, 5,242,880 bytes).
CacheLevels rtx3080Caches() {
  CacheLevels C = someCaches();
  C.L2Bytes = 5.0 * 1024 * 1024;
  return C;
}

GlobalAccessFact rowStore(double OffsetBytes, double PerThread,
                          double StepBytes) {
  GlobalAccessFact F = inLoop(store("dest"), PerThread, StepBytes);
  F.Group = "row";
  F.OffsetBytes = OffsetBytes;
  F.Shape = AccessShape::Strided;
  F.LaneStrideBytes = 3136;
  return F;
}
} // namespace

TEST(MemoryLevels, StoresWalkingTheirOwnSectorsReachDramOncePerSector) {
  // The rolled loop: 784 stores of 4 bytes per thread, step 4. R0 sent each
  // to DRAM (a sector per lane per execution: 784 x 32 = 25,088 bytes a
  // row); L2 merges the eight 4-byte writes of a sector: m = 4 / 32 = 1/8
  // (98 sectors, 3,136 bytes a row). Capacity: 400 blocks of 256 threads,
  // 6 resident on each of 68 SMs (104,448 >= the grid's 102,400 threads:
  // 3,200 warps in flight), each warp holding one open sector per lane
  // (32 x 32 = 1,024 bytes) and no loads: 3,276,800 <= 5,242,880.
  std::vector<GlobalAccessFact> Facts = {rowStore(0, 784, 4)};
  L1Budget Resident{6, 0, 68};
  auto E = estimateMemoryLevels(Facts, rtx3080Caches(), 256, 400, 32, Resident);
  EXPECT_TRUE(E.PerAccess[0].StoreMerge);
  EXPECT_EQ(E.PerAccess[0].Rule, LevelRule::Store);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L1, 0);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.L2, 7.0 / 8);
  EXPECT_DOUBLE_EQ(E.PerAccess[0].Shares.Dram, 1.0 / 8);
  // L2 traffic unchanged (all 3,136 bytes), DRAM 392 bytes per thread.
  EXPECT_DOUBLE_EQ(E.L2BytesPerThread, 3136);
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 392);
  // Without the residency the open sectors cannot be weighed: R0.
  auto Unknown = estimateMemoryLevels(Facts, rtx3080Caches(), 256, 400, 32);
  EXPECT_FALSE(Unknown.PerAccess[0].StoreMerge);
  EXPECT_DOUBLE_EQ(Unknown.PerAccess[0].Shares.Dram, 1);
}

TEST(MemoryLevels, UnrolledStoreCopiesFillTheirSectorWithinAnIteration) {
  // Unrolled by 8: copies at 0, 4, ..., 28, step 32 (98 iterations). Each
  // iteration fills a lane's sector by stores issued back to back: no
  // capacity condition, m = 32 / (32 x 8) = 1/8 each, also without the
  // residency.
  std::vector<GlobalAccessFact> Facts;
  for (int K = 0; K < 8; ++K)
    Facts.push_back(rowStore(4 * K, 98, 32));
  auto E = estimateMemoryLevels(Facts, rtx3080Caches(), 256, 400, 32);
  for (const AccessLevels &A : E.PerAccess) {
    EXPECT_TRUE(A.StoreMerge);
    EXPECT_DOUBLE_EQ(A.Shares.Dram, 1.0 / 8);
    EXPECT_DOUBLE_EQ(A.Shares.L2, 7.0 / 8);
  }
  EXPECT_DOUBLE_EQ(E.DramBytesPerThread, 8 * 98 * 4 / 8.0);
  // Two copies at one offset (two loops over the row): each its own walk,
  // its step 32 = the run, m = 1: nothing merged.
  auto Twice = estimateMemoryLevels({rowStore(0, 98, 32), rowStore(0, 98, 32)},
                                    rtx3080Caches(), 256, 400, 32);
  EXPECT_FALSE(Twice.PerAccess[0].StoreMerge);
  EXPECT_DOUBLE_EQ(Twice.PerAccess[1].Shares.Dram, 1);
  // A step beyond the run skips sectors: not R10's.
  auto Skips = estimateMemoryLevels({rowStore(0, 98, 64)}, rtx3080Caches(), 256,
                                    400, 32, L1Budget{6, 0, 68});
  EXPECT_FALSE(Skips.PerAccess[0].StoreMerge);
}

TEST(MemoryLevels, StoreMergeOverIterationsNeedsTheOpenSectorsInL2) {
  // As the rolled loop, with a load walk of the same count moving 32 bytes
  // a lane per iteration (a new sector per lane each time: 1,024 bytes per
  // warp): 3,200 warps x (1,024 + 1,024) = 6,553,600 > 5,242,880, the
  // store's sector may be evicted between two writes: R0, DRAM 1. On a
  // 40 MiB L2 it fits: 1/8.
  GlobalAccessFact Src = inLoop(load("src", "row", 0), 784, 32);
  Src.Shape = AccessShape::Strided;
  Src.LaneStrideBytes = 3136;
  std::vector<GlobalAccessFact> Facts = {rowStore(0, 784, 4), Src};
  L1Budget Resident{6, 0, 68};
  auto Small =
      estimateMemoryLevels(Facts, rtx3080Caches(), 256, 400, 32, Resident);
  EXPECT_FALSE(Small.PerAccess[0].StoreMerge);
  EXPECT_DOUBLE_EQ(Small.PerAccess[0].Shares.Dram, 1);
  CacheLevels Large = rtx3080Caches();
  Large.L2Bytes = 40.0 * 1024 * 1024;
  auto Big = estimateMemoryLevels(Facts, Large, 256, 400, 32, Resident);
  EXPECT_TRUE(Big.PerAccess[0].StoreMerge);
  EXPECT_DOUBLE_EQ(Big.PerAccess[0].Shares.Dram, 1.0 / 8);
  // Loads are not R10's.
  EXPECT_FALSE(Big.PerAccess[1].StoreMerge);
}
