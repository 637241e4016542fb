//===- ModuleAnalysis.h - An NVPTX module, analysed ----------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The analysis behind both the pass (remarks, report, budget) and
// `gpa analyze FILE.ll|.bc` — one implementation, linked into both.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_MODULEANALYSIS_H
#define GPA_FRONTENDS_IR_MODULEANALYSIS_H

#include "KernelCounter.h"
#include "KernelResult.h"
#include "gpa/common/AnalysisRequest.h"

#include "gpa/GpuModel.h"

#include "llvm/IR/PassManager.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gpa {

struct ModuleAnalysis {
  GpuModel Gpu;
  std::vector<KernelResult> Results;
  /// When set, each result goes here as soon as it is ready instead of into
  /// Results (gpa analyze streams its output; the pass keeps Results for
  /// its remarks). Gpu is set before the first call.
  std::function<void(KernelResult &&)> OnKernel;
  /// Owns the notes (instructions the estimate cannot see through) that the
  /// remarks point at.
  std::unique_ptr<KernelCounter> Counter;
  /// "sm_80", or "nvptx" when the module names no SM version.
  std::string Arch;
  /// Kernels that could not be analysed, one message each (warnings).
  std::vector<std::string> Warnings;
  /// Analyses of the module that were skipped and why (remarks): the
  /// estimate stands in for them.
  std::vector<std::string> Notes;
  /// Set (to why) when a later step supplies the compiled resources: ptxas
  /// does not run, registers stay the labelled estimate, and each result
  /// keeps its DeferredDraft for that step (the host pass of a full compile
  /// reads the cubin; docs/plugin.md "Registers in a full compile").
  std::string ResourcesPending;
};

/// Analyses every kernel of M. Returns false with Error for problems that
/// make the whole module unanalysable (bad options, bad model); per-kernel
/// problems become Warnings. A module without kernels gives no results.
bool analyzeModule(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
                   const AnalysisRequest &O, ModuleAnalysis &Out,
                   std::string &Error);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_MODULEANALYSIS_H
