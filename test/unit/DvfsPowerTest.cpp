//===- DvfsPowerTest.cpp - Seed 002's power model and the backends --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values from Guerreiro et al., IEEE TPDS 2019 (seed 002): the 87 W
// constant power of the GTX Titan X at 975/3505 MHz (§4.5, Fig. 11) from the
// coefficients the authors published with gpmTOOL (Guerreiro et al., HPCA
// 2018; ../shared/data/gpmtool/gtxtitanx_model_published.csv line 7), and
// Eq. (10) and Eq. (11) on worked examples.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/ClockAdvice.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Power.h"
#include "gpa/PowerBackend.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
/// The published GTX Titan X coefficients (a0, a2, a1, a3, gamma_1..12).
DvfsPowerParams publishedTitanX() {
  DvfsPowerParams P;
  P.CoreStaticW = 7.326180314010544;
  P.MemStaticW = 37.06114605001337;
  P.CoreConstantWPerMhz = 0.021181844011137548;
  P.MemConstantWPerMhz = 0.006179155309201794;
  P.DynamicWPerMhz = {
      0.06467771795022714,  0.0542486551533682,  0.06446531211752589,
      0.06950153310641974,  0.02677571876617295, 0.021198911434299826,
      0.023818122568378813, 0.07295807966869786, 0.004801631130033144,
      0.05508450115954711,  0.03969386444008319, 0.015553777411951061};
  return P;
}
} // namespace

TEST(DvfsPower, TitanXConstantPowerIs87W) {
  // §4.5: "constant power is predicted to be 87 W" at the reference clocks,
  // where both normalised voltages are 1 and every utilisation is 0:
  // a0 + a2 + a1 x 975 + a3 x 3505 = 7.33 + 37.06 + 20.65 + 21.66.
  DvfsPower W = dvfsPower(publishedTitanX(), 975, 1.0, 3505, 1.0, {});
  EXPECT_NEAR(W.totalW(), 87, 0.5);
  EXPECT_NEAR(W.CoreConstantW, 0.021181844 * 975, 1e-6);
  EXPECT_NEAR(W.MemConstantW, 0.0061791553 * 3505, 1e-6);
}

TEST(DvfsPower, VoltageEntersStaticLinearlyAndDynamicSquared) {
  // Eq. (5): a0 v + v^2 f (a1 + gamma U). At v = 0.5, f = 1000, U_fma = 1:
  // core = 7.326 x 0.5 + 0.25 x 1000 x (0.021182 + 0.064465).
  DvfsUtilisation U{};
  U[static_cast<std::size_t>(DvfsComponent::Fp32Fma)] = 1;
  DvfsPower W = dvfsPower(publishedTitanX(), 1000, 0.5, 3505, 1.0, U);
  EXPECT_NEAR(
      W.CoreStaticW + W.CoreConstantW +
          W.ComponentW[static_cast<std::size_t>(DvfsComponent::Fp32Fma)],
      3.66309 + 250 * (0.0211818 + 0.0644653), 1e-3);
}

TEST(DvfsPower, ScalingFactorIsEq10) {
  // P(f2) = P_model(f2) / P_model(f1) x P_meas(f1): 80 / 100 x 110 = 88.
  EXPECT_DOUBLE_EQ(scaleMeasuredPower(110, 100, 80), 88);
  EXPECT_DOUBLE_EQ(scaleMeasuredPower(110, 0, 80), 0);
}

