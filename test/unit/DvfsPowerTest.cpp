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
#include "gpa/ClockDecision.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Power.h"
#include "gpa/PowerBackend.h"

#include <gtest/gtest.h>

#include <map>

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

TEST(DvfsBackend, GV100BoardsDefaultToTheTitanVCalibration) {
  // Issue 27 item 1: every board of the GV100 chip prices power with the
  // coefficients calibrated on the public Titan V microbenchmarks
  // (Guerreiro et al., IEEE TPDS 2019; gpmTOOL, HPCA 2018); only what their
  // datasheets change differs, each labelled (scripts/chip_power.py).
  std::string Error;
  GpuModel TitanV = test::bundled("titan-v");
  const DvfsPowerParams *Tv = dvfsParams(TitanV, Error);
  ASSERT_NE(Tv, nullptr) << Error;
  // Fitted Titan V voltages at 1305 and 1402 MHz (titan-v.json).
  const double V1305 = 1.05758804, V1402 = 1.07472173;
  struct Board {
    const char *Name;
    double CoreMhz, Voltage;
    const char *VoltageKind;
  } Boards[] = {
      // V100 SXM2: 1530 MHz boost, above the measurements: extrapolated
      // from the top two, 1.07472173 + 128 x 0.01713369 / 97 = 1.0973312.
      {"v100", 1530, V1402 + 128 * (V1402 - V1305) / 97, "assumed"},
      // V100 PCIe: 1380 MHz, between 1305 and 1402: interpolated,
      // 1.05758804 + 75 x 0.01713369 / 97 = 1.0708357.
      {"v100-pcie", 1380, V1305 + 75 * (V1402 - V1305) / 97, "derived"},
  };
  for (const Board &B : Boards) {
    GpuModel G = test::bundled(B.Name);
    EXPECT_EQ(G.PowerBackendName, "dvfs") << B.Name;
    EXPECT_TRUE(G.Calibrated) << B.Name;
    const DvfsPowerParams *P = dvfsParams(G, Error);
    ASSERT_NE(P, nullptr) << Error;
    EXPECT_TRUE(P->Calibrated);
    // The core domain: the board's own clock is the reference.
    EXPECT_EQ(P->Core.RefMhz, B.CoreMhz) << B.Name;
    EXPECT_NEAR(*P->Core.at(B.CoreMhz), B.Voltage, 1e-7) << B.Name;
    EXPECT_EQ(P->Overrides.at("core_domain").Kind, B.VoltageKind);
    EXPECT_EQ(P->Mem.RefMhz, 877); // V100 datasheet: HBM2 at 877 MHz
    // Core components: the calibration's; memory side x 4/3 (4 HBM2
    // stacks against Titan V's 3).
    for (std::size_t C = 0; C < NumCoreDvfsComponents; ++C)
      if (C != static_cast<std::size_t>(DvfsComponent::L2))
        EXPECT_DOUBLE_EQ(P->DynamicWPerMhz[C], Tv->DynamicWPerMhz[C]);
    EXPECT_NEAR(P->DynamicWPerMhz[11], Tv->DynamicWPerMhz[11] * 4 / 3, 1e-8);
    EXPECT_NEAR(P->DynamicWPerMhz[9], Tv->DynamicWPerMhz[9] * 4 / 3, 1e-8);
    EXPECT_NEAR(P->MemStaticW, Tv->MemStaticW * 4 / 3, 1e-7);
    EXPECT_DOUBLE_EQ(P->CoreStaticW, Tv->CoreStaticW);
    EXPECT_EQ(P->Overrides.at("static_w.memory").Kind, "derived");

    // An estimate names the model and every parameter's origin.
    KernelProfile K;
    K.Launch = {256, 160, 32, 0};
    K.count(Unit::Fp) = 100;
    Timing T = computeTiming(K, G, 80, 2, 1);
    PowerEstimate E;
    ASSERT_TRUE(estimatePower({K, T, {}, {}}, G, "", E, Error)) << Error;
    EXPECT_EQ(E.Backend, "dvfs");
    EXPECT_EQ(E.CoreMhz, B.CoreMhz);
    EXPECT_NE(E.Provenance.find("titanv_micro.csv"), std::string::npos);
    EXPECT_NE(E.Provenance.find("core_domain (" + std::string(B.VoltageKind)),
              std::string::npos)
        << E.Provenance;
    std::map<std::string, PowerParameter> Used;
    for (const ParameterUse &U : E.Parameters)
      Used[U.Name] = U.Param;
    EXPECT_EQ(Used.at("dynamic_w_per_mhz.fp32_fma").Kind, "calibrated");
    EXPECT_EQ(Used.at("dynamic_w_per_mhz.dram").Kind, "derived");
    EXPECT_NEAR(Used.at("core_domain").Value, B.Voltage, 1e-7);
    // Static power at the reference: a0 x v + a2 (Eq. 5-6), by hand.
    EXPECT_NEAR(E.StaticPowerW,
                Tv->CoreStaticW * B.Voltage + Tv->MemStaticW * 4 / 3, 1e-5);
  }
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
  // Neither dvfs parameters nor sm_footprint clocks: no clock table.
  GpuModel NoClocks = test::gtx280();
  NoClocks.SmFootprint.reset();
  EXPECT_FALSE(sweepClocks(K, NoClocks, {}, Points, Error));
  EXPECT_NE(Error.find("has no clock table"), std::string::npos) << Error;
}

