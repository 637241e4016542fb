//===- ShapeProfileTest.cpp - A configuration's work, every quantity ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The grid and paper mechanisms run the same total work on fewer blocks:
// each thread does WorkScale times more. Every per-thread quantity of the
// profile scales, or the configuration is priced as less work than it is.
// Found on an H100 (docs/validation.md, "On hardware"): with load rounds
// left unscaled, the runtime shrank a 2^26-float a*x+y from 262144 blocks
// to 22, predicting a 0.1% slowdown; it ran 16.5 times slower.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Analysis.h"
#include "gpa/Mechanism.h"
#include "gpa/Occupancy.h"
#include "gpa/Timing.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
/// z[i] = a * x[i] + y[i], one element per thread: two loads issued
/// together and a store (two latency rounds), 4 bytes each, three arrays
/// (no access re-reads another's lines).
KernelProfile saxpy(std::uint64_t Blocks) {
  KernelProfile P;
  P.Name = "saxpy";
  P.Launch.ThreadsPerBlock = 256;
  P.Launch.Blocks = Blocks;
  P.Launch.RegistersPerThread = 16;
  P.count(Unit::GlobalMem) = 3;
  P.count(Unit::Fp) = 1;
  P.count(Unit::Int) = 4;
  P.LoadRounds = 2;
  P.BarrierLoadRounds = 0.5;
  P.SharedBankReplays = 0.25;
  for (int I = 0; I < 3; ++I) {
    GlobalAccessFact A;
    A.Base = I == 0 ? "x" : I == 1 ? "y" : "z";
    A.Bytes = 4;
    A.PerThread = 1;
    A.WorkingSetBytes = 4.0 * 256 * static_cast<double>(Blocks);
    P.GlobalAccesses.push_back(A);
  }
  return P;
}
} // namespace

TEST(ShapeProfile, ScalesEveryPerThreadQuantity) {
  KernelProfile P = saxpy(1024);
  LaunchShape S;
  S.ActiveSms = 8;
  S.Blocks = 8;
  S.WorkScale = 128; // 1024 blocks' work on 8
  KernelProfile R = shapeProfile(P, S);
  EXPECT_EQ(R.Launch.Blocks, 8u);
  EXPECT_DOUBLE_EQ(R.count(Unit::GlobalMem), 3 * 128);
  EXPECT_DOUBLE_EQ(R.count(Unit::Fp), 128);
  EXPECT_DOUBLE_EQ(R.LoadRounds, 2 * 128);
  EXPECT_DOUBLE_EQ(R.BarrierLoadRounds, 0.5 * 128);
  EXPECT_DOUBLE_EQ(R.SharedBankReplays, 0.25 * 128);
  for (const GlobalAccessFact &A : R.GlobalAccesses) {
    EXPECT_DOUBLE_EQ(A.PerThread, 128);
    // The grid reads the same bytes whichever grid runs it.
    EXPECT_DOUBLE_EQ(A.WorkingSetBytes, 4.0 * 256 * 1024);
  }
}

TEST(ShapeProfile, AShrunkGridIsTimedAsTheShrunkLaunch) {
  GpuModel Gpu = test::bundled("h100");
  const std::uint64_t Blocks = 262144; // 2^26 threads of 256
  KernelProfile P = saxpy(Blocks);
  Occupancy Occ = computeOccupancy(P.Launch, Gpu);
  const LaunchShape *G22 = nullptr;
  std::vector<LaunchShape> Shapes =
      mechanismShapes(Mechanism::Grid, Gpu, Occ, Blocks);
  for (const LaunchShape &S : Shapes)
    if (S.Blocks == 22)
      G22 = &S;
  ASSERT_NE(G22, nullptr);
  // 22 blocks, one per SM, of 8 warps, each thread doing 262144/22 threads'
  // work: HK09 with N = 8 warps (fewer than MWP) waits Mem_L once per load
  // round of each warp, one after another:
  //   2 rounds x 262144/22 x 775 cycles / 1.98 GHz = 9.33 ms.
  double W = 262144.0 / 22;
  double LatencyBoundS = 2 * W * Gpu.MemLatencyCycles / (Gpu.ClockGhz * 1e9);
  EXPECT_NEAR(LatencyBoundS, 9.33e-3, 0.01e-3);
  Timing T = timeShape(P, Gpu, *G22);
  EXPECT_GE(T.ExecTimeS, LatencyBoundS * 0.99);
  // And the same as analysing that launch directly.
  KernelProfile Direct = saxpy(22);
  for (Unit U : {Unit::GlobalMem, Unit::Fp, Unit::Int})
    Direct.count(U) *= W;
  Direct.LoadRounds *= W;
  Direct.BarrierLoadRounds *= W;
  Direct.SharedBankReplays *= W;
  for (GlobalAccessFact &A : Direct.GlobalAccesses) {
    A.PerThread *= W;
    A.WorkingSetBytes = 4.0 * 256 * Blocks;
  }
  // One block on each of 22 SMs, one wave.
  Timing D = computeTiming(Direct, Gpu, 22, 1, 1);
  EXPECT_NEAR(T.ExecTimeS, D.ExecTimeS, 1e-9 * D.ExecTimeS);
}

