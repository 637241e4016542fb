//===- ReportWriter.h - The plugin's gpa-report/1 JSON file -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The plugin's JSON report, rendered by gpa::ReportStream
// (gpa/AnalyzedKernel.h). It catches every exception nlohmann or the model
// library might throw and returns an error instead.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_REPORTWRITER_H
#define GPA_PLUGIN_REPORTWRITER_H

#include "KernelResult.h"

#include "gpa/GpuModel.h"

#include <string>
#include <vector>

namespace gpa {

/// The report file name for -gpa-report=\p Pattern: every "%arch" becomes
/// \p Arch ("sm_80"; "nvptx" when the module has no target-cpu).
std::string reportFileName(const std::string &Pattern, const std::string &Arch);

/// Writes the gpa-report/1 document to \p File, one kernel at a time
/// (gpa::ReportStream over each kernel's AnalyzedKernel); never throws, and
/// leaves no half-written file.
bool writeReport(const std::string &File, const GpuModel &Gpu,
                 const std::vector<KernelResult> &Kernels, std::string &Error);

} // namespace gpa

#endif // GPA_PLUGIN_REPORTWRITER_H