namespace {
/// 256 threads x 160 blocks on the 80-SM v100: 8 warps per block, 16 warps
/// per SM, 1280 warps in all.
KernelProfile mappingKernel() {
  KernelProfile K;
  K.Launch = {256, 160, 32, 0};
  return K;
}

/// 16 warps per SM on 80 SMs for 10000 cycles (10 us): the Eq. (7) terms
/// the mapping tests work by hand.
Timing mappingTiming() {
  Timing T;
  T.ActiveSms = 80;
  T.ExecCycles = 10000;
  T.ExecTimeS = 1e-5;
  return T;
}

/// Seed 002 Eq. (7)-(8) utilisations of K on v100 at its reference clocks
/// (1530 MHz core, 900 MHz memory).
DvfsUtilisation v100Utilisation(const KernelProfile &K,
                                const Timing &T = mappingTiming(),
                                const MemoryLevelBytes &B = {}) {
  GpuModel G = test::bundled("v100");
  std::string Error;
  const DvfsPowerParams *P = dvfsParams(G, Error);
  if (!P) {
    ADD_FAILURE() << Error;
    return {};
  }
  return dvfsUtilisation({K, T, B, {}}, G, *P, 1530, 900);
}
} // namespace

TEST(DvfsMapping, PipesFromCountsByHand) {
  // Seed 002 Eq. (7): U_x = AWarps_x x 32 / (ACycles x lanes_x), AWarps_x =
  // per-thread count x 16 warps per SM; lanes per SM for cc 7.0 (CUDA C++
  // Programming Guide): FP32 64, FP64 32, INT 64, SFU 16, CF 128 (assumed).
  KernelProfile K = mappingKernel();
  K.count(Unit::Fp) = 10;
  K.count(Unit::Fp64) = 4;
  K.count(Unit::Int) = 6;
  K.count(Unit::Alu) = 2; // integer pipe with int
  K.count(Unit::Sfu) = 1;
  K.count(Unit::Sync) = 1; // control flow
  DvfsUtilisation U = v100Utilisation(K);
  auto At = [&](DvfsComponent C) { return U[static_cast<std::size_t>(C)]; };
  EXPECT_NEAR(At(DvfsComponent::Fp32Fma), 10 * 16 * 32 / (1e4 * 64), 1e-12);
  EXPECT_NEAR(At(DvfsComponent::Fp64Fma), 4 * 16 * 32 / (1e4 * 32), 1e-12);
  EXPECT_NEAR(At(DvfsComponent::Int), 8 * 16 * 32 / (1e4 * 64), 1e-12);
  EXPECT_NEAR(At(DvfsComponent::Sfu), 1 * 16 * 32 / (1e4 * 16), 1e-12);
  EXPECT_NEAR(At(DvfsComponent::Cf), 1 * 16 * 32 / (1e4 * 128), 1e-12);
  // The classifier does not split ADD/MUL/FMA (assumed: all FMA).
  EXPECT_EQ(At(DvfsComponent::Fp32Add), 0);
  EXPECT_EQ(At(DvfsComponent::Fp64Mul), 0);
}

