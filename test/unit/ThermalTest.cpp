//===- ThermalTest.cpp - IPP temperature and leakage model ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// IPP Eq. (17)-(23) with Table 3's GTX280 parameters and §6.2's figures.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Thermal.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpa;

TEST(Thermal, RiseStartsAtIdleAndSaturatesAtMax) {
  const GpuModel &G = test::gtx280();
  EXPECT_DOUBLE_EQ(temperatureRiseC(G, 79, 0), 57);
  EXPECT_NEAR(temperatureRiseC(G, 79, 1e6), 79, 1e-9);
  // One time constant (RC_Rise 35 s): 1 - 1/e of the way.
  EXPECT_NEAR(temperatureRiseC(G, 79, 35), 57 + 22 * (1 - std::exp(-1.0)),
              1e-9);
  // IPP §6.2: saturated after about 600 s (within 0.0001 C of the max).
  EXPECT_NEAR(temperatureRiseC(G, 79, 600), 79, 1e-4);
}

TEST(Thermal, DecayReturnsToIdle) {
  const GpuModel &G = test::gtx280();
  EXPECT_DOUBLE_EQ(temperatureDecayC(G, 79, 0), 79);
  EXPECT_NEAR(temperatureDecayC(G, 79, 60), 57 + 22 * std::exp(-1.0), 1e-9);
  EXPECT_NEAR(temperatureDecayC(G, 79, 1e6), 57, 1e-9);
}

TEST(Thermal, LeakageAddsTenWattsForA22DegreeRise) {
  // §3.7: sigma = 10 W / 22 C; §6.2: SVM's runtime power grows by 10 W after
  // 600 s (peak 78-79 C from 57 C), INT's by 5 W (peak 68 C).
  const GpuModel &G = test::gtx280();
  EXPECT_NEAR(totalPowerAtTimeW(G, 100, 79, 600) - (100 + 83), 10, 1e-3);
  EXPECT_NEAR(totalPowerAtTimeW(G, 100, 68, 600) - (100 + 83), 5, 1e-3);
  EXPECT_NEAR(totalPowerAtTimeW(G, 100, 79, 0), 183, 1e-12); // cold start
}

TEST(Thermal, MaxTemperatureIsEq19AsARiseAboveIdle) {
  // 57 + 0.120 x 110 W + 5.5 + 21.505 x 0.3 = 82.1515 C.
  EXPECT_NEAR(maxTemperatureC(test::gtx280(), 110, 0.3), 82.1515, 1e-9);
}

TEST(Thermal, MemAccessIntensityIsEq20) {
  EXPECT_DOUBLE_EQ(memAccessIntensity(3, 8), 3.0 / 8);
  EXPECT_DOUBLE_EQ(memAccessIntensity(0, 0), 0);
  EXPECT_DOUBLE_EQ(memAccessIntensity(4, 0), 4);
}
