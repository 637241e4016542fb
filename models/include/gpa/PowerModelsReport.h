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

/// The report's "power" object for an evaluation: IPP's fields when the
/// backend is ipp, the backend's breakdown otherwise; "model" names it.
nlohmann::json evaluationPowerJson(const Evaluation &E);

/// The report's "sm_footprints" object: seed 004's per-SM energy of the
/// requested configuration (SMs with equal footprints grouped), how it was
/// priced, and the per-SM clock frontier where the GPU model has clocks.
nlohmann::json smFootprintsJson(const KernelAnalysis &A, const GpuModel &Gpu);

} // namespace gpa

#endif
