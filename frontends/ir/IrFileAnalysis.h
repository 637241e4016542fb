//===- IrFileAnalysis.h - `gpa analyze` on .ll/.bc files -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR front-end's module analysis run on an NVPTX IR file, for the CLI. The
// header has no LLVM types, so the CLI compiles without LLVM's flags.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_IRFILEANALYSIS_H
#define GPA_FRONTENDS_IR_IRFILEANALYSIS_H

#include "gpa/common/AnalysisRequest.h"

#include "gpa/AnalyzedKernel.h"
#include "gpa/AnalyzedKernelSink.h"

#include <string>
#include <vector>

namespace gpa {

/// Parses Path (textual .ll or bitcode .bc), analyses every kernel and
/// passes each typed result to Sink, with the GPU model it used, as soon as
/// it is ready (the module's results are never held together). Per-kernel
/// problems are appended to Warnings; anything that stops the analysis
/// (unreadable file, not NVPTX, bad options or model) returns false with
/// Error naming the file.
bool analyzeIrFile(const std::string &Path, const AnalysisRequest &O,
                   const AnalyzedKernelSink &Sink,
                   std::vector<std::string> &Warnings, std::string &Error);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_IRFILEANALYSIS_H