TEST(DvfsMapping, ASmallGridUsesTheChipsLanesNotItsOwnSms) {
  // Seed 002's utilisations are the chip's: its counters sum over all SMs
  // (measuredUtilisation divides by them too). 10 blocks of 256 threads (80
  // warps) on 10 of v100's 80 SMs for 10000 cycles, 10 FP32 instructions per
  // thread: 10 x 80 x 32 / (1e4 x 64 lanes x 80 SMs) = 0.0005, an eighth of
  // what the 10 busy SMs alone would give (10 x 8 x 32 / (1e4 x 64) =
  // 0.004).
  KernelProfile K = mappingKernel();
  K.Launch.Blocks = 10;
  K.count(Unit::Fp) = 10;
  Timing T = mappingTiming();
  T.ActiveSms = 10;
  DvfsUtilisation U = v100Utilisation(K, T);
  EXPECT_NEAR(U[static_cast<std::size_t>(DvfsComponent::Fp32Fma)], 0.0005,
              1e-12);
}

TEST(DvfsMapping, ShufflesAreNotIntegerWork) {
  // Seed 002's INT utilisation is CUPTI's integer class (the product's CUPTI
  // path reads it as op_integer); shuffles are counted apart from it
  // (inst_inter_thread_communication) and have no seed-002 component, so a
  // kernel's shuffles raise no pipe's utilisation. By hand with Eq. (7) on
  // v100 (16 warps per SM, 10000 cycles, 64 INT lanes per SM): 2 integer
  // instructions per thread -> 2 x 16 x 32 / (1e4 x 64) = 0.0016.
  KernelProfile K = mappingKernel();
  K.count(Unit::Int) = 2;
  K.count(Unit::Shuffle) = 5;
  DvfsUtilisation U = v100Utilisation(K);
  EXPECT_NEAR(U[static_cast<std::size_t>(DvfsComponent::Int)], 0.0016, 1e-12);
  for (DvfsComponent C : {DvfsComponent::Fp32Fma, DvfsComponent::Cf,
                          DvfsComponent::Sfu, DvfsComponent::Fp64Fma})
    EXPECT_EQ(U[static_cast<std::size_t>(C)], 0);
}

TEST(DvfsMapping, ReportCarriesTheUtilisationsItPrices) {
  // The dvfs estimate keeps the U_i it priced (the report's
  // power.access_rates): each component's power is gamma_i x v^2 x f x U_i
  // (Eq. 5), so U_i = W_i / (gamma_i x v^2 x f) at the reference clocks of
  // v100 (1530 MHz, the board's own voltage from its table).
  GpuModel G = test::bundled("v100");
  std::string Error;
  const DvfsPowerParams *P = dvfsParams(G, Error);
  ASSERT_NE(P, nullptr) << Error;
  KernelProfile K = mappingKernel();
  K.count(Unit::Fp) = 10;
  K.count(Unit::Int) = 6;
  Timing T = mappingTiming();
  PowerEstimate E;
  ASSERT_TRUE(estimatePower({K, T, {}, {}}, G, "dvfs", E, Error)) << Error;
  ASSERT_EQ(E.Utilisations.size(), NumDvfsComponents);
  double V = *P->Core.at(E.CoreMhz);
  for (std::size_t C = 0; C < NumCoreDvfsComponents; ++C) {
    EXPECT_EQ(E.Utilisations[C].Key, dvfsComponentKey(C));
    EXPECT_NEAR(E.Components[C].PowerW,
                P->DynamicWPerMhz[C] * V * V * E.CoreMhz *
                    E.Utilisations[C].Utilisation,
                1e-9);
  }
  // FP32: 10 x 16 x 32 / (1e4 x 64) = 0.008 (Eq. 7 by hand).
  EXPECT_NEAR(E.Utilisations[static_cast<std::size_t>(DvfsComponent::Fp32Fma)]
                  .Utilisation,
              0.008, 1e-12);
  // A reused estimate starts afresh: an ipp estimate carries none.
  ASSERT_TRUE(estimatePower({K, T, {}, {}}, G, "ipp", E, Error)) << Error;
  EXPECT_TRUE(E.Utilisations.empty());
}

