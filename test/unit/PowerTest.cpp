//===- PowerTest.cpp - IPP power model ------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values from IPP Eq. (9)-(16), Table 2 (GTX280 MaxPower) and §3.4's
// piecewise-linear conversion, worked out by hand.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Power.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpa;

TEST(Power, PiecewiseLinearRateFollowsSection34) {
  // 0.1365 x ln(rate) + 1.001375, clamped to [0, 1].
  EXPECT_NEAR(piecewiseLinearRate(std::exp(-1.0)), 1.001375 - 0.1365, 1e-12);
  EXPECT_NEAR(piecewiseLinearRate(0.5), 0.1365 * std::log(0.5) + 1.001375,
              1e-12);
  EXPECT_DOUBLE_EQ(piecewiseLinearRate(1.0), 1.0); // 1.001375 clamped
  EXPECT_DOUBLE_EQ(piecewiseLinearRate(0.0), 0.0);
  EXPECT_DOUBLE_EQ(piecewiseLinearRate(1e-5), 0.0); // negative, clamped
}

TEST(Power, ActiveSmScaleIsEq14) {
  const GpuModel &G = test::gtx280();
  // alpha = (10 - 1.1) / 30; all SMs: log10(10) = 1.
  EXPECT_NEAR(activeSmScale(G, 30), 1.0, 1e-12);
  EXPECT_NEAR(activeSmScale(G, 1), std::log10(8.9 / 30 + 1.1), 1e-12);
  EXPECT_NEAR(activeSmScale(G, 1), 0.14509, 1e-5);
}

namespace {
/// A GTX280 kernel whose FP, register-file and FDS access rates are all 0.5:
/// one FP instruction per thread, 16 warps per SM (512 x 30 / 30), and
/// Exec_cycles = 1 x 16 x 4 / 0.5 = 128 (Eq. 27).
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
} // namespace

TEST(Power, ComponentPowersFollowEq9And16) {
  Power P = computePower(oneFpProfile(), test::gtx280(), timingAt(30, 128));
  std::size_t Fp = index(Unit::Fp);
  EXPECT_DOUBLE_EQ(P.WarpsPerSm, 16);
  EXPECT_NEAR(P.AccessRate[Fp], 0.5, 1e-12);
  EXPECT_NEAR(P.AccessRate[RegisterFileComponent], 0.5, 1e-12);
  EXPECT_NEAR(P.AccessRate[FdsComponent], 0.5, 1e-12);
  double Pl = 0.1365 * std::log(0.5) + 1.001375; // FP, REG, FDS: Spec.Linear
  // Eq. (7): 0.2 + 0.3 + 0.5 W at the piecewise rate, plus Const_SM 0.813 W.
  double PerSm = (0.2 + 0.3 + 0.5) * Pl + 0.813;
  EXPECT_NEAR(P.SmComponentsW, PerSm, 1e-9);
  EXPECT_NEAR(P.MaxSmW, 30 * PerSm, 1e-9);        // Eq. (15)
  EXPECT_NEAR(P.RuntimePowerW, 30 * PerSm, 1e-9); // Eq. (16) at 30 SMs
  EXPECT_NEAR(P.ComponentW[Fp], 30 * 0.2 * Pl, 1e-9);
  EXPECT_NEAR(P.TotalPowerW, 30 * PerSm + 83, 1e-9); // Eq. (5), idle 83 W
  EXPECT_DOUBLE_EQ(P.MemoryW, 0);
}

TEST(Power, NonPiecewiseUnitsUseTheRawAccessRate) {
  KernelProfile K = oneFpProfile();
  K.PerThread = {};
  K.count(Unit::Sfu) = 1; // SFU: Spec.Linear "No" in Table 2
  Power P = computePower(K, test::gtx280(), timingAt(30, 128));
  EXPECT_NEAR(P.ComponentW[index(Unit::Sfu)], 30 * 0.5 * 0.5, 1e-9);
}

TEST(Power, GlobalMemoryIsOffChipAndNotMultipliedBySms) {
  KernelProfile K = oneFpProfile();
  K.PerThread = {};
  K.count(Unit::GlobalMem) = 1; // rate 0.5
  Power P = computePower(K, test::gtx280(), timingAt(30, 128));
  double Pl = 0.1365 * std::log(0.5) + 1.001375;
  EXPECT_NEAR(P.MemoryW, 52 * Pl, 1e-9); // Eq. (13), Table 2: 52 W
  EXPECT_NEAR(P.ComponentW[index(Unit::GlobalMem)], 52 * Pl, 1e-9);
}

TEST(Power, OneVersusAllSmsDifferByTheEq16Factor) {
  // Same access rates on 1 and on 30 SMs (30x the warps per SM over 30x the
  // cycles): runtime power differs exactly by log10(alpha + beta) / 1.
  const GpuModel &G = test::gtx280();
  Power All = computePower(oneFpProfile(), G, timingAt(30, 128));
  Power One = computePower(oneFpProfile(), G, timingAt(1, 128 * 30));
  EXPECT_NEAR(One.AccessRate[index(Unit::Fp)], 0.5, 1e-12);
  EXPECT_NEAR(One.RuntimePowerW / All.RuntimePowerW, std::log10(8.9 / 30 + 1.1),
              1e-12);
  // Power grows monotonically with the active SMs in between.
  double Previous = 0;
  for (unsigned S = 1; S <= 30; ++S) {
    Power P = computePower(oneFpProfile(), G, timingAt(S, 128.0 * 30 / S));
    EXPECT_GT(P.RuntimePowerW, Previous);
    Previous = P.RuntimePowerW;
  }
}

TEST(Power, AccessRatesAreClampedToOne) {
  Power P = computePower(oneFpProfile(), test::gtx280(), timingAt(30, 1));
  EXPECT_DOUBLE_EQ(P.AccessRate[index(Unit::Fp)], 1.0);
}

TEST(Power, ZeroCyclesGivesIdlePowerOnly) {
  Power P = computePower(oneFpProfile(), test::gtx280(), timingAt(30, 0));
  EXPECT_DOUBLE_EQ(P.RuntimePowerW, 0);
  EXPECT_DOUBLE_EQ(P.TotalPowerW, 83);
}

TEST(Power, ComponentsSumToRuntimePower) {
  KernelProfile K = test::dotpProfile();
  Power P = computePower(K, test::gtx280(), timingAt(17, 2000));
  double Sum = 0;
  for (double W : P.ComponentW)
    Sum += W;
  EXPECT_NEAR(Sum, P.RuntimePowerW, 1e-9);
}
