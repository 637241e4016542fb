//===- FuzzCommon.h - Shared helpers of the libFuzzer targets --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every target feeds one input kind to the reader gpa, the plugin or the
// runtime uses for it. A reader may reject the input (that is its job);
// it must never crash, hang, leak or throw. Built with clang's libFuzzer
// by test/fuzz/build.sh (docs/robustness.md, "Fuzzing").
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FUZZ_FUZZCOMMON_H
#define GPA_FUZZ_FUZZCOMMON_H

#include "gpa/Analysis.h"
#include "gpa/CanonicalJson.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/Report.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace gpa::fuzz {

inline std::string text(const std::uint8_t *Data, std::size_t Size) {
  return std::string(reinterpret_cast<const char *>(Data), Size);
}

/// The bundled A100 model, loaded once.
inline const GpuModel &a100() {
  static const GpuModel Gpu = [] {
    GpuModel G;
    std::string Error;
    if (!loadBundledModel("a100", G, Error))
      std::abort();
    return G;
  }();
  return Gpu;
}

/// Runs the model on P as gpa does and checks the report has no NaN or
/// inf (a finding: the report would refuse to be written).
inline void analyzeAndReport(const KernelProfile &P, const GpuModel &Gpu) {
  KernelAnalysis A;
  std::string Error;
  AnalysisOptions Opts;
  Opts.WithSweep = false; // the sweep repeats evaluateAt; keep it fast
  if (!analyzeKernel(P, Gpu, Opts, A, Error))
    return;
  (void)nonFinitePath(kernelReportJson(A, Gpu));
}

} // namespace gpa::fuzz

#endif
