//===- IdleSmPowerTest.cpp - Power when unused SMs are not power-gated ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values worked out by hand from IPP Eq. (7)-(16), Table 2 (GTX280
// MaxPower, Const_SM 0.813 W, idle 83 W) and §3.4's piecewise-linear
// conversion, with the GPU model stating sm_footprint.power_gating = 0
// (docs/models.md "Idle SMs that are not power-gated").
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/OptimalSms.h"
#include "gpa/Power.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpa;

namespace {
GpuModel gtx280Gating(double Value, const char *Kind) {
  GpuModel G = test::gtx280();
  G.SmFootprint = PowerParameters{};
  (*G.SmFootprint)["power_gating"] = {Value, Kind, "test"};
  return G;
}

/// One FP instruction per thread, 512 threads x 30 blocks: 480 warps.
KernelProfile oneFpProfile() {
  KernelProfile P = test::dotpProfile();
  P.PerThread = {};
  P.count(Unit::Fp) = 1;
  return P;
}

Timing timingAt(unsigned ActiveSms, double ExecCycles) {
  Timing T;
  T.ActiveSms = ActiveSms;
  T.ExecCycles = ExecCycles;
  return T;
}

double pl(double Rate) { return 0.1365 * std::log(Rate) + 1.001375; }
} // namespace

TEST(IdleSmPower, OnlyAStatedZeroSwitchesTheModel) {
  EXPECT_FALSE(idleSmsPowered(test::gtx280())); // no sm_footprint
  EXPECT_TRUE(idleSmsPowered(gtx280Gating(0, "derived")));
  EXPECT_TRUE(idleSmsPowered(gtx280Gating(0, "given")));
  EXPECT_FALSE(idleSmsPowered(gtx280Gating(0, "assumed")));
  EXPECT_FALSE(idleSmsPowered(gtx280Gating(1, "given")));
}

TEST(IdleSmPower, AllSmsGiveIppEq16) {
  // 16 warps per SM, 128 cycles: FP, register-file and FDS rates 0.5.
  Power P = computePower(oneFpProfile(), gtx280Gating(0, "derived"),
                         timingAt(30, 128));
  double PerSm = (0.2 + 0.3 + 0.5) * pl(0.5) + 0.813; // Eq. (7)
  EXPECT_TRUE(P.IdleSmsPowered);
  EXPECT_NEAR(P.RuntimePowerW, 30 * PerSm, 1e-9);
  EXPECT_NEAR(P.IppRuntimePowerW, 30 * PerSm, 1e-9);
  EXPECT_NEAR(P.TotalPowerW, 30 * PerSm + 83, 1e-9);
}

TEST(IdleSmPower, TenSmsKeepEveryConstSmAndTheChipRate) {
  // The same 480 warps on 10 SMs: 48 warps per SM over 384 cycles, so each
  // busy SM's FP rate is 1 x 48 x 4 / 384 = 0.5 (Eq. 27), and the chip's
  // rate is 0.5 x 10 / 30 = 1/6.
  Timing T = timingAt(10, 384);
  Power P = computePower(oneFpProfile(), gtx280Gating(0, "derived"), T);
  EXPECT_NEAR(P.AccessRate[index(Unit::Fp)], 1.0 / 6, 1e-12);
  // Not gated: 30 x (1.0 W x PL(1/6) + 0.813 W), no log-shaped factor.
  double NotGated = 30 * ((0.2 + 0.3 + 0.5) * pl(1.0 / 6) + 0.813);
  EXPECT_NEAR(P.RuntimePowerW, NotGated, 1e-9);
  EXPECT_NEAR(P.ComponentW[ConstSmComponent], 30 * 0.813, 1e-9);
  EXPECT_NEAR(P.TotalPowerW, NotGated + 83, 1e-9);
  EXPECT_NEAR(NotGated, 30 * (0.7568 + 0.813), 1e-3); // PL(1/6) = 0.7568
  // IPP as written, beside it: per-busy-SM rate 0.5, Eq. (16) factor
  // log10(8.9 / 30 x 10 + 1.1) = 0.6092.
  double Ipp = 30 * ((0.2 + 0.3 + 0.5) * pl(0.5) + 0.813) *
               std::log10(8.9 / 30 * 10 + 1.1);
  EXPECT_NEAR(P.IppRuntimePowerW, Ipp, 1e-9);
  EXPECT_NEAR(Ipp, 30 * (0.9068 + 0.813) * 0.6092, 0.01);
  // A GPU model that does not state it keeps Eq. (16).
  Power Eq16 = computePower(oneFpProfile(), test::gtx280(), T);
  EXPECT_FALSE(Eq16.IdleSmsPowered);
  EXPECT_NEAR(Eq16.RuntimePowerW, Ipp, 1e-9);
}

