//===- PowerModelsText.h - `gpa model --power-model` output ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_POWERMODELSTEXT_H
#define GPA_TOOL_POWERMODELSTEXT_H

#include "gpa/PowerModels.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa::tool {

/// What `--power-model NAME|all|default` asked for, for one kernel.
struct PowerModelsResult {
  std::vector<ModelEstimate> Estimates;
  KernelFootprints Footprints;
  std::string FootprintsPricedWith;
};

/// Resolves Selection ("all", "default" or a model name) against Gpu and
/// evaluates every selected model. Returns false with Error for an unknown
/// name.
bool evaluatePowerModels(const std::string &Selection, const KernelAnalysis &A,
                         const GpuModel &Gpu, PowerModelsResult &Out,
                         std::string &Error);

/// The models side by side, each with its breakdown and provenance, or the
/// parameters it is missing; then seed 004's per-SM footprints.
std::string renderPowerModelsText(const KernelAnalysis &A, const GpuModel &Gpu,
                                  const PowerModelsResult &R);

/// The same as JSON members for the kernel's report object.
void addPowerModelsJson(nlohmann::json &KernelReport,
                        const PowerModelsResult &R);

} // namespace gpa::tool

#endif
