//===- KernelFields.h - The per-kernel fields renderers share --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The fields of gpa/KernelFields.def as a list: key, unit, value and
// format, so the CSV writes its header and columns from it and the other
// renderers take each value from the one definition.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_KERNELFIELDS_H
#define GPA_KERNELFIELDS_H

#include "gpa/Analysis.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa {

enum class KernelField {
#define GPA_KERNEL_FIELD(Id, Key, Unit, Value, Format, JsonPath, RemarkKey) Id,
#include "gpa/KernelFields.def"
};

enum class FieldFormat {
  Integer,
  Fixed2,
  Fixed4,
  Scientific3,
  Flag,
  OptionalInteger, // NaN: none
  OptionalFixed1
};

struct KernelFieldInfo {
  KernelField Id;
  const char *Key;
  const char *Unit;
  FieldFormat Format;
  const char *JsonPath;  // "launch.blocks"; "" when the report has none
  const char *RemarkKey; // the remark argument; "" when no remark shows it
};

/// Every field, in KernelFields.def's order.
const std::vector<KernelFieldInfo> &kernelFields();

const KernelFieldInfo &kernelFieldInfo(KernelField F);

double kernelFieldValue(KernelField F, const KernelAnalysis &A);

/// The clock decision's figures as fields (NaN where there is none).
enum class ClockValue { CoreMhz, MemMhz, EnergySavingPct };
double clockDecisionValue(const KernelAnalysis &A, ClockValue V);

/// The value in the field's format ("%.2f", "%.3e", an integer, true/false);
/// a non-finite number is written as 0 (the printer's rule), "none" in the
/// optional formats.
std::string kernelFieldText(KernelField F, const KernelAnalysis &A);

/// The value as the CSV writes it: formatNumber, or true/false; an
/// optional field without a value is empty.
std::string kernelFieldCsv(KernelField F, const KernelAnalysis &A);

/// Writes every field with a JsonPath into \p Kernel, the report's kernel
/// object: integers as integers, flags as booleans, the rest as numbers;
/// an optional field without a value is left out.
void setKernelFieldsJson(nlohmann::json &Kernel, const KernelAnalysis &A);

} // namespace gpa

#endif
