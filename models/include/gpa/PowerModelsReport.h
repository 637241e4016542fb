//===- PowerModelsReport.h - Power models in reports ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// JSON for `gpa model --power-model NAME|all --format json`: each model's
// estimate (or its missing parameters) with provenance, and seed 004's
// per-SM footprints and per-SM DVFS frontier.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERMODELSREPORT_H
#define GPA_POWERMODELSREPORT_H

#include "gpa/PowerModels.h"

#include <nlohmann/json.hpp>

namespace gpa {

nlohmann::json powerEstimateJson(const ModelEstimate &E);
nlohmann::json footprintsJson(const KernelFootprints &F,
                              const std::string &PricedWith);

} // namespace gpa

#endif
