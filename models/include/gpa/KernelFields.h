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

#include <string>
#include <vector>

namespace gpa {

enum class KernelField {
#define GPA_KERNEL_FIELD(Id, Key, Unit, Value, Format) Id,
#include "gpa/KernelFields.def"
};

enum class FieldFormat { Integer, Fixed2, Fixed4, Scientific3, Flag };

struct KernelFieldInfo {
  KernelField Id;
  const char *Key;
  const char *Unit;
  FieldFormat Format;
};

/// Every field, in KernelFields.def's order.
const std::vector<KernelFieldInfo> &kernelFields();

const KernelFieldInfo &kernelFieldInfo(KernelField F);

double kernelFieldValue(KernelField F, const KernelAnalysis &A);

/// The value in the field's format ("%.2f", "%.3e", an integer, true/false);
/// a non-finite number is written as 0 (the printer's rule).
std::string kernelFieldText(KernelField F, const KernelAnalysis &A);

/// The value as the CSV writes it: formatNumber, or true/false.
std::string kernelFieldCsv(KernelField F, const KernelAnalysis &A);

} // namespace gpa

#endif