TEST(DvfsMapping, MemoryLevelsFromTheLevelledModelByHand) {
  // Eq. (8) on the levelled memory model's bytes: L2 = bytes beyond L1,
  // DRAM = bytes beyond L2, per warp per memory instruction x instructions
  // x 1280 warps.
  GpuModel G = test::bundled("v100");
  KernelProfile K = mappingKernel();
  K.count(Unit::GlobalMem) = 2;
  Timing T;
  T.ActiveSms = 80;
  T.ExecCycles = 15300;
  T.ExecTimeS = 1e-5;
  T.Levelled = true;
  T.MemInsts = 2;
  T.L2BytesPerWarp = 128;
  T.DramBytesPerWarp = 32;
  MemoryLevelBytes B = memoryLevelBytes(K, G, T);
  ASSERT_TRUE(B.L2Bytes.has_value());
  EXPECT_DOUBLE_EQ(*B.L2Bytes, 1280.0 * 2 * 128); // 327680 B
  EXPECT_DOUBLE_EQ(B.DramBytes, 1280.0 * 2 * 32); // 81920 B
  DvfsUtilisation U = v100Utilisation(K, T, B);
  // L2 peak 2155 GB/s at 1530 MHz (Jia et al. 2018); DRAM 900 GB/s
  // datasheet: 327680 B / 10 us / 2155 GB/s and 81920 B / 10 us / 900 GB/s.
  EXPECT_NEAR(U[static_cast<std::size_t>(DvfsComponent::L2)],
              327680 / 1e-5 / 2155e9, 1e-9);
  EXPECT_NEAR(U[static_cast<std::size_t>(DvfsComponent::Dram)],
              81920 / 1e-5 / 900e9, 1e-9);
  // Without levels every access is DRAM traffic and L2 is not known.
  T.Levelled = false;
  MemoryLevelBytes Flat = memoryLevelBytes(K, G, T);
  EXPECT_FALSE(Flat.L2Bytes.has_value());
  EXPECT_DOUBLE_EQ(Flat.DramBytes, 2 * 4 * 256.0 * 160); // 4 B per access
}

TEST(DvfsMapping, LevelledTimingFeedsL2AndDramBytes) {
  // Through the timing model's levelled memory (docs/models.md "Memory
  // levels"): a coalesced 4-byte store (R0: DRAM) and a coalesced 4-byte
  // load whose 64 KiB working set fits L2 (R4: DRAM share = working set /
  // the grid's 40960 x 4 B = 0.4, the rest L2). Each warp execution moves
  // 4 sectors = 128 B beyond L1.
  GpuModel G = test::bundled("v100");
  KernelProfile K = mappingKernel();
  K.count(Unit::GlobalMem) = 2;
  GlobalAccessFact Store;
  Store.Base = Store.Group = "out";
  Store.Store = true;
  GlobalAccessFact Load;
  Load.Base = Load.Group = "table";
  Load.WorkingSetBytes = 65536;
  K.GlobalAccesses = {Store, Load};
  Timing T = computeTiming(K, G, 80, 2, 1);
  ASSERT_TRUE(T.Levelled);
  MemoryLevelBytes B = memoryLevelBytes(K, G, T);
  ASSERT_TRUE(B.L2Bytes.has_value());
  EXPECT_NEAR(*B.L2Bytes, 1280 * (128 + 128.0), 1e-6);
  EXPECT_NEAR(B.DramBytes, 1280 * (128 + 0.4 * 128), 1e-6);
}

