//===- PowerModelsReport.cpp - Power models in reports --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerModelsReport.h"

namespace gpa {

using nlohmann::json;

static json provenanceJson(const std::vector<ParameterUse> &Uses) {
  json P = json::object();
  for (const ParameterUse &U : Uses)
    P[U.Name] = {{"value", U.Param.Value},
                 {"kind", U.Param.Kind},
                 {"source", U.Param.Source}};
  return P;
}

json powerEstimateJson(const ModelEstimate &E) {
  json J = {{"model", E.Model}, {"available", E.Available}};
  if (!E.Available) {
    J["missing_parameters"] = E.MissingParameters;
    return J;
  }
  json Terms = json::object();
  for (const PowerTerm &T : E.Terms)
    Terms[T.Name] = {{"category", std::string(powerCategoryKey(T.Category))},
                     {"power_w", T.PowerW}};
  J["exec_time_s"] = E.ExecTimeS;
  J["total_power_w"] = E.TotalPowerW;
  J["static_w"] = E.StaticW;
  J["constant_w"] = E.ConstantW;
  J["dynamic_w"] = E.DynamicW;
  J["energy_j"] = E.EnergyJ;
  J["components_w"] = Terms;
  J["provenance"] = provenanceJson(E.Provenance);
  J["notes"] = E.Notes;
  return J;
}

json footprintsJson(const KernelFootprints &K, const std::string &PricedWith) {
  json Sms = json::array();
  for (const SmFootprint &S : K.Sms.Sms)
    Sms.push_back({{"sm", S.Sm},
                   {"blocks", S.Blocks},
                   {"work_s", S.WorkS},
                   {"core_s", S.CoreS},
                   {"dynamic_j", S.DynamicJ},
                   {"static_j", S.StaticJ},
                   {"energy_j", S.energyJ()}});
  json J = {{"priced_with", PricedWith},
            {"kernel_time_s", K.Sms.KernelTimeS},
            {"busy_sms", K.Sms.BusySms},
            {"core_dynamic_j", K.Sms.DynamicJ},
            {"sm_static_j", K.Sms.StaticJ},
            {"uncore_w", K.UncoreW},
            {"static_power_per_sm_w", K.Power.StaticPowerPerSmW},
            {"power_gating", K.Power.PowerGating},
            {"provenance", provenanceJson(K.Provenance)},
            {"sms", Sms}};
  json D = {{"available", K.Dvfs.Available}};
  if (!K.Dvfs.Available) {
    D["missing_parameters"] = K.Dvfs.MissingParameters;
  } else {
    json Points = json::array();
    for (const DvfsPoint &P : K.Dvfs.Points)
      Points.push_back({{"all_sm_clock_mhz", P.AllSmClockMhz},
                        {"time_s", P.TimeS},
                        {"all_sms_energy_j", P.AllSmsEnergyJ},
                        {"per_sm_energy_j", P.PerSmEnergyJ},
                        {"saving_pct", P.savingPct()}});
    const DvfsPoint &R = K.Dvfs.AtReference;
    D["frontier"] = Points;
    D["no_time_loss"] = {{"time_s", R.TimeS},
                         {"all_sms_energy_j", R.AllSmsEnergyJ},
                         {"per_sm_energy_j", R.PerSmEnergyJ},
                         {"saving_pct", R.savingPct()},
                         {"sm_clock_mhz", R.SmClockMhz}};
    D["provenance"] = provenanceJson(K.Dvfs.Provenance);
  }
  J["per_sm_dvfs"] = D;
  return J;
}

} // namespace gpa
