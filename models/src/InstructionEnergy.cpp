//===- InstructionEnergy.cpp - Seed 003: energy per native instruction ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/InstructionEnergy.h"

#include <map>

namespace gpa {

const char *const InstructionEnergyModelName = "instruction-energy";

const std::vector<std::string> &instructionEnergyParameterNames() {
  static const std::vector<std::string> Names = {
      "idle_power_w",
      // Table I, nJ per warp instruction.
      "fadd_2reg_nj", "fadd_1reg_nj", "fadd32i_nj", "fmul32i_nj",
      "fmul_2reg_nj", "ffma_3reg_nj", "ffma_2reg_nj", "fmnmx_nj", "fsetp_nj",
      "dadd_nj", "dmul_nj", "dfma_nj", "dmnmx_nj", "dsetp_nj", "iadd_2reg_nj",
      "iadd_1reg_nj", "iscadd_nj", "sel_nj", "imul_2reg_nj", "imad_3reg_nj",
      "imad_2reg_nj", "imnmx_nj", "isetp_nj", "lop_nj", "shl_nj", "bar_nj",
      "mov_nj", "mov32i_nj",
      // §III.C: an SFU instruction (RRO/MUFU with its helpers) costs
      // 12.9-25.1 nJ.
      "sfu_nj",
      // Table II, nJ per byte at full bandwidth.
      "l1_nj_per_byte", "l2_nj_per_byte", "shared_nj_per_byte",
      "texture_nj_per_byte", "dram_nj_per_byte", "constant_nj_per_byte"};
  return Names;
}

const std::vector<NativeShare> &nativeMix(Unit U) {
  static const std::map<Unit, std::vector<NativeShare>> Mix = {
      {Unit::Int, {{"iadd_2reg_nj", 0.5}, {"imad_3reg_nj", 0.5}}},
      {Unit::Fp,
       {{"fadd_2reg_nj", 1.0 / 3},
        {"fmul_2reg_nj", 1.0 / 3},
        {"ffma_3reg_nj", 1.0 / 3}}},
      // Fermi has no FP16 arithmetic: half values are converted and computed
      // in FP32.
      {Unit::Fp16,
       {{"fadd_2reg_nj", 1.0 / 3},
        {"fmul_2reg_nj", 1.0 / 3},
        {"ffma_3reg_nj", 1.0 / 3}}},
      {Unit::Fp64,
       {{"dadd_nj", 1.0 / 3}, {"dmul_nj", 1.0 / 3}, {"dfma_nj", 1.0 / 3}}},
      {Unit::Alu,
       {{"mov_nj", 0.25},
        {"lop_nj", 0.25},
        {"shl_nj", 0.25},
        {"isetp_nj", 0.25}}},
      {Unit::Sfu, {{"sfu_nj", 1.0}}},
      {Unit::Sync, {{"bar_nj", 1.0}}},
  };
  static const std::vector<NativeShare> None;
  auto It = Mix.find(U);
  return It == Mix.end() ? None : It->second;
}

const char *bytesParameter(MemoryLevel L) {
  switch (L) {
  case MemoryLevel::L1:
    return "l1_nj_per_byte";
  case MemoryLevel::L2:
    return "l2_nj_per_byte";
  case MemoryLevel::Shared:
    return "shared_nj_per_byte";
  case MemoryLevel::Constant:
    return "constant_nj_per_byte";
  case MemoryLevel::Texture:
    return "texture_nj_per_byte";
  case MemoryLevel::Dram:
    return "dram_nj_per_byte";
  }
  return "dram_nj_per_byte";
}

/// Units that occur on the launch but have no Table I price.
static bool unpricedComputeUnit(Unit U) {
  return U == Unit::Tensor || U == Unit::Shuffle || U == Unit::AsyncCopy ||
         U == Unit::Atomic;
}

std::vector<std::pair<std::string, double>>
instructionEnergyTerms(const KernelActivity &A) {
  std::vector<std::pair<std::string, double>> Terms;
  Terms.emplace_back("idle_power_w", A.ExecTimeS); // Eq. (6)
  std::map<std::string, double> Coefficients;
  for (const UnitInfo &Info : allUnits())
    for (const NativeShare &S : nativeMix(Info.Id))
      if (A.warpInstructions(Info.Id) > 0)
        Coefficients[S.Param] += A.warpInstructions(Info.Id) * S.Weight * 1e-9;
  for (const auto &[Name, C] : Coefficients)
    Terms.emplace_back(Name, C);
  for (std::size_t L = 0; L < NumMemoryLevels; ++L)
    if (A.Bytes[L] > 0)
      Terms.emplace_back(bytesParameter(static_cast<MemoryLevel>(L)),
                         A.Bytes[L] * 1e-9);
  return Terms;
}

ModelEstimate estimateInstructionEnergy(const KernelActivity &A,
                                        const PowerParameters *Params) {
  ModelEstimate E;
  E.Model = InstructionEnergyModelName;
  E.ExecTimeS = A.ExecTimeS;
  if (!Params) {
    E.MissingParameters.push_back("power_backends.instruction-energy (the GPU "
                                  "model has no such section)");
    return E;
  }
  ParameterLookup P(Params, "power_backends.instruction-energy");
  for (const UnitInfo &Info : allUnits())
    if (unpricedComputeUnit(Info.Id) && A.warpInstructions(Info.Id) > 0)
      E.MissingParameters.push_back("power_backends.instruction-energy: no "
                                    "native-instruction energy for unit '" +
                                    std::string(Info.Key) +
                                    "' (not in seed 003 Table I)");
  const double T = A.ExecTimeS;
  double IdleW = P.get("idle_power_w");
  // Eq. (7), per product unit so the breakdown reads in the product's terms.
  std::vector<std::pair<std::string, double>> Dynamic;
  for (const UnitInfo &Info : allUnits()) {
    double N = A.warpInstructions(Info.Id);
    if (N <= 0 || nativeMix(Info.Id).empty())
      continue;
    double Nj = 0;
    for (const NativeShare &S : nativeMix(Info.Id))
      Nj += S.Weight * P.get(S.Param);
    Dynamic.emplace_back(std::string(Info.Key), N * Nj * 1e-9);
  }
  for (std::size_t L = 0; L < NumMemoryLevels; ++L) {
    if (A.Bytes[L] <= 0)
      continue;
    MemoryLevel Level = static_cast<MemoryLevel>(L);
    double Nj = P.get(bytesParameter(Level));
    Dynamic.emplace_back(std::string(memoryLevelKey(Level)),
                         A.Bytes[L] * Nj * 1e-9);
  }
  for (const std::string &M : P.missing())
    E.MissingParameters.push_back(M);
  if (!E.MissingParameters.empty())
    return E;
  if (!(T > 0)) {
    E.MissingParameters.push_back("a predicted execution time above 0 s");
    return E;
  }
  E.Available = true;
  E.add("idle", PowerCategory::Static, IdleW); // Eq. (6)
  for (const auto &[Name, Joules] : Dynamic)
    E.add(Name, PowerCategory::Dynamic, Joules / T);
  if (A.warpInstructions(Unit::Other) > 0)
    E.Notes.push_back("branch/exit/nop instructions priced at 0 nJ (seed 003 "
                      "Table I has no row for them)");
  E.Notes.push_back("bytes per memory level assume streaming access (every "
                    "global byte crosses L1, L2 and DRAM once)");
  E.Provenance = P.used();
  E.finish();
  return E;
}

} // namespace gpa
