//===- DeviceAdvisorPass.cpp - gpu-power-advisor-device -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// NVPTX modules only: GpuPowerAdvisorAnalysis's results -> remarks, the
// device->host handoff, the -gpa-budget check and the optional JSON report.
// The device IR is never changed. Problems with options or the model are
// reported through LLVMContext::diagnose (PluginDiagnostic.h); the pass
// never aborts.
//
//===----------------------------------------------------------------------===//

#include "AdvisorAnalysis.h"
#include "ArgumentLoops.h"
#include "BudgetDiagnostics.h"
#include "Compat.h"
#include "DeviceHandoff.h"
#include "GpuPowerAdvisor.h"
#include "PluginDiagnostic.h"
#include "PluginOptions.h"
#include "Remarks.h"
#include "ReportWriter.h"

#include "gpa/CanonicalJson.h"
#include "gpa/ProfileLoader.h"

#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

namespace gpa {

/// What the host compilation needs of each analysed kernel.
static std::vector<HandoffKernel> handoffKernels(const ModuleAnalysis &A) {
  std::vector<HandoffKernel> Out;
  for (const KernelResult &R : A.Results)
    Out.push_back(
        {R.F->getName().str(), R.Grid.Independent, R.Grid.Reason,
         kernelProfileToJson(R.Analysis.Profile),
         argumentLoopsToJson(R.ArgumentLoops, unsigned(R.F->arg_size()))});
  return Out;
}

PreservedAnalyses DeviceAdvisorPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    return PreservedAnalyses::all();
  PluginOptions O = readPluginOptions();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  const GpuPowerAdvisorAnalysis::Result &Analysed =
      MAM.getResult<GpuPowerAdvisorAnalysis>(M);
  if (!Analysed.Ok) {
    diagnose(M, Analysed.Error, DS_Error);
    return PreservedAnalyses::all();
  }
  const ModuleAnalysis &A = Analysed.Analysis;
  for (const std::string &W : A.Warnings)
    diagnose(M, W, DS_Warning);
  if (A.Results.empty())
    return PreservedAnalyses::all();

  std::string Error;
  std::vector<bool> NoteEmitted;
  std::set<std::pair<const Instruction *, std::string>> FindingEmitted;
  for (const KernelResult &R : A.Results) {
    emitNoteRemarks(A.Counter->notes(), R, NoteEmitted, FAM);
    emitKernelRemarks(R, A.Gpu, FAM, O.RewriteGrid);
    // A device function two kernels call is reported once.
    std::vector<Finding> New;
    for (const Finding &F : R.Findings)
      if (FindingEmitted.insert({F.At, F.Rule}).second)
        New.push_back(F);
    emitFindingRemarks(New, FAM);
  }

  // Always handed off: the host compilation evaluates each launch site with
  // these profiles. Only a rewrite the user asked for needs it to succeed.
  if (!publishDeviceKernels(M.getSourceFileName(), A.Arch, handoffKernels(A),
                            O.HandoffDir, Error) &&
      (O.RewriteGrid || !O.HandoffDir.empty()))
    diagnose(M, Error, DS_Error);
  if (O.BudgetGiven && !enforceBudget(M, A, O, Error))
    diagnose(M, Error, DS_Error);
  if (!O.ReportFile.empty() &&
      !writeReport(reportFileName(O.ReportFile, A.Arch), A.Gpu, A.Results,
                   Error))
    diagnose(M, Error, DS_Error);
  return PreservedAnalyses::all();
}

} // namespace gpa
