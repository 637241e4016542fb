//===- PowerModels.cpp - The power models side by side --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerModels.h"

#include "gpa/ComponentPower.h"
#include "gpa/InstructionEnergy.h"
#include "gpa/PowerBackend.h"
#include "gpa/SeedPowerBackends.h"

#include <algorithm>

namespace gpa {

const std::vector<std::string> &powerModelNames() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N;
    for (const PowerBackend *B : powerBackends())
      N.emplace_back(B->name());
    return N;
  }();
  return Names;
}

std::string powerModelNameList() {
  std::string List;
  for (const std::string &N : powerModelNames())
    List += (List.empty() ? "" : ", ") + N;
  return List;
}

ModelEstimate ippEstimate(const Evaluation &E, const GpuModel &Gpu) {
  ModelEstimate Out;
  Out.Model = "ipp";
  Out.Available = true;
  Out.ExecTimeS = E.Time.ExecTimeS;
  Out.add("idle", PowerCategory::Static, E.Pow.IdlePowerW); // Eq. (5)
  for (std::size_t C = 0; C < NumPowerComponents; ++C) {
    if (!powerComponentReported(C))
      continue;
    Out.add(std::string(powerComponentKey(C)),
            C == ConstSmComponent ? PowerCategory::Constant
                                  : PowerCategory::Dynamic,
            E.Pow.ComponentW[C]);
  }
  std::string Kind = Gpu.Calibrated ? "given" : "assumed";
  std::string Source = "models/gpus/" + Gpu.Name +
                       ".json power and thermal sections (IPP Table 2/3 "
                       "form; calibrated: " +
                       (Gpu.Calibrated ? "yes" : "no") +
                       "; each value's source is in the file)";
  Out.Provenance.push_back(
      {"power.idle_power_w", {Gpu.IdlePowerW, Kind, Source}});
  if (Gpu.IdleNoContextPowerW > 0)
    Out.Provenance.push_back(
        {"power.idle_no_context_power_w",
         {Gpu.IdleNoContextPowerW, Kind,
          "before a CUDA context opens; reported, not priced (kernels run "
          "with one open: power.idle_power_w). " +
              Source}});
  Out.Provenance.push_back(
      {"power.const_sm_power_w", {Gpu.ConstSmPowerW, Kind, Source}});
  Out.finish();
  return Out;
}

ModelEstimate estimatePowerModel(const std::string &Name,
                                 const KernelAnalysis &A, const GpuModel &Gpu) {
  const Evaluation &E = A.Requested;
  if (Name == "ipp")
    return ippEstimate(E, Gpu);
  PowerInput In{
      A.Profile, E.Time, memoryLevelBytes(A.Profile, Gpu, E.Time), {}};
  if (Name == InstructionEnergyModelName || Name == ComponentPowerModelName)
    return estimateSeedModel(Name, In, Gpu);
  // Any other registered backend (seed 002's dvfs), through the interface.
  ModelEstimate Out;
  Out.Model = Name;
  Out.ExecTimeS = E.Time.ExecTimeS;
  if (!findPowerBackend(Name)) {
    Out.MissingParameters.push_back("a known power model (" +
                                    powerModelNameList() + ")");
    return Out;
  }
  PowerEstimate P;
  std::string Error;
  if (!estimatePower(In, Gpu, Name, P, Error)) {
    Out.MissingParameters.push_back(Error);
    return Out;
  }
  Out.Available = true;
  Out.add("static", PowerCategory::Static, P.StaticPowerW);
  Out.add("constant", PowerCategory::Constant, P.ConstantPowerW);
  for (const ComponentPowerW &C : P.Components)
    Out.add(std::string(C.Key), PowerCategory::Dynamic, C.PowerW);
  Out.Notes.push_back("provenance: " + std::string(P.Provenance));
  Out.finish();
  return Out;
}

KernelFootprints kernelFootprints(const KernelAnalysis &A, const GpuModel &Gpu,
                                  const ModelEstimate &Est) {
  KernelFootprints K;
  const Evaluation &E = A.Requested;
  K.Launch.NumSms = E.ActiveSms;
  K.Launch.ResidentBlocksPerSm = E.Time.ActiveBlocksPerSm;
  K.Launch.Blocks = A.Profile.Launch.Blocks;
  K.Launch.WaveTimeS = E.Time.Rep > 0 ? E.Time.ExecTimeS / E.Time.Rep : 0;

  double CoreDynW = 0;
  for (const PowerTerm &T : Est.Terms)
    if (T.Category == PowerCategory::Dynamic && !isUncoreTerm(T.Name))
      CoreDynW += T.PowerW;
  K.Power.CoreDynamicEnergyJ = CoreDynW * Est.ExecTimeS;

  const PowerParameters *Fp = Gpu.SmFootprint ? &*Gpu.SmFootprint : nullptr;
  auto It = Fp ? Fp->find("static_power_per_sm_w")
               : PowerParameters::const_iterator();
  if (Fp && It != Fp->end()) {
    K.Power.StaticPowerPerSmW = It->second.Value;
    K.Provenance.push_back({"sm_footprint.static_power_per_sm_w", It->second});
  } else {
    // IPP §6.4.2's per-SM share: the model's static power over the SMs.
    K.Power.StaticPowerPerSmW = Est.StaticW / std::max(Gpu.NumSms, 1u);
    K.Provenance.push_back(
        {"static_power_per_sm_w",
         {K.Power.StaticPowerPerSmW, "derived",
          Est.Model + " static power / " + std::to_string(Gpu.NumSms) +
              " SMs (no sm_footprint.static_power_per_sm_w in the GPU "
              "model)"}});
  }
  auto Gate = Fp ? Fp->find("power_gating") : PowerParameters::const_iterator();
  if (Fp && Gate != Fp->end()) {
    K.Power.PowerGating = Gate->second.Value != 0;
    K.Provenance.push_back({"sm_footprint.power_gating", Gate->second});
  } else {
    K.Power.PowerGating = false;
    K.Provenance.push_back(
        {"power_gating",
         {0, "assumed",
          "the GPU model does not say its SMs are power-gated "
          "(sm_footprint.power_gating): idle SMs draw static power"}});
  }
  K.Sms = computeFootprints(K.Launch, K.Power);
  double SmStaticW = K.Power.StaticPowerPerSmW * E.ActiveSms;
  K.UncoreW = std::max(0.0, Est.TotalPowerW - CoreDynW - SmStaticW);
  K.Dvfs = perSmDvfsFrontier(K.Sms, K.Power, K.UncoreW, Fp);
  return K;
}

} // namespace gpa