TEST(IdleSmPower, SameWorkSameTimeOnFewerSmsSavesNothing) {
  // Memory-bound: the time does not change with the SMs. Not gated, the chip
  // rates are then equal, so the power is too: no saving to recommend.
  KernelProfile K = oneFpProfile();
  K.count(Unit::GlobalMem) = 1;
  GpuModel G = gtx280Gating(0, "derived");
  Power All = computePower(K, G, timingAt(30, 1280));
  Power Ten = computePower(K, G, timingAt(10, 1280));
  EXPECT_NEAR(Ten.TotalPowerW, All.TotalPowerW, 1e-9);
  EXPECT_NEAR(Ten.MemoryW, All.MemoryW, 1e-9);
  // Eq. (16) on the FP part alone: busy-SM rates 16 x 4 / 1280 = 0.05 on 30
  // SMs and 48 x 4 / 1280 = 0.15 on 10, so 30 x (PL(0.05) + 0.813) =
  // 42.16 W against 30 x (PL(0.15) + 0.813) x 0.6092 = 28.43 W: 32.6% less.
  Power FpAll = computePower(oneFpProfile(), G, timingAt(30, 1280));
  Power FpTen = computePower(oneFpProfile(), G, timingAt(10, 1280));
  EXPECT_NEAR(FpAll.IppRuntimePowerW, 42.16, 0.01);
  EXPECT_NEAR(FpTen.IppRuntimePowerW, 28.43, 0.01);
  EXPECT_NEAR(FpTen.RuntimePowerW, FpAll.RuntimePowerW, 1e-9);
}

TEST(IdleSmPower, SavingsReportIppEq16Beside) {
  // All SMs: 1 ms at 200 W (Eq. 16: 200 W); 10 SMs: 1 ms at 200 W not gated,
  // Eq. (16) 150 W: the headline saves 0%, IPP's closed form 25%.
  EnergySavings S = computeEnergySavings({10, 1e-3, 117, 200, 150},
                                         {30, 1e-3, 117, 200, 200});
  EXPECT_NEAR(S.RuntimeIdlePct, 0, 1e-12);
  EXPECT_NEAR(S.IppEq16Pct, 25, 1e-9);
  EXPECT_NEAR(S.PowerGatingPct, 100 * (1 - 10.0 / 30), 1e-9); // §6.4.2
}

TEST(IdleSmPower, TextNamesTheAssumptionAndGivesTheOtherFigure) {
  // Issue 27 item 5: the same savings as above (headline 0% not gated, IPP
  // Eq. 16 25%, §6.4.2 66.7%) read in words under each assumption.
  EnergySavings S = computeEnergySavings({10, 1e-3, 117, 200, 150},
                                         {30, 1e-3, 117, 200, 200});
  S.Assumption = "not_power_gated";
  S.AssumptionKind = "derived";
  GatingNote N = gatingNote(S, "h100");
  EXPECT_EQ(N.OtherKey, "IppEq16SavedPct");
  EXPECT_EQ(gatingNoteText(N),
            "(idle SMs not power-gated: h100's sm_footprint.power_gating = 0, "
            "derived; 25.0% if they were gated, IPP Eq. 16)");
  S.Assumption = "ipp_eq16";
  S.AssumptionKind.clear();
  N = gatingNote(S, "a100");
  EXPECT_EQ(N.OtherKey, "PowerGatingSavedPct");
  EXPECT_EQ(gatingNoteText(N),
            "(IPP Eq. 16's power, log-shaped in the active SMs: the a100 model "
            "does not say whether idle SMs are power-gated; 66.7% if idle SMs "
            "were fully gated, IPP §6.4.2)");
}

TEST(IdleSmPower, Gh100BoardsCarryTheH100Measurement) {
  // Issue 27: h200, h100-pcie and h100-nvl take the H100 SXM5's measured
  // sm_footprint.power_gating = 0 (derived, not assumed, so it is priced).
  for (const char *Name : {"h100", "h200", "h100-pcie", "h100-nvl"}) {
    GpuModel G = test::bundled(Name);
    ASSERT_TRUE(G.SmFootprint) << Name;
    const PowerParameter &Gate = G.SmFootprint->at("power_gating");
    EXPECT_EQ(Gate.Value, 0) << Name;
    EXPECT_EQ(Gate.Kind, "derived") << Name;
    EXPECT_TRUE(idleSmsPowered(G)) << Name;
  }
  // h100-nvl carries the H100 SXM5's 126 GB/s per SM x 1785 / 1980 MHz and
  // its sustained fraction: 3938 GB/s x 2868/3350.
  GpuModel Nvl = test::bundled("h100-nvl");
  EXPECT_NEAR(Nvl.PerSmBandwidthGbps, 126 * 1785.0 / 1980, 0.05);
  EXPECT_NEAR(Nvl.MemBandwidthGbps, 3938 * 2868.0 / 3350, 0.05);
}

TEST(IdleSmPower, H200StatesItsOwnMeasurement) {
  // The H200 SXM session (bench/data/gpu-session/h200-2026-11-28/run1): best
  // STREAM copy 4046.0 GB/s, 127 GB/s per SM from its own partition sweep,
  // 121.9 W with a context open; not the H100's figures carried over
  // (4109.4 GB/s, 126 GB/s, 130 W).
  GpuModel H200 = test::bundled("h200");
  EXPECT_DOUBLE_EQ(H200.PerSmBandwidthGbps, 127);
  EXPECT_DOUBLE_EQ(H200.MemBandwidthGbps, 4046);
  EXPECT_DOUBLE_EQ(H200.IdlePowerW, 121.9);
}