TEST(ClockTiming, ThreeClockPairsByHand) {
  // titan-v.json: 1200 MHz core, DRAM latency 440 cycles of which the L2
  // hit path is 193 (Jia et al. 2018), sustained DRAM 544 GB/s at 850 MHz,
  // L2 1268 GB/s at 1200 MHz. Core-clock parts keep their cycles; the
  // 247 DRAM-side cycles are fixed ns; L2 bandwidth follows the core clock
  // and caps DRAM's (docs/dvfs.md "Timing at any clock pair").
  GpuModel Tv = test::bundled("titan-v");
  struct Pair {
    double CoreMhz, MemMhz;
    double LatencyCycles, L2Gbps, DramGbps;
  } Pairs[] = {
      {1200, 850, 440, 1268, 544},                    // the reference
      {600, 850, 193 + 247 * 0.5, 634, 544},          // L2 path still > DRAM
      {135, 850, 193 + 247 * 0.1125, 142.65, 142.65}, // L2 path binds
  };
  for (const Pair &C : Pairs) {
    GpuModel G = gpuAtClocks(Tv, C.CoreMhz, C.MemMhz, 850);
    EXPECT_DOUBLE_EQ(G.ClockGhz, C.CoreMhz / 1000);
    EXPECT_NEAR(G.MemLatencyCycles, C.LatencyCycles, 1e-9) << C.CoreMhz;
    EXPECT_NEAR(G.Caches.L2BandwidthGbps, C.L2Gbps, 1e-9) << C.CoreMhz;
    EXPECT_NEAR(G.MemBandwidthGbps, C.DramGbps, 1e-9) << C.CoreMhz;
    EXPECT_EQ(G.Caches.L2LatencyCycles, 193); // core cycles: unchanged
  }
  // The memory clock (gtx-titan-x, 280.4 GB/s sustained at 3505 MHz, no L2
  // figure: no cap, the whole 440-cycle latency fixed in ns): 810 MHz
  // memory, 595 MHz core.
  GpuModel G = gpuAtClocks(test::bundled("gtx-titan-x"), 595, 810, 3505);
  EXPECT_NEAR(G.MemBandwidthGbps, 280.4 * 810 / 3505, 1e-9);
  EXPECT_NEAR(G.MemLatencyCycles, 440 * 595 / 975.0, 1e-9);
}

TEST(ClockTiming, StreamingKernelRespectsTheL2PathAtTheLowestClock) {
  // Issue 27 acceptance: a pure streaming kernel (one 4-byte load and one
  // store per thread) on titan-v at its lowest core clock, 135 MHz, takes
  // at least its DRAM bytes over the L2 path's 1268 x 135/1200 = 142.65
  // GB/s: 2 x 4 B x 256 x 8000 = 16.384 MB -> 114.9 us.
  GpuModel Tv = test::bundled("titan-v");
  KernelProfile K;
  K.Launch = {256, 8000, 32, 0};
  K.count(Unit::GlobalMem) = 2;
  K.count(Unit::Int) = 4;
  std::vector<ClockPoint> Points;
  std::string Error;
  ASSERT_TRUE(sweepClocks(K, Tv, {}, Points, Error)) << Error;
  const double Bytes = 2 * 4 * 256.0 * 8000;
  double RefTime = 0;
  for (const ClockPoint &C : Points) {
    double L2PathGbps = 1268 * C.CoreMhz / 1200;
    EXPECT_GE(C.ExecTimeS, Bytes / (std::min(544.0, L2PathGbps) * 1e9))
        << C.CoreMhz;
    if (C.CoreMhz == 1200)
      RefTime = C.ExecTimeS;
  }
  ASSERT_EQ(Points.front().CoreMhz, 135);
  EXPECT_GE(Points.front().ExecTimeS, Bytes / 142.65e9);
  // So the clock advice cannot keep the reference speed at 135-202 MHz.
  ClockDecision D = decideClocks(K, Tv, DecisionPolicy());
  ASSERT_TRUE(D.Available) << D.Reason;
  const ClockPoint *Best = &D.Choice.Chosen;
  // At 405 MHz the L2 path carries 1268 x 405/1200 = 428 GB/s, 21% under
  // DRAM's 544: outside a 5% slowdown (502 MHz: 530 GB/s, 2.6%, inside).
  EXPECT_GE(Best->CoreMhz, 502);
  EXPECT_LE(Best->ExecTimeS, 1.05 * RefTime);
}

