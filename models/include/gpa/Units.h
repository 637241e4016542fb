//===- Units.h - Instruction units and their properties ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The units a kernel's dynamic instructions are counted in, generated from
// Units.def so profiles, models and reports agree on one list.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_UNITS_H
#define GPA_UNITS_H

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace gpa {

enum class Unit {
#define GPA_UNIT(Enum, Key, Mem, Reg, Pow) Enum,
#include "gpa/Units.def"
};

constexpr std::size_t NumUnits = 0
#define GPA_UNIT(Enum, Key, Mem, Reg, Pow) +1
#include "gpa/Units.def"
    ;

struct UnitInfo {
  Unit Id;
  std::string_view Key;
  bool IsTimingMemory;
  bool ReadsRegisters;
  bool HasPower;
};

/// The unit table, a constant the compiler sees: the model's per-unit loops
/// (every evaluation of a sweep runs several) unroll and keep only the units
/// each one sums (docs/architecture.md "Cost").
inline constexpr std::array<UnitInfo, NumUnits> UnitTable = {{
#define GPA_UNIT(Enum, Key, Mem, Reg, Pow) {Unit::Enum, Key, Mem, Reg, Pow},
#include "gpa/Units.def"
}};

inline std::size_t index(Unit U) { return static_cast<std::size_t>(U); }

/// All units in declaration order (the order of Units.def).
inline const std::array<UnitInfo, NumUnits> &allUnits() { return UnitTable; }
inline const UnitInfo &unitInfo(Unit U) { return UnitTable[index(U)]; }
std::optional<Unit> unitFromKey(std::string_view Key);

/// A count (or any value) per unit.
using PerUnit = std::array<double, NumUnits>;

} // namespace gpa

#endif
