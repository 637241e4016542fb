//===- AdvisorAnalysis.cpp - The advisor's module analysis ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "AdvisorAnalysis.h"
#include "Compat.h"
#include "DebugType.h"
#include "PluginOptions.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE GPA_DEBUG_TYPE

using namespace llvm;

namespace gpa {

AnalysisKey GpuPowerAdvisorAnalysis::Key;

GpuPowerAdvisorAnalysis::Result
GpuPowerAdvisorAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  Result R;
  if (!isNVPTXModule(M))
    return R;
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  PluginOptions O = readPluginOptions();
  O.WithClockAdvice = true; // print<gpu-power-advisor> prints it
  R.Ok = validatePluginOptionsFor(M, O, R.Error) &&
         analyzeModule(M, FAM, O, R.Analysis, R.Error);
  LLVM_DEBUG(dbgs() << "gpu-power-advisor: " << M.getSourceFileName() << ": "
                    << R.Analysis.Results.size() << " kernel(s) analysed on "
                    << R.Analysis.Gpu.Name << " (" << (R.Ok ? "ok" : R.Error)
                    << ")\n");
  return R;
}

} // namespace gpa