TEST(EstimatedClockAdvice, VSquaredFByHandAtThreeClocks) {
  // Issue 27 item 4: an estimate at the reference clock (a100: 1410 MHz,
  // V_ref = 1) moved to other clocks along a100.json's voltage line,
  // V(f) = 0.6781 + (f - 210) x (1 - 0.6781) / (1410 - 210). A compute-bound
  // kernel's time follows the core clock (t = t_ref x 1410 / f), so with
  // x = f / 1410:
  //   core dynamic 40 W x V^2 x x      constant 10 W x V^2 x x
  //   static 50 W x V                  DRAM 20 W x x (energy per byte kept)
  //  810 MHz: V = 0.6781 + 600 x 0.3219 / 1200 = 0.83905, V^2 = 0.7040049,
  //           x = 0.5744681: 16.17713 + 4.04428 + 41.9525 + 11.48936
  //  210 MHz: V = 0.6781, V^2 = 0.4598196, x = 0.1489362:
  //           2.73935 + 0.68484 + 33.905 + 2.97872
  GpuModel A100 = test::bundled("a100");
  ClockAxes Axes;
  std::string Error;
  ASSERT_TRUE(clockAxes(A100, Axes, Error)) << Error;
  EXPECT_FALSE(Axes.Dvfs);
  EXPECT_TRUE(Axes.Estimated);
  PowerEstimate Ref;
  Ref.StaticPowerW = Ref.SmStaticPowerW = 50;
  Ref.ConstantPowerW = 10;
  Ref.Components = {{"fp", 40}, {"global_mem", 20}};
  Ref.DynamicPowerW = 60;
  Ref.TotalPowerW = 120;
  Ref.CoreMhz = 1410;
  struct Case {
    double Mhz, Fp, Constant, Static, Dram;
  } Cases[] = {{1410, 40, 10, 50, 20},
               {810, 16.17713, 4.04428, 41.9525, 11.48936},
               {210, 2.73935, 0.68484, 33.905, 2.97872}};
  const double RefTimeS = 1e-3;
  for (const Case &C : Cases) {
    double V = Axes.Voltage.Voltage[static_cast<std::size_t>(
        (C.Mhz - 210) / 15)]; // the table: 210, 225, ..., 1410 MHz
    PowerEstimate W = scalePowerToClock(Ref, RefTimeS, RefTimeS * 1410 / C.Mhz,
                                        C.Mhz / 1410, V);
    EXPECT_NEAR(W.Components[0].PowerW, C.Fp, 1e-4) << C.Mhz;
    EXPECT_NEAR(W.ConstantPowerW, C.Constant, 1e-4) << C.Mhz;
    EXPECT_NEAR(W.StaticPowerW, C.Static, 1e-4) << C.Mhz;
    EXPECT_NEAR(W.Components[1].PowerW, C.Dram, 1e-4) << C.Mhz;
    EXPECT_NEAR(W.TotalPowerW, C.Fp + C.Constant + C.Static + C.Dram, 1e-3);
    EXPECT_DOUBLE_EQ(W.CoreMhz, C.Mhz);
  }
  // A memory-bound kernel keeps its time: per-byte and per-operation
  // energies are spent at the same rate, so only V^2 (core) and V (static)
  // and the constant power's V^2 f remain: at 810 MHz fp 40 x 0.7040049 =
  // 28.16020 W, DRAM 20 W.
  PowerEstimate M =
      scalePowerToClock(Ref, RefTimeS, RefTimeS, 810.0 / 1410, 0.83905);
  EXPECT_NEAR(M.Components[0].PowerW, 28.16020, 1e-4);
  EXPECT_NEAR(M.Components[1].PowerW, 20, 1e-12);
  EXPECT_NEAR(M.ConstantPowerW, 4.04428, 1e-4);
}

