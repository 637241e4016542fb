//===- Units.cpp - Instruction unit table --------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Units.h"

namespace gpa {

const std::array<UnitInfo, NumUnits> &allUnits() {
  static const std::array<UnitInfo, NumUnits> Table = {{
#define GPA_UNIT(Enum, Key, Mem, Reg, Pow) {Unit::Enum, Key, Mem, Reg, Pow},
#include "gpa/Units.def"
  }};
  return Table;
}

const UnitInfo &unitInfo(Unit U) { return allUnits()[index(U)]; }

std::optional<Unit> unitFromKey(std::string_view Key) {
  for (const UnitInfo &Info : allUnits())
    if (Info.Key == Key)
      return Info.Id;
  return std::nullopt;
}

} // namespace gpa
