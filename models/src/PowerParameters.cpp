//===- PowerParameters.cpp - Named, sourced power-model parameters --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerParameters.h"

#include <algorithm>

namespace gpa {

double ParameterLookup::get(const std::string &Name) {
  auto It = Params ? Params->find(Name) : PowerParameters::const_iterator();
  if (!Params || It == Params->end()) {
    std::string Full = Section + "." + Name;
    if (std::find(Missing.begin(), Missing.end(), Full) == Missing.end())
      Missing.push_back(Full);
    return 0;
  }
  auto Seen =
      std::find_if(Used.begin(), Used.end(),
                   [&](const ParameterUse &U) { return U.Name == Name; });
  if (Seen == Used.end())
    Used.push_back({Name, It->second});
  return It->second.Value;
}

bool ParameterLookup::has(const std::string &Name) const {
  return Params && Params->count(Name) != 0;
}

void parsePowerParameters(JsonReader &R, const nlohmann::json &Section,
                          const std::string &Path,
                          const std::vector<std::string> &Known,
                          PowerParameters &Out) {
  if (!Section.is_object()) {
    R.fail(Path, "an object of parameters");
    return;
  }
  for (auto It = Section.begin(); It != Section.end(); ++It) {
    std::string P = childPath(Path, It.key());
    if (std::find(Known.begin(), Known.end(), It.key()) == Known.end()) {
      std::string List;
      for (const std::string &K : Known)
        List += (List.empty() ? "" : ", ") + K;
      R.fail(P, "a known parameter name (" + List + ")");
      return;
    }
    const nlohmann::json &Param = It.value();
    if (!Param.is_object()) {
      R.fail(P, "an object {\"value\": ..., \"kind\": ..., \"source\": ...}");
      return;
    }
    R.rejectUnknownKeys(Param, P, "value,kind,source");
    PowerParameter Out1;
    if (const nlohmann::json *V = R.member(Param, P, "value", true))
      if (auto N = R.number(*V, childPath(P, "value"), -1e12, 1e12))
        Out1.Value = *N;
    if (const nlohmann::json *K = R.member(Param, P, "kind", true))
      if (auto S = R.string(*K, childPath(P, "kind"))) {
        if (*S != "given" && *S != "derived" && *S != "assumed" &&
            *S != "constant" && *S != "calibrated")
          R.fail(childPath(P, "kind"),
                 "one of given, derived, assumed, constant, calibrated");
        Out1.Kind = *S;
      }
    if (const nlohmann::json *S = R.member(Param, P, "source", true))
      if (auto Str = R.string(*S, childPath(P, "source"))) {
        if (Str->empty())
          R.fail(childPath(P, "source"),
                 "a non-empty note saying where the value comes from");
        Out1.Source = *Str;
      }
    if (!R.ok())
      return;
    Out[It.key()] = Out1;
  }
}

} // namespace gpa
