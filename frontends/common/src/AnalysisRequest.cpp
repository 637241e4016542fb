//===- AnalysisRequest.cpp - Checks of an analysis request ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/common/AnalysisRequest.h"

#include "gpa/Decision.h"
#include "gpa/Mechanism.h"

namespace gpa {

bool parseTripCountSpecs(const AnalysisRequest &O,
                         std::vector<TripCountRule> &Rules,
                         std::string &Error) {
  for (const std::string &Spec : O.TripCountSpecs) {
    TripCountRule R;
    if (!parseTripCountRule(Spec, R, Error)) {
      Error = "-gpa-trip-count: " + Error;
      return false;
    }
    Rules.push_back(R);
  }
  return true;
}

bool validateAnalysisRequest(const AnalysisRequest &O, std::string &Error) {
  if (O.BlockSize && *O.BlockSize == 0) {
    Error = "-gpa-block-size must be at least 1";
    return false;
  }
  if (O.RegistersPerThread && *O.RegistersPerThread == 0) {
    Error = "-gpa-registers-per-thread must be at least 1";
    return false;
  }
  if (O.DefaultTripCount && *O.DefaultTripCount == 0) {
    Error = "-gpa-default-trip-count must be at least 1";
    return false;
  }
  std::vector<TripCountRule> Rules;
  if (!parseTripCountSpecs(O, Rules, Error))
    return false;
  if (!parseObjective(O.Objective)) {
    Error = "-gpa-objective must be energy, edp, gips_per_w or time, not '" +
            O.Objective + "'";
    return false;
  }
  if (O.Mechanism != "auto" && !parseMechanism(O.Mechanism)) {
    Error = "-gpa-mechanism must be auto, sm, grid or paper, not '" +
            O.Mechanism + "'";
    return false;
  }
  DecisionPolicy Policy;
  Policy.MaxSlowdownPct = O.MaxSlowdownPct;
  Policy.MinSavingPct = O.MinSavingPct;
  Policy.MaxPowerW = O.MaxPowerW;
  if (!validatePolicy(Policy, Error)) {
    Error = "-gpa-" + Error;
    for (char &C : Error)
      if (C == '_')
        C = '-';
    return false;
  }
  return true;
}

AnalysisOptions modelOptions(const AnalysisRequest &O, bool GridIndependent) {
  AnalysisOptions M;
  M.WithSweep = O.WithSweep;
  M.WithClockAdvice = O.WithClockAdvice;
  M.Policy.Goal = parseObjective(O.Objective).value_or(Objective::Energy);
  M.Policy.MaxSlowdownPct = O.MaxSlowdownPct;
  M.Policy.MinSavingPct = O.MinSavingPct;
  M.Policy.MaxPowerW = O.MaxPowerW;
  if (auto Mech = parseMechanism(O.Mechanism))
    M.Mech = *Mech;
  else // auto: what the launch rewrite would apply to this kernel
    M.Mech = O.AutoMechanismIsGrid && GridIndependent ? Mechanism::Grid
                                                      : Mechanism::Sm;
  return M;
}

} // namespace gpa
