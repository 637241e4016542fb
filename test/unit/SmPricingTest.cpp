//===- SmPricingTest.cpp - Seed 004 footprints in the analysis ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Seed 004 (per-SM footprints) Eq. (1)-(6) priced with a power backend's
// estimate, worked by hand; and the analysis pricing every configuration
// with the GPU model's default backend.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Analysis.h"
#include "gpa/SmPricing.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
/// 100 W in all: 40 W static (all drawn by the SMs), 20 W constant, 30 W
/// of SM dynamic power ("fp") and 10 W of DRAM.
PowerEstimate estimate() {
  PowerEstimate E;
  E.Backend = "test";
  E.StaticPowerW = E.SmStaticPowerW = 40;
  E.ConstantPowerW = 20;
  E.Components = {{"fp", 30}, {"dram", 10}};
  E.DynamicPowerW = 40;
  E.TotalPowerW = 100;
  return E;
}

GpuModel fourSms(bool Gating) {
  GpuModel G;
  G.Name = "four";
  G.NumSms = 4;
  G.SmFootprint.emplace();
  (*G.SmFootprint)["power_gating"] = {Gating ? 1.0 : 0.0, "given", "test"};
  return G;
}
} // namespace

TEST(SmPricing, PerSmStaticPowerIsTheSmShareUnlessTheFileGivesIt) {
  SmStaticModel M = smStaticModel(fourSms(true), estimate());
  EXPECT_DOUBLE_EQ(M.StaticPowerPerSmW, 10); // 40 W / 4 SMs
  EXPECT_TRUE(M.PowerGating);
  GpuModel G = fourSms(false);
  (*G.SmFootprint)["static_power_per_sm_w"] = {7, "given", "test"};
  M = smStaticModel(G, estimate());
  EXPECT_DOUBLE_EQ(M.StaticPowerPerSmW, 7);
  EXPECT_FALSE(M.PowerGating);
}

TEST(SmPricing, PartialLastWaveIsCheaperOnlyWithPowerGating) {
  // 6 blocks on 4 SMs, one resident each: 1.5 waves of 1 ms, T = 2 ms
  // (HK09 Rep = 2). SMs 0-1 run 2 blocks, SMs 2-3 one.
  for (bool Gating : {false, true}) {
    GpuModel G = fourSms(Gating);
    PowerEstimate W = estimate();
    SmEnergy E = priceSmFootprints(G, 4, 6, 1, 2, 2e-3, W, smStaticModel(G, W));
    ASSERT_EQ(E.Sms.gpuSms(), 4u);
    // Eq. (3): 30 W x 2 ms = 60 mJ shared 2:2:1:1.
    EXPECT_NEAR(E.Sms.perSm()[0].DynamicJ, 0.02, 1e-15);
    EXPECT_NEAR(E.Sms.perSm()[3].DynamicJ, 0.01, 1e-15);
    EXPECT_NEAR(E.Sms.perSm()[0].CoreS, 2e-3, 1e-15);
    EXPECT_NEAR(E.Sms.perSm()[3].CoreS, 1e-3, 1e-15);
    // Uncore: 100 - 30 - 4 x 10 = 30 W for 2 ms.
    EXPECT_NEAR(E.UncoreJ, 0.06, 1e-15);
    if (!Gating) {
      // Every SM draws 10 W for 2 ms: the uniform 100 W x 2 ms.
      EXPECT_NEAR(E.EnergyJ, 0.2, 1e-15);
    } else {
      // Eq. (5): 10 W x (2 + 2 + 1 + 1) ms = 60 mJ; 60 + 60 + 60 mJ.
      EXPECT_NEAR(E.Sms.StaticJ, 0.06, 1e-15);
      EXPECT_NEAR(E.EnergyJ, 0.18, 1e-15);
    }
  }
}

TEST(SmPricing, SmsOutsideThePartitionAreGatedOrDrawStaticPower) {
  // 2 blocks on 2 of the 4 SMs (green context), 1 ms.
  for (bool Gating : {false, true}) {
    GpuModel G = fourSms(Gating);
    PowerEstimate W = estimate();
    SmEnergy E = priceSmFootprints(G, 2, 2, 1, 1, 1e-3, W, smStaticModel(G, W));
    ASSERT_EQ(E.Sms.gpuSms(), 4u);
    EXPECT_EQ(E.Sms.BusySms, 2u);
    EXPECT_EQ(E.Sms.perSm()[3].Blocks, 0u);
    EXPECT_DOUBLE_EQ(E.Sms.perSm()[3].StaticJ, Gating ? 0 : 10e-3);
    EXPECT_NEAR(E.EnergyJ, Gating ? 0.08 : 0.1, 1e-15);
  }
}

