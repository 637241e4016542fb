//===- InstructionEnergyTest.cpp - Seed 003 energy per instruction --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected values worked by hand from seed 003 (Xie et al.) Eq. (5)-(7),
// Table I (nJ per warp instruction) and Table II (nJ per byte), with the
// parameters of models/gpus/tesla-c2050.json.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/InstructionEnergy.h"
#include "gpa/SeedPowerBackends.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
const GpuModel &c2050() {
  static const GpuModel G = test::bundled("tesla-c2050");
  return G;
}

const PowerParameters *params() {
  return sourcedParams(c2050(), InstructionEnergyModelName);
}

ModelEstimate estimate(const KernelActivity &A) {
  EXPECT_NE(params(), nullptr);
  return estimateInstructionEnergy(A, params());
}

double termW(const ModelEstimate &E, const std::string &Name) {
  for (const PowerTerm &T : E.Terms)
    if (T.Name == Name)
      return T.PowerW;
  ADD_FAILURE() << "no term " << Name;
  return 0;
}
} // namespace

TEST(InstructionEnergy, TableIRowsPriceEachUnit) {
  KernelActivity A;
  A.ExecTimeS = 1e-3;
  A.WarpInstructions[index(Unit::Fp)] = 1e6;
  A.WarpInstructions[index(Unit::Fp64)] = 1e6;
  A.WarpInstructions[index(Unit::Int)] = 2e6;
  A.WarpInstructions[index(Unit::Sync)] = 1e6;
  ModelEstimate E = estimate(A);
  ASSERT_TRUE(E.Available);
  // fp: mean of Table I FADD (2 reg) 5.09, FMUL (2 reg) 5.54, FFMA (3 reg)
  // 5.91 = 5.51333 nJ; 1e6 warps in 1 ms = 5.51333 W.
  EXPECT_NEAR(termW(E, "fp"), 5.513333, 1e-5);
  // fp64: mean of DADD 10.63, DMUL 12.25, DFMA 13.38 = 12.08667 nJ.
  EXPECT_NEAR(termW(E, "fp64"), 12.086667, 1e-5);
  // int: mean of IADD (2 reg) 2.24 and IMAD (3 reg) 5.99 = 4.115 nJ, 2e6.
  EXPECT_NEAR(termW(E, "int"), 8.23, 1e-9);
  // sync: BAR 4.16 nJ.
  EXPECT_NEAR(termW(E, "sync"), 4.16, 1e-9);
  // Eq. (6): P_idle (27 W, assumed: seed 003 gives none).
  EXPECT_NEAR(E.StaticW, 27, 1e-12);
  EXPECT_NEAR(E.TotalPowerW, 27 + 5.513333 + 12.086667 + 8.23 + 4.16, 1e-5);
  EXPECT_NEAR(E.EnergyJ, E.TotalPowerW * 1e-3, 1e-12);
}

TEST(InstructionEnergy, TableIIBytesPerLevel) {
  KernelActivity A;
  A.ExecTimeS = 1;
  A.Bytes[index(MemoryLevel::L1)] = 1e9;
  A.Bytes[index(MemoryLevel::L2)] = 1e9;
  A.Bytes[index(MemoryLevel::Dram)] = 1e9;
  A.Bytes[index(MemoryLevel::Shared)] = 1e9;
  A.Bytes[index(MemoryLevel::Texture)] = 1e9;
  ModelEstimate E = estimate(A);
  ASSERT_TRUE(E.Available);
  // Table II, nJ per byte: L1 0.021, L2 0.13, DRAM read 0.54, shared 0.021,
  // texture 0.14; 1e9 bytes in 1 s = that many watts.
  EXPECT_NEAR(termW(E, "l1"), 0.021, 1e-12);
  EXPECT_NEAR(termW(E, "l2"), 0.13, 1e-12);
  EXPECT_NEAR(termW(E, "dram"), 0.54, 1e-12);
  EXPECT_NEAR(termW(E, "shared"), 0.021, 1e-12);
  EXPECT_NEAR(termW(E, "texture"), 0.14, 1e-12);
}

TEST(InstructionEnergy, SfuIsTheMidpointOfTheSeedsRange) {
  KernelActivity A;
  A.ExecTimeS = 1;
  A.WarpInstructions[index(Unit::Sfu)] = 1e9;
  ModelEstimate E = estimate(A);
  // §III.C: 12.9-25.1 nJ; (12.9 + 25.1) / 2 = 19.0.
  EXPECT_NEAR(termW(E, "sfu"), 19.0, 1e-9);
  bool Assumed = false;
  for (const ParameterUse &U : E.Provenance)
    Assumed |= U.Name == "sfu_nj" && U.Param.Kind == "assumed";
  EXPECT_TRUE(Assumed);
}

TEST(InstructionEnergy, LinearInItsUnknowns) {
  KernelActivity A;
  A.ExecTimeS = 2e-3;
  A.WarpInstructions[index(Unit::Fp)] = 3e6;
  A.WarpInstructions[index(Unit::Alu)] = 1e6;
  A.Bytes[index(MemoryLevel::L2)] = 5e7;
  ModelEstimate E = estimate(A);
  double Sum = 0;
  for (const auto &[Name, Coefficient] : instructionEnergyTerms(A))
    Sum += Coefficient * params()->at(Name).Value;
  EXPECT_NEAR(Sum, E.EnergyJ, 1e-12);
}

TEST(InstructionEnergy, MissingParametersAreNamedNotSubstituted) {
  KernelActivity A;
  A.ExecTimeS = 1;
  A.WarpInstructions[index(Unit::Fp)] = 1;
  ModelEstimate None = estimateInstructionEnergy(A, nullptr);
  EXPECT_FALSE(None.Available);
  ASSERT_EQ(None.MissingParameters.size(), 1u);
  EXPECT_NE(None.MissingParameters[0].find("power_backends.instruction-energy"),
            std::string::npos);

  PowerParameters Partial = *params();
  Partial.erase("ffma_3reg_nj");
  ModelEstimate E = estimateInstructionEnergy(A, &Partial);
  EXPECT_FALSE(E.Available);
  ASSERT_EQ(E.MissingParameters.size(), 1u);
  EXPECT_EQ(E.MissingParameters[0],
            "power_backends.instruction-energy.ffma_3reg_nj");

  // Tensor instructions have no Fermi native instruction.
  A.WarpInstructions[index(Unit::Tensor)] = 1;
  EXPECT_FALSE(estimate(A).Available);
}

TEST(InstructionEnergy, ActivityFromAProfile) {
  // Dotp: 30 blocks x 16 warps = 480 warps; 3 coalesced 4-byte accesses per
  // thread = 480 x 3 x 32 x 4 = 184320 bytes at L1, L2 and DRAM each.
  KernelActivity A = kernelActivity(test::dotpProfile(), c2050(), 1e-3, 14);
  EXPECT_DOUBLE_EQ(A.warpInstructions(Unit::Int), 480 * 5);
  EXPECT_DOUBLE_EQ(A.bytes(MemoryLevel::L1), 184320);
  EXPECT_DOUBLE_EQ(A.bytes(MemoryLevel::L2), 184320);
  EXPECT_DOUBLE_EQ(A.bytes(MemoryLevel::Dram), 184320);
  EXPECT_DOUBLE_EQ(A.bytes(MemoryLevel::Shared), 0);
}
