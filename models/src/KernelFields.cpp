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
#define GPA_KERNEL_FIELD(Id, Key, Unit, Value, Format, JsonPath, RemarkKey)    \
  {KernelField::Id, Key, Unit, FieldFormat::Format, JsonPath, RemarkKey},
#include "gpa/KernelFields.def"
  };
  return Fields;
}

const KernelFieldInfo &kernelFieldInfo(KernelField F) {
  return kernelFields()[static_cast<std::size_t>(F)];
}

double kernelFieldValue(KernelField F, const KernelAnalysis &A) {
  switch (F) {
#define GPA_KERNEL_FIELD(Id, Key, Unit, Value, Format, JsonPath, RemarkKey)    \
  case KernelField::Id:                                                        \
    return Value;
#include "gpa/KernelFields.def"
  }
  return 0;
}

double clockDecisionValue(const KernelAnalysis &A, ClockValue V) {
  if (!A.Clock || !A.Clock->Available)
    return std::nan("");
  const ClockChoice &C = A.Clock->Choice;
  switch (V) {
  case ClockValue::CoreMhz:
    return C.Chosen.CoreMhz;
  case ClockValue::MemMhz:
    return A.Clock->Dvfs ? C.Chosen.MemMhz : std::nan("");
  case ClockValue::EnergySavingPct:
    return C.EnergySavingPct;
  }
  return std::nan("");
}

static bool isOptional(FieldFormat F) {
  return F == FieldFormat::OptionalInteger || F == FieldFormat::OptionalFixed1;
}

std::string kernelFieldText(KernelField F, const KernelAnalysis &A) {
  double V = kernelFieldValue(F, A);
  FieldFormat Format = kernelFieldInfo(F).Format;
  if (!std::isfinite(V)) {
    if (isOptional(Format))
      return "none";
    V = 0;
  }
  char Buffer[64];
  switch (Format) {
  case FieldFormat::Integer:
  case FieldFormat::OptionalInteger:
    std::snprintf(Buffer, sizeof Buffer, "%.0f", V);
    break;
  case FieldFormat::OptionalFixed1:
    std::snprintf(Buffer, sizeof Buffer, "%.1f", V);
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
  FieldFormat Format = kernelFieldInfo(F).Format;
  if (Format == FieldFormat::Flag)
    return V != 0 ? "true" : "false";
  if (isOptional(Format) && !std::isfinite(V))
    return "";
  return formatNumber(V);
}

void setKernelFieldsJson(nlohmann::json &Kernel, const KernelAnalysis &A) {
  for (const KernelFieldInfo &F : kernelFields()) {
    if (!*F.JsonPath)
      continue;
    double V = kernelFieldValue(F.Id, A);
    if (isOptional(F.Format) && std::isnan(V))
      continue;
    nlohmann::json *At = &Kernel;
    std::string Path = F.JsonPath;
    for (std::size_t Dot; (Dot = Path.find('.')) != std::string::npos;
         Path = Path.substr(Dot + 1))
      At = &(*At)[Path.substr(0, Dot)];
    if (F.Format == FieldFormat::Flag)
      (*At)[Path] = V != 0;
    else if (F.Format == FieldFormat::Integer ||
             F.Format == FieldFormat::OptionalInteger)
      (*At)[Path] = static_cast<std::uint64_t>(V);
    else
      (*At)[Path] = V;
  }
}

} // namespace gpa
