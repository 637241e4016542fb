//===- RuntimeConfig.cpp - Environment switches ---------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/RuntimeConfig.h"

#include <algorithm>
#include <cctype>

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
  return C;
}

} // namespace gpa::runtime
