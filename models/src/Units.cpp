//===- Units.cpp - Instruction unit table --------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Units.h"

namespace gpa {

std::optional<Unit> unitFromKey(std::string_view Key) {
  for (const UnitInfo &Info : allUnits())
    if (Info.Key == Key)
      return Info.Id;
  return std::nullopt;
}

} // namespace gpa
