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

#include "gpa/AnalyzedKernel.h"
#include "gpa/GpuModel.h"

#include <fstream>
#include <memory>
#include <string>

namespace gpa {

/// The report file name for -gpa-report=\p Pattern: every "%arch" becomes
/// \p Arch ("sm_80"; "nvptx" when the module has no target-cpu).
std::string reportFileName(const std::string &Pattern, const std::string &Arch);

/// Writes the gpa-report/1 document to File one kernel at a time
/// (gpa::ReportStream), so that no kernel is kept once written: into a
/// temporary file beside File, renamed to File by finish(). Never throws;
/// leaves no half-written file (a failed or abandoned report is removed,
/// and File is only replaced by a whole one).
/// Writes Text to File through a temporary file and a rename, so that no
/// reader ever sees half a report and no report is edited in place. False
/// with Error ("-gpa-report=FILE: why") when it cannot.
bool writeReportFile(const std::string &File, const std::string &Text,
                     std::string &Error);

class ReportFileWriter {
public:
  explicit ReportFileWriter(std::string File);
  ~ReportFileWriter();
  /// The first call opens the file and writes the model (Gpu) once.
  void add(const AnalyzedKernel &K, const GpuModel &Gpu);
  /// Completes the document; false with Error when anything failed. With
  /// no kernel added, nothing is written.
  bool finish(std::string &Error);

private:
  std::string File, Tmp, Error;
  std::ofstream OS;
  std::unique_ptr<ReportStream> Report;
  void fail(std::string Why);
};

} // namespace gpa

#endif // GPA_PLUGIN_REPORTWRITER_H
