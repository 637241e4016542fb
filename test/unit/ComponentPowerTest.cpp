//===- ComponentPowerTest.cpp - Seed 001 McPAT-style components -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values worked by hand from seed 001 (Lim et al.): Tables VII, VIII
// and X, §4.2.4 (clock + texture = 10% of TDP), §4.4 (idle 27 W, activation
// 65 W, leakage 100 W) and §5.2 (leakage doubles from 340 K to 370 K), with
// the parameters of models/gpus/gtx580.json.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/ComponentPower.h"
#include "gpa/SeedPowerBackends.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
const GpuModel &gtx580() {
  static const GpuModel G = test::bundled("gtx580");
  return G;
}

const PowerParameters *params() {
  return sourcedParams(gtx580(), ComponentPowerModelName);
}

ModelEstimate estimate(const KernelActivity &A) {
  EXPECT_NE(params(), nullptr);
  return estimateComponentPower(A, gtx580().NumSms, gtx580().WarpSize,
                                params());
}

double termW(const ModelEstimate &E, const std::string &Name) {
  for (const PowerTerm &T : E.Terms)
    if (T.Name == Name)
      return T.PowerW;
  ADD_FAILURE() << "no term " << Name;
  return 0;
}

KernelActivity idleActivity(unsigned ActiveSms, double TempK) {
  KernelActivity A;
  A.ExecTimeS = 1;
  A.ActiveSms = ActiveSms;
  A.TemperatureK = TempK;
  return A;
}
} // namespace

TEST(ComponentPower, LeakageDoublesFrom340To370K) {
  EXPECT_DOUBLE_EQ(leakageTemperatureFactor(370, 340, 30), 2.0); // Fig. 13
  EXPECT_DOUBLE_EQ(leakageTemperatureFactor(340, 340, 30), 1.0);
}

TEST(ComponentPower, StaticPowerFollowsSection44) {
  // All 16 SMs at 340 K: the model's 100 W leakage.
  EXPECT_NEAR(estimate(idleActivity(16, 340)).StaticW, 100, 1e-9);
  // One SM: 27 W idle + 65 W activation + 8 W / 16 = 92.5 W (Fig. 8: 92 W).
  EXPECT_NEAR(estimate(idleActivity(1, 340)).StaticW, 92.5, 1e-9);
  // No SM active: the measured idle 27 W.
  EXPECT_NEAR(estimate(idleActivity(0, 340)).StaticW, 27, 1e-9);
  // 370 K: twice (Fig. 13).
  EXPECT_NEAR(estimate(idleActivity(16, 370)).StaticW, 200, 1e-9);
  // Hotter than the 370 K maximum operating temperature (§5.2): held there.
  EXPECT_NEAR(estimate(idleActivity(16, 400)).StaticW, 200, 1e-9);
  // No temperature given: the 340 K baseline.
  EXPECT_NEAR(estimate(idleActivity(16, 0)).StaticW, 100, 1e-9);
}

TEST(ComponentPower, ClockAndTextureIsTenPercentOfTdp) {
  // §4.2.4: 10% of the GTX580's 244 W TDP = 24.4 W.
  ModelEstimate E = estimate(idleActivity(16, 340));
  EXPECT_NEAR(E.ConstantW, 24.4, 1e-9);
  EXPECT_NEAR(termW(E, "clock_texture"), 24.4, 1e-9);
}

TEST(ComponentPower, ExecutionUnitsFromTableVIIAndEq9) {
  KernelActivity A = idleActivity(16, 340);
  A.WarpInstructions[index(Unit::Fp)] = 1e9;
  A.WarpInstructions[index(Unit::Int)] = 1e9;
  A.WarpInstructions[index(Unit::Sfu)] = 1e9;
  ModelEstimate E = estimate(A);
  ASSERT_TRUE(E.Available);
  // FPU: alpha 0.27 (Table X) x 32 lanes x 504 mW / 1.544 GHz (Table VII,
  // Table III) per warp instruction, 1e9 per second: 0.27 x 32 x 0.326425
  // = 2.82031 W.
  EXPECT_NEAR(termW(E, "fpu"), 0.27 * 32 * 0.504 / 1.544, 1e-9);
  EXPECT_NEAR(termW(E, "fpu"), 2.82031, 1e-5);
  // ALU: gamma 1 x 32 x 145 mW / 1.544 GHz = 3.00518 W.
  EXPECT_NEAR(termW(E, "alu"), 3.00518, 1e-5);
  // SFU: six MULs (Table X) x 309 mW / 1.544 GHz x 32 lanes = 38.4249 W.
  EXPECT_NEAR(termW(E, "sfu"), 38.4249, 1e-4);
  // Register file: (16 reads x 5.1 + 8 writes x 5.4) pJ (Table VIII hp
  // 1r/1w) = 124.8 pJ per warp instruction, 3e9 of them = 0.3744 W.
  EXPECT_NEAR(termW(E, "register_file"), 0.3744, 1e-9);
}

TEST(ComponentPower, ConstantCacheScaledByEpsilon) {
  KernelActivity A = idleActivity(16, 340);
  A.Bytes[index(MemoryLevel::Constant)] = 1e9;
  // Eq. (9): epsilon 5.4 (Table X) x 0.021 nJ per byte (assumed) = 0.1134 W.
  EXPECT_NEAR(termW(estimate(A), "constant"), 0.1134, 1e-9);
}

TEST(ComponentPower, MissingSectionIsReported) {
  ModelEstimate E =
      estimateComponentPower(idleActivity(1, 340), 30, 32, nullptr);
  EXPECT_FALSE(E.Available);
  ASSERT_EQ(E.MissingParameters.size(), 1u);
  EXPECT_NE(E.MissingParameters[0].find("power_backends.mcpat-component"),
            std::string::npos);
  PowerParameters Partial = *params();
  Partial.erase("activation_power_w");
  Partial.erase("tdp_w");
  ModelEstimate P =
      estimateComponentPower(idleActivity(1, 340), 16, 32, &Partial);
  EXPECT_FALSE(P.Available);
  EXPECT_EQ(P.MissingParameters,
            (std::vector<std::string>{
                "power_backends.mcpat-component.tdp_w",
                "power_backends.mcpat-component.activation_power_w"}));
}
