//===- InstructionEnergyCalibrationTest.cpp - Fitting seed 003 ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Seed 003 (Xie et al.) Eq. (5)-(7) fitted by non-negative least squares:
// rows generated from known energies (values of the seed's Table I/II
// magnitude, a 30 W idle) with noise must give those energies back; columns
// the data cannot tell apart are fitted as one term; bad files name file,
// line and column.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/InstructionEnergy.h"
#include "gpa/InstructionEnergyCalibration.h"
#include "gpa/SeedPowerBackends.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

using namespace gpa;

namespace {
/// The truth the rows are generated from: nJ per warp instruction of each
/// priced unit, nJ per byte of each level, idle W.
struct Truth {
  double IdleW = 30;
  std::map<Unit, double> UnitNj = {{Unit::Int, 4.115},   {Unit::Fp, 5.513},
                                   {Unit::Fp64, 12.087}, {Unit::Alu, 2.083},
                                   {Unit::Sfu, 19.0},    {Unit::Sync, 4.16}};
  std::array<double, NumMemoryLevels> ByteNj = {0.021, 0.13, 0.021,
                                                0.021, 0.14, 0.54};
};

/// Rows whose every unit and level draws its own share of 0-20 W, so no
/// two columns move together; power gets NoisePct % Gaussian noise.
PowerSampleSet noisyRows(const Truth &T, std::size_t Rows, double NoisePct,
                         bool Streaming = false) {
  std::mt19937 Rng(12345);
  std::uniform_real_distribution<double> Share(0, 20), Time(1e-3, 5e-3);
  std::normal_distribution<double> Noise(0, NoisePct / 100);
  PowerSampleSet Set;
  Set.File = "synthetic.csv";
  Set.HasLaunchCounts = true;
  for (std::size_t R = 0; R < Rows; ++R) {
    PowerSample S;
    S.Benchmark = "b" + std::to_string(R);
    S.Line = static_cast<unsigned>(R + 2);
    double T_s = Time(Rng);
    S.LaunchTimeS = T_s;
    double W = T.IdleW;
    for (const auto &[U, Nj] : T.UnitNj) {
      double Part = Share(Rng);
      S.WarpInstructions[index(U)] = Part * T_s / (Nj * 1e-9);
      W += Part;
    }
    // fp16 is priced as fp (Fermi computes it in FP32): one class.
    double Fp16 = Share(Rng) / 4;
    S.WarpInstructions[index(Unit::Fp16)] =
        Fp16 * T_s / (T.UnitNj.at(Unit::Fp) * 1e-9);
    W += Fp16;
    for (std::size_t L = 0; L < NumMemoryLevels; ++L) {
      bool Global = L == index(MemoryLevel::L1) ||
                    L == index(MemoryLevel::L2) ||
                    L == index(MemoryLevel::Dram);
      double Bytes = Streaming && Global && L != index(MemoryLevel::L1)
                         ? S.Bytes[index(MemoryLevel::L1)]
                         : Share(Rng) * T_s / (T.ByteNj[L] * 1e-9);
      S.Bytes[L] = Bytes;
      W += Bytes * T.ByteNj[L] * 1e-9 / T_s;
    }
    S.PowerW = W * (1 + Noise(Rng));
    Set.Samples.push_back(S);
  }
  return Set;
}

double param(const InstructionEnergyFit &F, const std::string &Name) {
  auto It = F.Params.find(Name);
  if (It == F.Params.end()) {
    ADD_FAILURE() << "not fitted: " << Name;
    return 0;
  }
  return It->second.Value;
}
} // namespace