TEST(ShapeProfile, GridsSmallerThanTheGpuAndPartialLastWaves) {
  // Issue 24 "the grid": an A100 has 108 SMs.
  GpuModel Gpu = test::bundled("a100");
  ASSERT_EQ(Gpu.NumSms, 108u);
  Occupancy Two;
  Two.Fits = true;
  Two.MaxActiveBlocksPerSm = 2;
  Occupancy One = Two;
  One.MaxActiveBlocksPerSm = 1;
  // 40 blocks on 108 SMs: one block on each of 40 SMs, 68 SMs idle, one
  // wave (not 40 / (2 x 108) = 0.19 of a wave of two blocks per SM).
  LaunchShape S40 = launchAsWritten(Mechanism::Sm, Gpu, Two, 40);
  EXPECT_EQ(S40.ActiveSms, 40u);
  EXPECT_DOUBLE_EQ(S40.ActiveBlocksPerSm, 1);
  EXPECT_DOUBLE_EQ(S40.Rep, 1);
  // 109 blocks, one resident per SM: 108 in the first wave, the 109th runs
  // a second wave alone on one SM: the busiest SM runs ceil(109 / 108) = 2
  // waves.
  LaunchShape S109 = launchAsWritten(Mechanism::Sm, Gpu, One, 109);
  EXPECT_EQ(S109.ActiveSms, 108u);
  EXPECT_DOUBLE_EQ(S109.ActiveBlocksPerSm, 1);
  EXPECT_DOUBLE_EQ(S109.Rep, 2);
  // Those two waves move 109 blocks' bytes, not 2 x 108: the bandwidth is
  // shared by 109 / (1 block x 2 waves) = 54.5 SMs' worth per wave.
  KernelProfile P = saxpy(109);
  Timing T =
      computeTiming(P, Gpu, S109.ActiveSms, S109.ActiveBlocksPerSm, S109.Rep);
  EXPECT_DOUBLE_EQ(T.BandwidthSms, 54.5);
  // With two resident per SM the 109 blocks fit one wave: the busiest SM
  // holds 2 blocks, 54.5 SMs' worth of warps share the bandwidth.
  LaunchShape S109Two = launchAsWritten(Mechanism::Sm, Gpu, Two, 109);
  EXPECT_DOUBLE_EQ(S109Two.ActiveBlocksPerSm, 2);
  EXPECT_DOUBLE_EQ(S109Two.Rep, 1);
}

TEST(ShapeProfile, ASweepsSharedProfileTermsTimeEachConfigurationAsItsOwn) {
  // A sweep computes HK09's profile-only terms once (SweepConstants) and
  // reuses them for configurations that change only the grid; one that
  // scales the counts computes its own. Each must be timed exactly as its
  // own launch analysed from scratch (timeShape), to the last bit.
  GpuModel Gpu = test::bundled("h100");
  KernelProfile P = saxpy(1024);
  SweepConstants K = sweepConstants(P, Gpu);
  LaunchShape GridOnly; // 100 of the 1024 blocks' work-per-thread, unscaled
  GridOnly.ActiveSms = 50;
  GridOnly.Blocks = 100;
  GridOnly.ActiveBlocksPerSm = 2;
  GridOnly.Rep = 1;
  LaunchShape Partial = GridOnly; // a partial last wave: 3 blocks on 2 slots
  Partial.Blocks = 150;
  Partial.Rep = 1.5;
  LaunchShape Scaled = GridOnly; // 1024 blocks' work on 100
  Scaled.WorkScale = 10.24;
  for (const LaunchShape &S : {GridOnly, Partial, Scaled}) {
    Evaluation E;
    std::string Error;
    ASSERT_TRUE(evaluateShape(P, Gpu, K, S, "", E, Error)) << Error;
    Timing Own = timeShape(P, Gpu, S);
    EXPECT_EQ(E.Time.ExecCycles, Own.ExecCycles) << S.Blocks;
    EXPECT_EQ(E.Time.CompCycles, Own.CompCycles) << S.Blocks;
    EXPECT_EQ(E.Time.MemCycles, Own.MemCycles) << S.Blocks;
  }
}