TEST(EstimatedClockAdvice, ReferencePointIsTheReportAndTheTableIsTheFiles) {
  // The a100's table: 210..1410 MHz in 15 MHz steps (a100.json
  // sm_footprint.dvfs_*), 81 clocks; at 1410 MHz the sweep prices exactly
  // what the default backend prices at the model's clock.
  GpuModel A100 = test::bundled("a100");
  KernelProfile K;
  K.Launch = {256, 1080, 32, 0};
  K.count(Unit::Fp) = 200;
  std::vector<ClockPoint> Points;
  std::string Error;
  ASSERT_TRUE(sweepClocks(K, A100, {}, Points, Error)) << Error;
  ASSERT_EQ(Points.size(), 81u);
  EXPECT_EQ(Points.front().CoreMhz, 210);
  EXPECT_EQ(Points.back().CoreMhz, 1410);
  EXPECT_EQ(Points.back().MemMhz, 0); // the model's memory clock
  // A compute-only kernel: time x 1410/f.
  EXPECT_NEAR(Points.front().ExecTimeS, Points.back().ExecTimeS * 1410 / 210,
              1e-9 * Points.front().ExecTimeS);
  // A clock outside the table, or a memory clock, is an error.
  ClockAxes Axes;
  ASSERT_TRUE(clockAxes(A100, Axes, Error));
  ClockPoint C;
  EXPECT_FALSE(
      evaluateClockPoint(K, A100, Axes, 1000, 0, 0, C, nullptr, Error));
  EXPECT_NE(Error.find("not in the model's clock table"), std::string::npos);
  EXPECT_FALSE(
      evaluateClockPoint(K, A100, Axes, 1410, 1215, 0, C, nullptr, Error));
}

TEST(EstimatedClockAdvice, StreamingKernelOnA100NeverOutrunsTheL2Path) {
  // Issue 27 item 4: a streaming kernel (one 4-byte load, one store per
  // thread) on a100: the L2 path carries 4957 GB/s at 1410 MHz (a100.json),
  // 3.516 GB/s per MHz, and falls below the 1296 GB/s sustained DRAM
  // bandwidth under 1296 / 3.516 = 368.6 MHz. Every point takes at least its
  // bytes over min(DRAM, L2 path); the advice within 5% keeps a clock whose
  // L2 path carries at least 1296 / 1.05 GB/s (>= 351 MHz).
  GpuModel A100 = test::bundled("a100");
  KernelProfile K;
  K.Launch = {256, 8640, 32, 0};
  K.count(Unit::GlobalMem) = 2;
  K.count(Unit::Int) = 4;
  std::vector<ClockPoint> Points;
  std::string Error;
  ASSERT_TRUE(sweepClocks(K, A100, {}, Points, Error)) << Error;
  const double Bytes = 2 * 4 * 256.0 * 8640;
  for (const ClockPoint &C : Points) {
    double L2PathGbps = 4957 * C.CoreMhz / 1410;
    EXPECT_GE(C.ExecTimeS, Bytes / (std::min(1296.0, L2PathGbps) * 1e9))
        << C.CoreMhz;
  }
  ClockDecision D = decideClocks(K, A100, DecisionPolicy());
  ASSERT_TRUE(D.Available) << D.Reason;
  const ClockPoint *Best = &D.Choice.Chosen;
  EXPECT_GE(4957 * Best->CoreMhz / 1410, 1296 / 1.05);
  EXPECT_LE(Best->ExecTimeS, 1.05 * Points.back().ExecTimeS);
}
