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
  for (const SmFootprint &S : K.Sms.perSm())
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

json evaluationPowerJson(const Evaluation &E) {
  const PowerEstimate &W = E.Est;
  json Components = json::object(), Rates = json::object();
  if (W.Backend == "ipp") {
    const Power &P = E.Pow;
    for (std::size_t C = 0; C < NumPowerComponents; ++C) {
      if (!powerComponentReported(C))
        continue;
      std::string Key(powerComponentKey(C));
      Components[Key] = P.ComponentW[C];
      if (C != ConstSmComponent)
        Rates[Key] = P.AccessRate[C];
    }
    return {{"model", "ipp"},
            {"provenance", std::string(W.Provenance)},
            {"runtime_power_w", P.RuntimePowerW},
            {"idle_power_w", P.IdlePowerW},
            {"total_power_w", P.TotalPowerW},
            {"components_w", Components},
            {"access_rates", Rates},
            {"warps_per_sm", P.WarpsPerSm},
            {"active_sm_scale", P.ActiveSmScale}};
  }
  // Runtime power is everything above static power: the constant term and
  // the components.
  Components["constant"] = W.ConstantPowerW;
  for (const ComponentPowerW &C : W.Components)
    Components[std::string(C.Key)] = C.PowerW;
  // The dvfs backend's access rates: seed 002 Eq. 7-8 utilisations, the U_i
  // its Eq. 5-6 price (what CUPTI-measured utilisations compare with).
  for (const ComponentUtilisation &C : W.Utilisations)
    Rates[std::string(C.Key)] = C.Utilisation;
  return {{"model", W.Backend},
          {"provenance", std::string(W.Provenance)},
          {"runtime_power_w", W.TotalPowerW - W.StaticPowerW},
          {"idle_power_w", W.StaticPowerW},
          {"total_power_w", W.TotalPowerW},
          {"static_power_w", W.StaticPowerW},
          {"constant_power_w", W.ConstantPowerW},
          {"dynamic_power_w", W.DynamicPowerW},
          {"core_mhz", W.CoreMhz},
          {"mem_mhz", W.MemMhz},
          {"components_w", Components},
          {"access_rates", Rates},
          {"parameters", provenanceJson(W.Parameters)}};
}

json smFootprintsJson(const KernelAnalysis &A, const GpuModel &Gpu) {
  const Evaluation &E = A.Requested;
  const SmEnergy &S = E.Sms;
  const DvfsFrontier &D = A.SmClocks;
  std::vector<SmFootprint> Sms = S.Sms.perSm();
  bool Clocks = D.Available && D.AtReference.SmClockMhz.size() == Sms.size();
  // Runs of consecutive SMs with the same blocks (and per-SM clock): the
  // breadth-first scheduler gives at most three (busier, the rest, idle).
  json Groups = json::array();
  for (std::size_t I = 0; I < Sms.size();) {
    const SmFootprint &F = Sms[I];
    std::size_t J = I + 1;
    while (
        J < Sms.size() && Sms[J].Blocks == F.Blocks &&
        (!Clocks || D.AtReference.SmClockMhz[J] == D.AtReference.SmClockMhz[I]))
      ++J;
    json G = {{"first_sm", F.Sm},      {"last_sm", Sms[J - 1].Sm},
              {"blocks", F.Blocks},    {"work_s", F.WorkS},
              {"core_s", F.CoreS},     {"dynamic_j", F.DynamicJ},
              {"static_j", F.StaticJ}, {"energy_j", F.energyJ()}};
    if (Clocks)
      G["no_time_loss_clock_mhz"] = D.AtReference.SmClockMhz[I];
    Groups.push_back(G);
    I = J;
  }
  json J = {
      {"priced_with", std::string(E.Est.Backend)},
      {"gpu_sms", Sms.size()},
      {"busy_sms", S.Sms.BusySms},
      {"kernel_time_s", S.Sms.KernelTimeS},
      {"core_dynamic_j", S.Sms.DynamicJ},
      {"sm_static_j", S.Sms.StaticJ},
      {"uncore_w", S.UncoreW},
      {"uncore_j", S.UncoreJ},
      {"energy_j", S.EnergyJ},
      {"average_power_w", E.TotalPowerW},
      {"static_power_per_sm_w", S.Power.StaticPowerPerSmW},
      {"power_gating", S.Power.PowerGating},
      {"provenance", provenanceJson(smStaticModel(Gpu, E.Est).Provenance)},
      {"sms", Groups}};
  json P = {{"available", D.Available}};
  if (!D.Available) {
    P["missing_parameters"] = D.MissingParameters;
  } else {
    json Points = json::array();
    for (const DvfsPoint &Pt : D.Points)
      Points.push_back({{"all_sm_clock_mhz", Pt.AllSmClockMhz},
                        {"time_s", Pt.TimeS},
                        {"all_sms_energy_j", Pt.AllSmsEnergyJ},
                        {"per_sm_energy_j", Pt.PerSmEnergyJ},
                        {"saving_pct", Pt.savingPct()}});
    const DvfsPoint &R = D.AtReference;
    P["frontier"] = Points;
    P["no_time_loss"] = {{"time_s", R.TimeS},
                         {"all_sms_energy_j", R.AllSmsEnergyJ},
                         {"per_sm_energy_j", R.PerSmEnergyJ},
                         {"saving_pct", R.savingPct()}};
    P["provenance"] = provenanceJson(D.Provenance);
  }
  J["per_sm_dvfs"] = P;
  return J;
}

} // namespace gpa