TEST(InstructionEnergyCalibration, RecoversKnownEnergiesFromNoisyRows) {
  Truth T;
  PowerSampleSet Set = noisyRows(T, 400, 0.5);
  InstructionEnergyFit F;
  std::string Error;
  ASSERT_TRUE(fitInstructionEnergy(Set, nullptr, "synthetic", F, Error))
      << Error;
  EXPECT_EQ(F.RowsUsed, 400u);
  EXPECT_NEAR(param(F, "idle_power_w"), T.IdleW, 0.03 * T.IdleW);
  // Every Table I row of a class carries the class's value.
  EXPECT_NEAR(param(F, "iadd_2reg_nj"), 4.115, 0.03 * 4.115);
  EXPECT_EQ(param(F, "iadd_2reg_nj"), param(F, "imad_3reg_nj"));
  EXPECT_NEAR(param(F, "ffma_3reg_nj"), 5.513, 0.03 * 5.513);
  EXPECT_EQ(param(F, "fadd_2reg_nj"), param(F, "ffma_3reg_nj"));
  EXPECT_NEAR(param(F, "dfma_nj"), 12.087, 0.03 * 12.087);
  EXPECT_NEAR(param(F, "mov_nj"), 2.083, 0.03 * 2.083);
  EXPECT_NEAR(param(F, "sfu_nj"), 19.0, 0.03 * 19.0);
  EXPECT_NEAR(param(F, "bar_nj"), 4.16, 0.03 * 4.16);
  for (std::size_t L = 0; L < NumMemoryLevels; ++L) {
    const char *Name = bytesParameter(static_cast<MemoryLevel>(L));
    EXPECT_NEAR(param(F, Name), T.ByteNj[L], 0.03 * T.ByteNj[L]) << Name;
  }
  EXPECT_EQ(F.Params.at("sfu_nj").Kind, "calibrated");
  EXPECT_EQ(F.Params.at("sfu_nj").Source, "synthetic");
  EXPECT_LT(F.MapePct, 1.0);
  // The backend's own Eq. (5)-(7) with the fitted values predicts the rows.
  double W = 0;
  ASSERT_TRUE(predictInstructionEnergyPower(F.Params, Set.Samples[0], W, Error))
      << Error;
  EXPECT_NEAR(W, *Set.Samples[0].PowerW, 0.03 * *Set.Samples[0].PowerW);
}

TEST(InstructionEnergyCalibration, ProportionalLevelsAreOneTermSplitByBase) {
  // Streaming rows move the same bytes through L1, L2 and DRAM (as the
  // product's KernelActivity assumes), so only their sum is determined:
  // 0.021 + 0.13 + 0.54 = 0.691 nJ/B. Split in the C2050 file's Table II
  // proportions (L2 0.13 : DRAM 0.54).
  Truth T;
  PowerSampleSet Set = noisyRows(T, 300, 0.2, /*Streaming=*/true);
  GpuModel C2050 = test::bundled("tesla-c2050");
  const PowerParameters *Base = sourcedParams(C2050, "instruction-energy");
  ASSERT_NE(Base, nullptr);
  InstructionEnergyFit F;
  std::string Error;
  ASSERT_TRUE(fitInstructionEnergy(Set, Base, "synthetic", F, Error)) << Error;
  double Sum = param(F, "l1_nj_per_byte") + param(F, "l2_nj_per_byte") +
               param(F, "dram_nj_per_byte");
  EXPECT_NEAR(Sum, 0.691, 0.03 * 0.691);
  EXPECT_NEAR(param(F, "l2_nj_per_byte") / param(F, "dram_nj_per_byte"),
              0.13 / 0.54, 1e-9);
  bool Noted = false;
  for (const std::string &N : F.Notes)
    Noted = Noted || N.find("l1 bytes, l2 bytes, dram bytes: proportional") !=
                         std::string::npos;
  EXPECT_TRUE(Noted);
}

