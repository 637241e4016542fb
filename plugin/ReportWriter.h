//===- ReportWriter.h - The plugin's gpa-report/1 JSON file -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The plugin's JSON report. Like BudgetDiagnostics and DeviceHandoff, which
// also use nlohmann_json, it catches every exception nlohmann or the model
// library might throw and returns an error instead.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_REPORTWRITER_H
#define GPA_PLUGIN_REPORTWRITER_H

#include "KernelResult.h"

#include "gpa/GpuModel.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa {

/// The report file name for -gpa-report=\p Pattern: every "%arch" becomes
/// \p Arch ("sm_80"; "nvptx" when the module has no target-cpu).
std::string reportFileName(const std::string &Pattern, const std::string &Arch);

/// The report text: gpa::reportJson plus, per kernel, counts_per_thread,
/// location, assumptions and demangled, in canonical (deterministic) JSON.
/// The gpa-report/1 document with the plugin's per-kernel fields; never
/// throws.
bool buildReport(const GpuModel &Gpu, const std::vector<KernelResult> &Kernels,
                 nlohmann::json &Doc, std::string &Error);

bool renderReport(const GpuModel &Gpu, const std::vector<KernelResult> &Kernels,
                  std::string &Text, std::string &Error);

/// Renders and writes the report to \p File.
bool writeReport(const std::string &File, const GpuModel &Gpu,
                 const std::vector<KernelResult> &Kernels, std::string &Error);

} // namespace gpa

#endif // GPA_PLUGIN_REPORTWRITER_H
