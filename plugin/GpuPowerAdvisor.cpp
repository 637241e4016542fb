//===- GpuPowerAdvisor.cpp - The gpu-power-advisor module pass -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Device (NVPTX) modules: analyzeModule (ModuleAnalysis.cpp) -> remarks and
// the optional JSON report; the device IR is never changed. Host modules:
// only with -gpa-rewrite-grid, HostLaunchRewriter.cpp rewrites kernel
// launches (docs/launch-rewrite.md). Problems with options or the model are
// reported through LLVMContext::diagnose with the plugin's own diagnostic
// kind (DS_Error fails the compilation cleanly); the pass never aborts.
//
//===----------------------------------------------------------------------===//

#include "GpuPowerAdvisor.h"
#include "ArgumentLoops.h"
#include "BudgetDiagnostics.h"
#include "Compat.h"
#include "DeviceHandoff.h"
#include "HostLaunchRewriter.h"
#include "LaunchSiteAdvisor.h"
#include "ModuleAnalysis.h"
#include "PluginOptions.h"
#include "Remarks.h"
#include "ReportWriter.h"

#include "gpa/CanonicalJson.h"
#include "gpa/ProfileLoader.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <set>

#define DEBUG_TYPE "gpu-power-advisor"

using namespace llvm;

namespace gpa {

namespace {
/// A plugin diagnostic; owns its message (a Twine would dangle).
class GpaDiagnostic : public DiagnosticInfo {
public:
  GpaDiagnostic(std::string Msg, DiagnosticSeverity Severity)
      : DiagnosticInfo(kind(), Severity), Msg(std::move(Msg)) {}
  void print(DiagnosticPrinter &DP) const override {
    DP << "gpu-power-advisor: " << Msg;
  }
  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }

private:
  std::string Msg;
};
} // namespace

static void diagnose(Module &M, std::string Msg, DiagnosticSeverity Sev) {
  M.getContext().diagnose(GpaDiagnostic(std::move(Msg), Sev));
}

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

PreservedAnalyses GpuPowerAdvisorPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  PluginOptions O = readPluginOptions();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  if (!isNVPTXModule(M)) {
    std::string Error;
    // Before any rewrite: the launch sites as the program wrote them.
    if (validatePluginOptions(O, Error))
      adviseLaunchSites(M, O, FAM);
    if (!O.RewriteGrid)
      return PreservedAnalyses::all();
    if (!validatePluginOptions(O, Error)) {
      diagnose(M, Error, DS_Error);
      return PreservedAnalyses::all();
    }
    return rewriteHostLaunches(M, O, FAM) ? PreservedAnalyses::none()
                                          : PreservedAnalyses::all();
  }
  ModuleAnalysis A;
  std::string Error;
  if (!analyzeModule(M, FAM, O, A, Error)) {
    diagnose(M, Error, DS_Error);
    return PreservedAnalyses::all();
  }
  for (const std::string &W : A.Warnings)
    diagnose(M, W, DS_Warning);
  if (A.Results.empty())
    return PreservedAnalyses::all();

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