TEST(InstructionEnergyCalibration, UnexercisedAndUnpricedAreReported) {
  Truth T;
  PowerSampleSet Set = noisyRows(T, 60, 0.1);
  for (PowerSample &S : Set.Samples)
    S.WarpInstructions[index(Unit::Sfu)] = 0; // the sfu share stays in power
  Set.Samples[3].WarpInstructions[index(Unit::Atomic)] = 100;
  InstructionEnergyFit F;
  std::string Error;
  ASSERT_TRUE(fitInstructionEnergy(Set, nullptr, "synthetic", F, Error))
      << Error;
  EXPECT_EQ(F.RowsLeftOut, 1u);
  EXPECT_EQ(F.Params.count("sfu_nj"), 0u);
  std::string All;
  for (const std::string &N : F.Notes)
    All += N + "\n";
  EXPECT_NE(All.find("sfu: not exercised"), std::string::npos) << All;
  EXPECT_NE(All.find("1 rows left out: they count atomic"), std::string::npos)
      << All;
}

TEST(InstructionEnergyCalibration, FileErrorsNameFileLineAndColumn) {
  std::string Fixed = "benchmark,power_w,core_mhz,mem_mhz,fp32_add,fp32_mul,"
                      "fp32_fma,int,fp64_add,fp64_mul,fp64_fma,sfu,cf,l2,"
                      "shared,dram";
  std::string Head = "# gpa-power-samples/1\n# reference_mhz: 1000,2000\n";
  std::string Row = "k,100,1000,2000,0,0,0,0,0,0,0,0,0,0,0,0";
  PowerSampleSet Set;
  std::string Error;
  // Without launch counts the file is fine for dvfs, not for seed 003.
  ASSERT_TRUE(parsePowerSamples(Head + Fixed + "\n" + Row + "\n", "t.csv", true,
                                Set, Error))
      << Error;
  InstructionEnergyFit F;
  EXPECT_FALSE(fitInstructionEnergy(Set, nullptr, "x", F, Error));
  EXPECT_EQ(Error.rfind("t.csv:3:17: expected the launch-count columns", 0), 0u)
      << Error;
  // A header with a partial group names the first wrong column.
  EXPECT_FALSE(parsePowerSamples(Head + Fixed + ",time_s,warp_int\n", "t.csv",
                                 true, Set, Error));
  EXPECT_EQ(Error, "t.csv:3:19: expected column 'warp_fp' (got 'end of line')");
  // A bad count names its column: time_s is column 17, warp_int 18.
  std::string Launch = ",time_s";
  std::string Values = ",0.001";
  for (const UnitInfo &U : allUnits()) {
    Launch += ",warp_" + std::string(U.Key);
    Values += U.Id == Unit::Fp ? ",-5" : ",0";
  }
  for (std::size_t L = 0; L < NumMemoryLevels; ++L) {
    Launch +=
        ",bytes_" + std::string(memoryLevelKey(static_cast<MemoryLevel>(L)));
    Values += ",0";
  }
  EXPECT_FALSE(
      parsePowerSamples(Head + Fixed + Launch + "\n" + Row + Values + "\n",
                        "t.csv", true, Set, Error));
  EXPECT_EQ(Error, "t.csv:4:19: expected a non-negative warp-instruction "
                   "count (got '-5')");
}

TEST(InstructionEnergyCalibration, NegativeEnergiesStopAtZeroAndAreNoted) {
  // Rows in which more fp instructions mean less power (-2 nJ each, which
  // no hardware does): non-negative least squares holds fp at 0, says so.
  Truth T;
  T.UnitNj[Unit::Fp] = 1;
  PowerSampleSet Set = noisyRows(T, 100, 0.1);
  for (PowerSample &S : Set.Samples)
    *S.PowerW -= 3e-9 *
                 (S.WarpInstructions[index(Unit::Fp)] +
                  S.WarpInstructions[index(Unit::Fp16)]) /
                 *S.LaunchTimeS;
  InstructionEnergyFit F;
  std::string Error;
  ASSERT_TRUE(fitInstructionEnergy(Set, nullptr, "synthetic", F, Error))
      << Error;
  EXPECT_EQ(param(F, "ffma_3reg_nj"), 0);
  std::string All;
  for (const std::string &N : F.Notes)
    All += N + "\n";
  EXPECT_NE(All.find("fp+fp16: at the non-negativity bound (0)"),
            std::string::npos)
      << All;
}