TEST(SmPricing, EvenGridMatchesTheUniformEstimate) {
  // 8 blocks on 4 SMs: two full waves, every SM busy for T.
  GpuModel G = fourSms(true);
  PowerEstimate W = estimate();
  SmEnergy E = priceSmFootprints(G, 4, 8, 1, 2, 2e-3, W, smStaticModel(G, W));
  EXPECT_NEAR(E.EnergyJ, W.TotalPowerW * 2e-3, 1e-15);
}

namespace {
/// 1024-thread blocks: one resident block per GTX580 SM (1536 threads).
KernelProfile bigBlocks(std::uint64_t Blocks) {
  KernelProfile P = test::dotpProfile();
  P.Launch = {1024, Blocks, 16, 0};
  return P;
}
} // namespace

TEST(SmPricing, AnalysisPricesTheTailWithTheDefaultBackend) {
  // gtx580: seed 001's component model by default, SMs power-gated (seed
  // 001 §4.4). 24 blocks on 16 SMs at one block per SM = 1.5 waves.
  GpuModel Gpu = test::bundled("gtx580");
  ASSERT_EQ(Gpu.NumSms, 16u);
  KernelAnalysis A;
  std::string Error;
  ASSERT_TRUE(analyzeKernel(bigBlocks(24), Gpu, {}, A, Error)) << Error;
  EXPECT_EQ(A.PowerBackend, "mcpat-component");
  const Evaluation &E = A.Requested;
  EXPECT_EQ(E.Est.Backend, "mcpat-component");
  std::vector<SmFootprint> Sms = E.Sms.Sms.perSm();
  ASSERT_EQ(Sms.size(), 16u);
  const SmFootprint &Full = Sms[0], &Tail = Sms[15];
  EXPECT_EQ(Full.Blocks, 2u);
  EXPECT_EQ(Tail.Blocks, 1u);
  // The last partial wave's SMs: half the work, half the core footprint.
  EXPECT_NEAR(Tail.DynamicJ, Full.DynamicJ / 2, 1e-12 * Full.DynamicJ);
  EXPECT_NEAR(Tail.CoreS, Full.CoreS / 2, 1e-12 * Full.CoreS);
  EXPECT_NEAR(Full.CoreS, E.Time.ExecTimeS, 1e-12 * E.Time.ExecTimeS);
  // Gated tail SMs cost less than the backend's power x time; the report's
  // energy is the priced one.
  EXPECT_LT(E.Sms.EnergyJ, E.Est.TotalPowerW * E.Time.ExecTimeS);
  EXPECT_DOUBLE_EQ(E.Eff.EnergyJ, E.Sms.EnergyJ);
  // 32 blocks divide evenly: the priced total is the uniform one.
  ASSERT_TRUE(analyzeKernel(bigBlocks(32), Gpu, {}, A, Error)) << Error;
  const Evaluation &Even = A.Requested;
  EXPECT_NEAR(Even.Sms.EnergyJ, Even.Est.TotalPowerW * Even.Time.ExecTimeS,
              1e-12 * Even.Sms.EnergyJ);
}

TEST(SmPricing, TheDefaultBackendPricesEverything) {
  // titan-v names seed 002's dvfs backend: the evaluation, the sweep and
  // the decision use its power, not IPP's.
  GpuModel Gpu = test::bundled("titan-v");
  ASSERT_EQ(Gpu.PowerBackendName, "dvfs");
  KernelAnalysis A;
  std::string Error;
  ASSERT_TRUE(analyzeKernel(test::dotpProfile(), Gpu, {}, A, Error)) << Error;
  EXPECT_EQ(A.PowerBackend, "dvfs");
  const Evaluation &E = A.Requested;
  PowerEstimate Direct;
  ASSERT_TRUE(
      estimatePower({A.Profile, E.Time, memoryLevelBytes(A.Profile, Gpu), {}},
                    Gpu, "dvfs", Direct, Error));
  EXPECT_DOUBLE_EQ(E.Est.TotalPowerW, Direct.TotalPowerW);
  EXPECT_NE(E.Est.TotalPowerW, E.Pow.TotalPowerW); // not IPP's number
  // No power gating in titan-v: the launch average is the backend's power.
  EXPECT_NEAR(E.TotalPowerW, Direct.TotalPowerW, 1e-9 * Direct.TotalPowerW);
  for (const SweepPoint &S : A.Sweep)
    EXPECT_GT(S.EnergyJ, 0);
  // Asking for a backend explicitly uses it.
  AnalysisOptions O;
  O.PowerBackend = "ipp";
  ASSERT_TRUE(analyzeKernel(test::dotpProfile(), Gpu, O, A, Error)) << Error;
  EXPECT_EQ(A.Requested.Est.Backend, "ipp");
  EXPECT_DOUBLE_EQ(A.Requested.TotalPowerW, A.Requested.Pow.TotalPowerW);
}

