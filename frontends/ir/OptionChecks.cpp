//===- OptionChecks.cpp - Validation of the -gpa-* option values ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Separate from Options.cpp, which registers the cl::opts: `gpa analyze`
// links the analysis without registering the plugin's command-line options.
//
//===----------------------------------------------------------------------===//

#include "PluginOptions.h"

#include "gpa/Decision.h"
#include "gpa/Mechanism.h"
#include "gpa/runtime/LaunchAbi.h"

namespace gpa {

bool parseTripCountSpecs(const PluginOptions &O,
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

bool validatePluginOptions(const PluginOptions &O, std::string &Error) {
  if (O.BlockSize == 0) {
    Error = "-gpa-block-size must be at least 1";
    return false;
  }
  if (O.RegistersPerThread == 0) {
    Error = "-gpa-registers-per-thread must be at least 1";
    return false;
  }
  if (O.DefaultTripCount == 0) {
    Error = "-gpa-default-trip-count must be at least 1";
    return false;
  }
  std::vector<TripCountRule> Rules;
  if (!parseTripCountSpecs(O, Rules, Error))
    return false;
  if (O.GpuGiven && O.Gpu.empty()) {
    Error = "-gpa-gpu needs a model name or file";
    return false;
  }
  if (O.ReportGiven && O.ReportFile.empty()) {
    Error = "-gpa-report needs a file name";
    return false;
  }
  if (O.BudgetGiven && O.BudgetFile.empty()) {
    Error = "-gpa-budget needs a file name";
    return false;
  }
  launch_abi::RewriteMode Mode;
  if (!launch_abi::parseRewriteMode(O.RewriteMode, Mode)) {
    Error = "-gpa-rewrite-mode must be grid, sm or auto, not '" +
            O.RewriteMode + "'";
    return false;
  }
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

AnalysisOptions modelOptions(const PluginOptions &O, bool GridIndependent) {
  AnalysisOptions M;
  M.WithSweep = O.WithSweep;
  M.Policy.Goal = parseObjective(O.Objective).value_or(Objective::Energy);
  M.Policy.MaxSlowdownPct = O.MaxSlowdownPct;
  M.Policy.MinSavingPct = O.MinSavingPct;
  M.Policy.MaxPowerW = O.MaxPowerW;
  if (auto Mech = parseMechanism(O.Mechanism))
    M.Mech = *Mech;
  else // auto: what the launch rewrite would apply to this kernel
    M.Mech = O.RewriteGrid && GridIndependent && O.RewriteMode != "sm"
                 ? Mechanism::Grid
                 : Mechanism::Sm;
  return M;
}

} // namespace gpa
