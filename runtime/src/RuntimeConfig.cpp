//===- RuntimeConfig.cpp - Environment switches ---------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/RuntimeConfig.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace gpa::runtime {

static bool isOn(const char *Value) {
  if (!Value)
    return false;
  std::string V(Value);
  std::transform(V.begin(), V.end(), V.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return !(V.empty() || V == "0" || V == "false" || V == "off" || V == "no");
}

RuntimeConfig readRuntimeConfig(const EnvLookup &Lookup) {
  RuntimeConfig C;
  C.Disabled = isOn(Lookup("GPA_DISABLE"));
  C.Log = isOn(Lookup("GPA_LOG"));
  if (const char *Model = Lookup("GPA_MODEL"))
    C.ModelFile = Model;
  if (const char *Goal = Lookup("GPA_OBJECTIVE")) {
    if (auto O = parseObjective(Goal))
      C.Policy.Goal = *O;
    else
      C.Warnings.push_back(std::string("GPA_OBJECTIVE='") + Goal +
                           "' is not energy, edp, gips_per_w or time; using "
                           "energy");
  }
  auto Number = [&](const char *Name, double &Into) {
    const char *Text = Lookup(Name);
    if (!Text)
      return;
    char *End = nullptr;
    double V = std::strtod(Text, &End);
    double Saved = Into;
    Into = V;
    std::string Error;
    if (End == Text || *End != '\0' || !validatePolicy(C.Policy, Error)) {
      Into = Saved;
      C.Warnings.push_back(std::string(Name) + "='" + Text +
                           "' is not a valid value; keeping the default");
    }
  };
  Number("GPA_MAX_SLOWDOWN", C.Policy.MaxSlowdownPct);
  Number("GPA_MIN_SAVING", C.Policy.MinSavingPct);
  Number("GPA_MAX_POWER_W", C.Policy.MaxPowerW);
  return C;
}

} // namespace gpa::runtime
