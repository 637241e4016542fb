//===- Report.h - The gpa-report/1 document ---------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Builds the report documented in models/schema/gpa-report.schema.json and
// docs/report-format.md. The plugin adds its own per-kernel fields
// (counts_per_thread, location, assumptions, demangled) to the same objects.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_REPORT_H
#define GPA_REPORT_H

#include "gpa/Analysis.h"
#include "gpa/GpuModel.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa {

constexpr const char *ReportSchema = "gpa-report/1";

/// One element of the report's "kernels" array. counts_per_thread holds the
/// memory-access facts too unless MemoryInCounts is false (the IR
/// front-end's kernels report them in a "memory" section: AnalyzedKernel.h).
nlohmann::json kernelReportJson(const KernelAnalysis &A, const GpuModel &Gpu,
                                bool MemoryInCounts = true);

/// The report's `clock_advice` (docs/report-format.md): the clock
/// decision, present when the analysis was asked for it.
nlohmann::json clockDecisionJson(const ClockDecision &D);

/// One row of a sweep.
nlohmann::json sweepPointJson(const SweepPoint &E);

/// The whole report for a set of kernels analysed on one GPU.
nlohmann::json reportJson(const GpuModel &Gpu,
                          const std::vector<KernelAnalysis> &Kernels);

/// Case number (1-3, 0 for an empty kernel) as printed in reports.
int timingCaseNumber(TimingCase Case);

} // namespace gpa

#endif
