//===- AnalyzeFormats.h - gpa analyze's output formats ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One renderer per output format (JSON, text, CSV, SARIF), each reading the
// typed result (gpa/AnalyzedKernel.h) and writing one kernel at a time, so a
// module of 20,000 kernels is never held whole (bench/many_kernels.py).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_ANALYZEFORMATS_H
#define GPA_TOOL_ANALYZEFORMATS_H

#include "gpa/AnalyzedKernel.h"
#include "gpa/GpuModel.h"

#include <memory>
#include <ostream>
#include <string>

namespace gpa::tool {

/// Writes gpa analyze's output: begin once with the model every kernel was
/// analysed with, add each kernel as it is analysed, finish once. The text
/// is deterministic (fixed formats, sorted keys). Throws what nlohmann
/// throws.
class AnalyzeRenderer {
public:
  virtual ~AnalyzeRenderer() = default;
  virtual void begin(const GpuModel &Gpu) = 0;
  virtual void add(const AnalyzedKernel &K) = 0;
  virtual void finish() = 0;
};

/// The renderer for --format json|text|csv|sarif (anything else: text).
/// DocsUrl: where the SARIF log's rules link to (sarifLog; empty: none).
std::unique_ptr<AnalyzeRenderer>
makeAnalyzeRenderer(const std::string &Format, std::ostream &OS,
                    const std::string &DocsUrl = "");

} // namespace gpa::tool

#endif
