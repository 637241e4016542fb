//===- KernelFields.cpp - The per-kernel fields renderers share ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "gpa/KernelFields.h"

#include "gpa/CanonicalJson.h"
#include "gpa/Report.h"

#include <cmath>
#include <cstdio>

namespace gpa {

const std::vector<KernelFieldInfo> &kernelFields() {
  static const std::vector<KernelFieldInfo> Fields = {
#define GPA_KERNEL_FIELD(Id, Key, Unit, Value, Format)                         \
  {KernelField::Id, Key, Unit, FieldFormat::Format},
#include "gpa/KernelFields.def"
  };
  return Fields;
}

const KernelFieldInfo &kernelFieldInfo(KernelField F) {
  return kernelFields()[static_cast<std::size_t>(F)];
}

double kernelFieldValue(KernelField F, const KernelAnalysis &A) {
  switch (F) {
#define GPA_KERNEL_FIELD(Id, Key, Unit, Value, Format)                         \
  case KernelField::Id:                                                        \
    return Value;
#include "gpa/KernelFields.def"
  }
  return 0;
}

std::string kernelFieldText(KernelField F, const KernelAnalysis &A) {
  double V = kernelFieldValue(F, A);
  if (!std::isfinite(V))
    V = 0;
  char Buffer[64];
  switch (kernelFieldInfo(F).Format) {
  case FieldFormat::Integer:
    std::snprintf(Buffer, sizeof Buffer, "%.0f", V);
    break;
  case FieldFormat::Fixed2:
    std::snprintf(Buffer, sizeof Buffer, "%.2f", V);
    break;
  case FieldFormat::Fixed4:
    std::snprintf(Buffer, sizeof Buffer, "%.4f", V);
    break;
  case FieldFormat::Scientific3:
    std::snprintf(Buffer, sizeof Buffer, "%.3e", V);
    break;
  case FieldFormat::Flag:
    return V != 0 ? "true" : "false";
  }
  return Buffer;
}

std::string kernelFieldCsv(KernelField F, const KernelAnalysis &A) {
  double V = kernelFieldValue(F, A);
  if (kernelFieldInfo(F).Format == FieldFormat::Flag)
    return V != 0 ? "true" : "false";
  return formatNumber(V);
}

} // namespace gpa