TEST(DvfsPower, PortingIsEq11) {
  // §4.6: GTX Titan X -> GTX 980, idle 75 W -> 65 W, 2/3 of the SMs and of
  // the memory system: a_i x 65/75, gamma_i x 2/3.
  DvfsPowerParams P =
      portDvfsParams(publishedTitanX(), 75, 65, 2.0 / 3, 2.0 / 3);
  EXPECT_NEAR(P.CoreStaticW, 7.326180314 * 65 / 75, 1e-9);
  EXPECT_NEAR(P.MemStaticW, 37.061146050 * 65 / 75, 1e-9);
  EXPECT_NEAR(P.CoreConstantWPerMhz, 0.021181844011 * 65 / 75, 1e-12);
  EXPECT_NEAR(P.MemConstantWPerMhz, 0.006179155309 * 65 / 75, 1e-12);
  EXPECT_NEAR(P.DynamicWPerMhz[0], 0.064677717950 * 2 / 3, 1e-12);
  EXPECT_NEAR(P.DynamicWPerMhz[11], 0.015553777411 * 2 / 3, 1e-12);
  EXPECT_FALSE(P.Calibrated);
}

TEST(PowerBackend, IppBackendIsComputePower) {
  KernelProfile K = test::dotpProfile();
  Timing T;
  T.ActiveSms = 30;
  T.ExecCycles = 5000;
  MemoryLevelBytes B = memoryLevelBytes(K, test::gtx280());
  PowerEstimate E;
  std::string Error;
  ASSERT_TRUE(estimatePower({K, T, B, {}}, test::gtx280(), "", E, Error))
      << Error;
  Power P = computePower(K, test::gtx280(), T);
  EXPECT_EQ(E.Backend, "ipp");
  EXPECT_DOUBLE_EQ(E.TotalPowerW, P.TotalPowerW);
  EXPECT_NEAR(E.StaticPowerW + E.ConstantPowerW + E.DynamicPowerW,
              E.TotalPowerW, 1e-9);
}

TEST(PowerBackend, MissingParametersAreAnErrorNotASubstitute) {
  KernelProfile K = test::dotpProfile();
  Timing T;
  T.ActiveSms = 30;
  T.ExecCycles = 5000;
  PowerEstimate E;
  std::string Error;
  EXPECT_FALSE(estimatePower({K, T, {}, {}}, test::gtx280(), "dvfs", E, Error));
  EXPECT_NE(Error.find("'gtx280' has no parameters for power backend 'dvfs'"),
            std::string::npos)
      << Error;
  EXPECT_FALSE(estimatePower({K, T, {}, {}}, test::gtx280(), "nope", E, Error));
  EXPECT_NE(Error.find("unknown power backend 'nope'"), std::string::npos);
  ClockRequest Other;
  Other.CoreMhz = 600;
  EXPECT_FALSE(
      estimatePower({K, T, {}, Other}, test::gtx280(), "ipp", E, Error));
}

TEST(PowerBackend, DramBytesCountEveryGlobalAccess) {
  // dotp: 3 coalesced 4-byte accesses per thread, 512 x 30 threads.
  MemoryLevelBytes B = memoryLevelBytes(test::dotpProfile(), test::gtx280());
  EXPECT_DOUBLE_EQ(B.DramBytes, 3.0 * 4 * 512 * 30);
  EXPECT_FALSE(B.L2Bytes.has_value());
}

TEST(DvfsBackend, PipeUtilisationIsEq7) {
  // GTX Titan X (24 SMs, 128 FP32 lanes per SM): 24 blocks of 1024 threads
  // = 32 warps per SM, 100 FP32 instructions each: AWarps x 32 / (ACycles x
  // 128) = 3200 x 32 / (1600 x 128) = 0.5 at 1600 active cycles.
  GpuModel G = test::bundled("gtx-titan-x");
  KernelProfile K;
  K.Launch = {1024, 24, 32, 0};
  K.count(Unit::Fp) = 100;
  Timing T;
  T.ActiveSms = 24;
  T.ExecCycles = 1600;
  T.ExecTimeS = 1600 / 975e6;
  PowerEstimate E;
  std::string Error;
  ASSERT_TRUE(
      estimatePower({K, T, memoryLevelBytes(K, G), {}}, G, "", E, Error))
      << Error;
  EXPECT_EQ(E.Backend, "dvfs"); // the file's default backend
  const DvfsPowerParams *P = dvfsParams(G, Error);
  ASSERT_NE(P, nullptr);
  // Eq. (5) at the reference clock (v = 1): gamma_fma x 975 x 0.5.
  EXPECT_NEAR(E.Components[2].PowerW, P->DynamicWPerMhz[2] * 975 * 0.5, 1e-9);
  EXPECT_EQ(E.Components[2].Key, "fp32_fma");
  EXPECT_NEAR(E.TotalPowerW,
              E.StaticPowerW + E.ConstantPowerW + E.DynamicPowerW, 1e-9);
  // A clock outside the table is an error naming the table.
  ClockRequest Off;
  Off.CoreMhz = 1000;
  EXPECT_FALSE(estimatePower({K, T, {}, Off}, G, "", E, Error));
  EXPECT_NE(Error.find("core clock 1000 MHz is not in the model's clock "
                       "table (595, 633,"),
            std::string::npos)
      << Error;
}

