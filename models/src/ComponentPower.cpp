//===- ComponentPower.cpp - Seed 001: McPAT-style component power ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ComponentPower.h"

#include <algorithm>
#include <cmath>

namespace gpa {

const char *const ComponentPowerModelName = "mcpat-component";

const std::vector<std::string> &componentPowerParameterNames() {
  static const std::vector<std::string> Names = {
      "mcpat_clock_ghz", "tdp_w", "clock_texture_tdp_fraction",
      "activation_power_w", "idle_power_w", "leakage_w_at_baseline",
      "leakage_baseline_k", "leakage_doubling_k",
      // Table VIII (hp, 1r/1w) and the accesses a warp instruction makes.
      "rf_read_pj", "rf_write_pj", "rf_reads_per_warp_instruction",
      "rf_writes_per_warp_instruction",
      // Table VII peak powers and Table V/X's SFU of six MULs.
      "alu_peak_mw", "mul_peak_mw", "fpu_peak_mw", "sfu_muls",
      "fp64_fpu_accesses_per_lane",
      // Eq. (9) scale factors (Table X).
      "alpha_fpu_dynamic", "beta_fpu_leakage", "gamma_alu_dynamic",
      "delta_alu_leakage", "epsilon_constant",
      // Components the seed names without a per-access number.
      "fetch_decode_issue_nj_per_warp_instruction", "lsu_pj_per_lane",
      "l1_nj_per_byte", "shared_nj_per_byte", "constant_nj_per_byte",
      "texture_nj_per_byte", "l2_nj_per_byte", "memory_controller_nj_per_byte",
      "dram_nj_per_byte"};
  return Names;
}

double leakageTemperatureFactor(double TempK, double BaselineK,
                                double DoublingK) {
  if (!(DoublingK > 0))
    return 1;
  return std::exp2((TempK - BaselineK) / DoublingK);
}

static double sumWarps(const KernelActivity &A,
                       std::initializer_list<Unit> Us) {
  double S = 0;
  for (Unit U : Us)
    S += A.warpInstructions(U);
  return S;
}

ModelEstimate estimateComponentPower(const KernelActivity &A, unsigned NumSms,
                                     unsigned WarpSize,
                                     const PowerParameters *Params) {
  ModelEstimate E;
  E.Model = ComponentPowerModelName;
  E.ExecTimeS = A.ExecTimeS;
  if (!Params) {
    E.MissingParameters.push_back(
        "power_backends.mcpat-component (the GPU model has no such section)");
    return E;
  }
  if (A.warpInstructions(Unit::Tensor) > 0)
    E.MissingParameters.push_back(
        "power_backends.mcpat-component: no component for unit 'tensor' (seed "
        "001 models "
        "Fermi, which has no tensor cores)");
  ParameterLookup P(Params, "power_backends.mcpat-component");
  const double Lanes = WarpSize;
  const double ClockHz = P.get("mcpat_clock_ghz") * 1e9;
  // A lane access at peak power costs peak power / clock (one per cycle).
  auto LaneJ = [&](double PeakMw) {
    return ClockHz > 0 ? PeakMw * 1e-3 / ClockHz : 0;
  };
  double AluJ = LaneJ(P.get("alu_peak_mw"));
  double FpuJ = LaneJ(P.get("fpu_peak_mw"));
  double SfuJ = P.get("sfu_muls") * LaneJ(P.get("mul_peak_mw"));

  // Dynamic energies (J) per component.
  double All = 0, RegisterInsts = 0;
  for (const UnitInfo &Info : allUnits()) {
    All += A.warpInstructions(Info.Id);
    if (Info.ReadsRegisters)
      RegisterInsts += A.warpInstructions(Info.Id);
  }
  std::vector<std::pair<std::string, double>> Dyn;
  Dyn.emplace_back("fetch_decode_issue",
                   All * P.get("fetch_decode_issue_nj_per_warp_instruction") *
                       1e-9);
  Dyn.emplace_back(
      "register_file",
      RegisterInsts *
          (P.get("rf_reads_per_warp_instruction") * P.get("rf_read_pj") +
           P.get("rf_writes_per_warp_instruction") * P.get("rf_write_pj")) *
          1e-12);
  // Eq. (9): gamma x P_alu,dyn and alpha x P_fpu,dyn.
  double AluLaneAccesses =
      Lanes * sumWarps(A, {Unit::Int, Unit::Alu, Unit::Shuffle});
  Dyn.emplace_back("alu", P.get("gamma_alu_dynamic") * AluLaneAccesses * AluJ);
  double FpuLaneAccesses = Lanes * (sumWarps(A, {Unit::Fp, Unit::Fp16}) +
                                    P.get("fp64_fpu_accesses_per_lane") *
                                        A.warpInstructions(Unit::Fp64));
  Dyn.emplace_back("fpu", P.get("alpha_fpu_dynamic") * FpuLaneAccesses * FpuJ);
  Dyn.emplace_back("sfu", Lanes * A.warpInstructions(Unit::Sfu) * SfuJ);
  double LsuWarps = sumWarps(A, {Unit::GlobalMem, Unit::LocalMem,
                                 Unit::SharedMem, Unit::ConstMem, Unit::Texture,
                                 Unit::Atomic, Unit::AsyncCopy});
  Dyn.emplace_back("lsu", Lanes * LsuWarps * P.get("lsu_pj_per_lane") * 1e-12);
  auto PerByte = [&](const char *Name, MemoryLevel L, const char *Param,
                     double Scale = 1) {
    if (A.bytes(L) > 0)
      Dyn.emplace_back(Name, Scale * A.bytes(L) * P.get(Param) * 1e-9);
  };
  PerByte("l1", MemoryLevel::L1, "l1_nj_per_byte");
  PerByte("shared", MemoryLevel::Shared, "shared_nj_per_byte");
  if (A.bytes(MemoryLevel::Constant) > 0) // Eq. (9): epsilon x P_ConstMem
    PerByte("constant", MemoryLevel::Constant, "constant_nj_per_byte",
            P.get("epsilon_constant"));
  PerByte("texture", MemoryLevel::Texture, "texture_nj_per_byte");
  PerByte("l2", MemoryLevel::L2, "l2_nj_per_byte");
  PerByte("memory_controller", MemoryLevel::Dram,
          "memory_controller_nj_per_byte");
  PerByte("dram", MemoryLevel::Dram, "dram_nj_per_byte");

  // Constant and static power.
  double ClockTextureW = P.get("clock_texture_tdp_fraction") * P.get("tdp_w");
  double IdleW = P.get("idle_power_w");
  double ActivationW = P.get("activation_power_w");
  double BaselineK = P.get("leakage_baseline_k");
  // §5.2: 370 K (97 C) is the maximum operating temperature; the seed's
  // leakage curve stops there, so hotter predictions are held at it.
  double MaxK = BaselineK + P.get("leakage_doubling_k");
  double TempK =
      A.TemperatureK > 0 ? std::min(A.TemperatureK, MaxK) : BaselineK;
  double Leak340W = P.get("leakage_w_at_baseline");
  double TempFactor =
      leakageTemperatureFactor(TempK, BaselineK, P.get("leakage_doubling_k"));
  for (const std::string &M : P.missing())
    E.MissingParameters.push_back(M);
  if (!E.MissingParameters.empty())
    return E;
  if (!(A.ExecTimeS > 0)) {
    E.MissingParameters.push_back("a predicted execution time above 0 s");
    return E;
  }
  E.Available = true;
  // Static power at 340 K: idle + activation + the rest of the model's
  // leakage shared by the active SMs; all of it grows with temperature.
  unsigned Active = std::min(A.ActiveSms, NumSms);
  double PerSmLeakW = (Leak340W - IdleW - ActivationW) / std::max(NumSms, 1u);
  E.add("idle", PowerCategory::Static, TempFactor * IdleW);
  E.add("activation", PowerCategory::Static,
        Active > 0 ? TempFactor * ActivationW : 0);
  E.add("sm_leakage", PowerCategory::Static, TempFactor * PerSmLeakW * Active);
  E.add("clock_texture", PowerCategory::Constant, ClockTextureW);
  for (const auto &[Name, Joules] : Dyn)
    E.add(Name, PowerCategory::Dynamic, Joules / A.ExecTimeS);
  E.Notes.push_back("leakage at " + std::to_string(TempK).substr(0, 5) +
                    " K; Eq. (9)'s beta and delta are inside the 100 W "
                    "leakage the fitted model reports (§4.4)");
  E.Provenance = P.used();
  E.finish();
  return E;
}

} // namespace gpa
