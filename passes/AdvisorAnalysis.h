//===- AdvisorAnalysis.h - The advisor's module analysis ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// GpuPowerAdvisorAnalysis: the IR front-end's per-kernel results for one
// NVPTX module (frontends/ir/ModuleAnalysis.h), read with the -gpa-* options.
// The device pass turns them into remarks, the report, the budget check and
// the handoff; `print<gpu-power-advisor>` prints them as text. A host module
// gives an empty result.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_ADVISORANALYSIS_H
#define GPA_PLUGIN_ADVISORANALYSIS_H

#include "ModuleAnalysis.h"

#include "llvm/IR/PassManager.h"

#include <string>

namespace gpa {

class GpuPowerAdvisorAnalysis
    : public llvm::AnalysisInfoMixin<GpuPowerAdvisorAnalysis> {
  friend llvm::AnalysisInfoMixin<GpuPowerAdvisorAnalysis>;
  static llvm::AnalysisKey Key;

public:
  struct Result {
    /// False when the whole module could not be analysed (bad options or
    /// GPU model); Error says why.
    bool Ok = true;
    std::string Error;
    ModuleAnalysis Analysis;
  };

  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

} // namespace gpa

#endif // GPA_PLUGIN_ADVISORANALYSIS_H