TEST(DvfsBackend, V100CarriesDerivedDvfsParametersButDefaultsToIpp) {
  GpuModel G = test::bundled("v100");
  EXPECT_EQ(G.PowerBackendName, "ipp");
  std::string Error;
  const DvfsPowerParams *P = dvfsParams(G, Error);
  ASSERT_NE(P, nullptr) << Error;
  EXPECT_FALSE(P->Calibrated);
  // §4.6 porting from titan-v: same SM count, memory coefficients x 4/3.
  const DvfsPowerParams *Tv = dvfsParams(test::bundled("titan-v"), Error);
  ASSERT_NE(Tv, nullptr);
  EXPECT_DOUBLE_EQ(P->DynamicWPerMhz[0], Tv->DynamicWPerMhz[0]);
  EXPECT_NEAR(P->DynamicWPerMhz[11], Tv->DynamicWPerMhz[11] * 4 / 3, 1e-9);
}

TEST(ClockAdvice, ChoosesLeastEnergyWithinTheSlowdownBound) {
  // Hand-made points: the fastest takes 1 s; with a 10% bound the 1.08 s
  // point (80 J) wins over the 1.5 s one (60 J), which needs a 50% bound.
  std::vector<ClockPoint> P(3);
  P[0].ExecTimeS = 1.0;
  P[0].EnergyJ = 100;
  P[1].ExecTimeS = 1.08;
  P[1].EnergyJ = 80;
  P[2].ExecTimeS = 1.5;
  P[2].EnergyJ = 60;
  EXPECT_EQ(chooseClockPoint(P, 0.1), &P[1]);
  EXPECT_EQ(chooseClockPoint(P, 0.5), &P[2]);
  EXPECT_EQ(chooseClockPoint(P, 0.0), &P[0]);
  EXPECT_EQ(chooseClockPoint({}, 0.1), nullptr);
}

TEST(ClockAdvice, SweepCoversTheClockTableAndScalesTime) {
  // A compute-only kernel: its time scales as 1 / core clock and does not
  // depend on the memory clock.
  GpuModel G = test::bundled("gtx-titan-x");
  KernelProfile K;
  K.Launch = {256, 240, 32, 0};
  K.count(Unit::Fp) = 1000;
  std::vector<ClockPoint> Points;
  std::string Error;
  ASSERT_TRUE(sweepClocks(K, G, {}, Points, Error)) << Error;
  ASSERT_EQ(Points.size(), 16u * 4); // the data's 16 x 4 clock pairs
  const ClockPoint *Low = nullptr, *Ref = nullptr;
  for (const ClockPoint &C : Points) {
    if (C.CoreMhz == 595 && C.MemMhz == 3505)
      Low = &C;
    if (C.CoreMhz == 975 && C.MemMhz == 3505)
      Ref = &C;
  }
  ASSERT_TRUE(Low && Ref);
  EXPECT_NEAR(Low->ExecTimeS / Ref->ExecTimeS, 975.0 / 595, 1e-9);
  EXPECT_FALSE(sweepClocks(K, test::gtx280(), {}, Points, Error));
}
