//===- PowerModelsText.cpp - `gpa model --power-model` output -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "PowerModelsText.h"

#include "TextFormat.h"

#include "gpa/PowerModelsReport.h"

#include <algorithm>

namespace gpa::tool {

bool evaluatePowerModels(const std::string &Selection, const KernelAnalysis &A,
                         const GpuModel &Gpu, PowerModelsResult &Out,
                         std::string &Error) {
  const std::vector<std::string> &Names = powerModelNames();
  std::vector<std::string> Chosen;
  if (Selection == "all")
    Chosen = Names;
  else if (Selection == "default")
    Chosen = {Gpu.PowerBackendName};
  else if (std::find(Names.begin(), Names.end(), Selection) != Names.end())
    Chosen = {Selection};
  else {
    Error = "--power-model: expected all, default or one of " +
            powerModelNameList() + ", got '" + Selection + "'";
    return false;
  }
  for (const std::string &N : Chosen)
    Out.Estimates.push_back(estimatePowerModel(N, A, Gpu));
  // Footprints are priced with the single model asked for, or the GPU's
  // default; when that one lacks parameters, IPP (said in the output).
  std::string Pricing = Chosen.size() == 1 ? Chosen[0] : Gpu.PowerBackendName;
  ModelEstimate Priced = estimatePowerModel(Pricing, A, Gpu);
  if (!Priced.Available) {
    Out.FootprintsPricedWith = "ipp (" + Pricing + " lacks parameters)";
    Priced = estimatePowerModel("ipp", A, Gpu);
  } else {
    Out.FootprintsPricedWith = Pricing;
  }
  Out.Footprints = kernelFootprints(A, Gpu, Priced);
  return true;
}

static std::string provenanceLines(const std::vector<ParameterUse> &Uses) {
  std::string Out;
  for (const ParameterUse &U : Uses)
    Out += format("    %s = %g (%s: %s)\n", U.Name.c_str(), U.Param.Value,
                  U.Param.Kind.c_str(), U.Param.Source.c_str());
  return Out;
}

std::string renderPowerModelsText(const KernelAnalysis &A, const GpuModel &Gpu,
                                  const PowerModelsResult &R) {
  const Evaluation &E = A.Requested;
  std::string Out = format(
      "kernel %s on %s: power models (HK09 time %.6g s on %u SMs, IPP "
      "temperature %.1f K; default model %s)\n",
      A.Profile.Name.c_str(), Gpu.Name.c_str(), E.Time.ExecTimeS, E.ActiveSms,
      A.Thermal.MaxTempC + 273.15, Gpu.PowerBackendName.c_str());
  Out += format("  %-20s %10s %10s %10s %10s %12s\n", "model", "total_w",
                "static_w", "constant_w", "dynamic_w", "energy_j");
  for (const ModelEstimate &P : R.Estimates) {
    if (P.Available)
      Out += format("  %-20s %10.3f %10.3f %10.3f %10.3f %12.6g\n",
                    P.Model.c_str(), P.TotalPowerW, P.StaticW, P.ConstantW,
                    P.DynamicW, P.EnergyJ);
    else
      Out += format("  %-20s %10s (parameters missing, see below)\n",
                    P.Model.c_str(), "-");
  }
  for (const ModelEstimate &P : R.Estimates) {
    Out += format("model %s\n", P.Model.c_str());
    if (!P.Available) {
      Out += "  not available for " + Gpu.Name + "; missing:\n";
      for (const std::string &M : P.MissingParameters)
        Out += "    " + M + "\n";
      continue;
    }
    Out += "  components_w";
    for (const PowerTerm &T : P.Terms)
      Out += format(" %s=%.4g(%s)", T.Name.c_str(), T.PowerW,
                    std::string(powerCategoryKey(T.Category)).c_str());
    Out += "\n  provenance\n" + provenanceLines(P.Provenance);
    for (const std::string &N : P.Notes)
      Out += "  note " + N + "\n";
  }
  const KernelFootprints &K = R.Footprints;
  Out += format("footprints (seed 004, priced with %s): %u of %u SMs busy, "
                "kernel %.6g s, core dynamic %.6g J, SM static %.6g J, "
                "static %.4g W/SM, %s\n",
                R.FootprintsPricedWith.c_str(), K.Sms.BusySms, K.Launch.NumSms,
                K.Sms.KernelTimeS, K.Sms.DynamicJ, K.Sms.StaticJ,
                K.Power.StaticPowerPerSmW,
                K.Power.PowerGating ? "idle SMs power-gated"
                                    : "idle SMs not power-gated");
  Out += provenanceLines(K.Provenance);
  Out += format("  %4s %8s %12s %12s %12s\n", "sm", "blocks", "work_s",
                "core_s", "energy_j");
  for (const SmFootprint &S : K.Sms.perSm())
    Out += format("  %4u %8llu %12.6g %12.6g %12.6g\n", S.Sm,
                  static_cast<unsigned long long>(S.Blocks), S.WorkS, S.CoreS,
                  S.energyJ());
  if (!K.Dvfs.Available) {
    Out += "per-SM DVFS: not computed; missing:\n";
    for (const std::string &M : K.Dvfs.MissingParameters)
      Out += "    " + M + "\n";
  } else {
    const DvfsPoint &P = K.Dvfs.AtReference;
    Out += format("per-SM DVFS (seed 004 §5): at no loss of time (%.6g s) "
                  "per-SM clocks use %.6g J vs %.6g J with all SMs at the "
                  "reference clock: %s\n",
                  P.TimeS, P.PerSmEnergyJ, P.AllSmsEnergyJ,
                  savingText(P.savingPct()).c_str());
    Out += "  clocks_mhz";
    for (double C : P.SmClockMhz)
      Out += format(" %g", C);
    Out += format("\n  pareto frontier (%zu points): all_sm_clock_mhz "
                  "time_s per_sm_energy_j saving\n",
                  K.Dvfs.Points.size());
    for (const DvfsPoint &Pt : K.Dvfs.Points)
      Out += format("    %g %.6g %.6g %s\n", Pt.AllSmClockMhz, Pt.TimeS,
                    Pt.PerSmEnergyJ, savingText(Pt.savingPct()).c_str());
    Out += provenanceLines(K.Dvfs.Provenance);
  }
  return Out;
}

void addPowerModelsJson(nlohmann::json &KernelReport,
                        const PowerModelsResult &R) {
  nlohmann::json Models = nlohmann::json::array();
  for (const ModelEstimate &P : R.Estimates)
    Models.push_back(powerEstimateJson(P));
  KernelReport["power_models"] = Models;
  KernelReport["footprints"] =
      footprintsJson(R.Footprints, R.FootprintsPricedWith);
}

} // namespace gpa::tool