TEST(SmPricing, AnEstimateReusedAcrossBackendsListsEachOnesComponents) {
  // A sweep reuses one estimate and a backend writes its keys into the
  // storage it finds there (writeListedComponents): after another
  // backend's estimate, the keys,
  // the powers and which components are uncore must be this backend's.
  // Uncore, by seed 004's split: L2, DRAM, memory controller and IPP's
  // global and local memory.
  GpuModel Gpu = test::bundled("titan-v");
  KernelProfile P = test::dotpProfile();
  Timing T = computeTiming(P, Gpu, 80, 1, 1);
  MemoryLevelBytes Bytes = memoryLevelBytes(P, Gpu, T);
  std::string Error;
  PowerEstimate Reused;
  for (const char *Backend : {"ipp", "dvfs", "ipp", "ipp", "dvfs"}) {
    PowerEstimate Fresh;
    ASSERT_TRUE(estimatePower({P, T, Bytes, {}}, Gpu, Backend, Fresh, Error))
        << Error;
    ASSERT_TRUE(estimatePower({P, T, Bytes, {}}, Gpu, Backend, Reused, Error))
        << Error;
    ASSERT_EQ(Reused.Components.size(), Fresh.Components.size()) << Backend;
    for (std::size_t I = 0; I < Fresh.Components.size(); ++I) {
      const ComponentPowerW &C = Reused.Components[I];
      EXPECT_EQ(C.Key, Fresh.Components[I].Key) << Backend;
      EXPECT_EQ(C.PowerW, Fresh.Components[I].PowerW) << Backend << C.Key;
      bool Uncore = C.Key == "l2" || C.Key == "dram" ||
                    C.Key == "memory_controller" || C.Key == "global_mem" ||
                    C.Key == "local_mem";
      EXPECT_EQ(C.Uncore, Uncore) << Backend << " " << C.Key;
    }
    EXPECT_EQ(Reused.DynamicPowerW, Fresh.DynamicPowerW) << Backend;
    EXPECT_EQ(Reused.TotalPowerW, Fresh.TotalPowerW) << Backend;
  }
  // Components made by hand are classified by their key.
  EXPECT_TRUE(ComponentPowerW("dram", 1).Uncore);
  EXPECT_FALSE(ComponentPowerW("fp", 1).Uncore);
}

TEST(SmPricing, ABackendWithoutParametersIsAnErrorNotAFallback) {
  GpuModel Gpu = test::bundled("gtx280");
  Gpu.PowerBackendName = "dvfs"; // gtx280 has no seed 002 parameters
  KernelAnalysis A;
  std::string Error;
  EXPECT_FALSE(analyzeKernel(test::dotpProfile(), Gpu, {}, A, Error));
  EXPECT_NE(Error.find("no parameters for power backend 'dvfs'"),
            std::string::npos)
      << Error;
}

TEST(SmPricing, PerSmClocksFromTheDvfsVoltageTable) {
  // titan-v has per-clock parameters (seed 002's core voltage table): an
  // uneven grid (1.5 waves) gets a per-SM clock frontier whose
  // no-time-loss point runs the tail SMs slower and saves energy.
  GpuModel Gpu = test::bundled("titan-v");
  KernelProfile P = test::dotpProfile();
  P.Launch = {1024, 120, 16, 0}; // 2 blocks per SM fit: 120 on 80 SMs
  KernelAnalysis A;
  std::string Error;
  ASSERT_TRUE(analyzeKernel(P, Gpu, {}, A, Error)) << Error;
  ASSERT_TRUE(A.SmClocks.Available);
  const DvfsPoint &R = A.SmClocks.AtReference;
  ASSERT_EQ(R.SmClockMhz.size(), 80u);
  EXPECT_DOUBLE_EQ(R.SmClockMhz[0], 1200); // busiest SMs stay at reference
  EXPECT_LT(R.SmClockMhz[79], 1200);       // the tail slows down
  EXPECT_LE(R.TimeS, A.Requested.Time.ExecTimeS * (1 + 1e-12));
  EXPECT_GT(R.savingPct(), 0);
  // An even grid has nothing to save at no loss of time.
  P.Launch.Blocks = 160;
  ASSERT_TRUE(analyzeKernel(P, Gpu, {}, A, Error)) << Error;
  ASSERT_TRUE(A.SmClocks.Available);
  EXPECT_NEAR(A.SmClocks.AtReference.savingPct(), 0, 1e-9);
}
