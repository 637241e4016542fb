//===- DeviceAdvisorPass.cpp - gpu-power-advisor-device -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// NVPTX modules only: each kernel, as analyzeModule finishes it -> remarks,
// the device->host handoff, the -gpa-budget check and the optional JSON
// report, streamed so that a module's cost is a few KB per kernel. In a
// full compile the registers are left pending and the host pass finishes
// the kernels and writes the report (DeferredKernels.h).
// The device IR is never changed. Problems with options or the model are
// reported through LLVMContext::diagnose (PluginDiagnostic.h); the pass
// never aborts.
//
//===----------------------------------------------------------------------===//

#include "ArgumentLoops.h"
#include "BudgetDiagnostics.h"
#include "Compat.h"
#include "DeferredKernels.h"
#include "DeviceHandoff.h"
#include "GpuPowerAdvisor.h"
#include "ModuleAnalysis.h"
#include "PluginDiagnostic.h"
#include "PluginOptions.h"
#include "Remarks.h"
#include "ReportWriter.h"

#include "gpa/CanonicalJson.h"
#include "gpa/ProfileLoader.h"
#include "gpa/PtxasResources.h"

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <set>

using namespace llvm;

namespace gpa {

/// What the host compilation needs of one analysed kernel.
static HandoffKernel handoffKernel(const KernelResult &R, const GpuModel &Gpu) {
  return {R.F->getName().str(),
          R.Grid.Independent,
          R.Grid.Reason,
          kernelProfileToJson(R.Analysis.Profile),
          argumentLoopsToJson(R.ArgumentLoops, unsigned(R.F->arg_size())),
          R.Grid.UnitDims,
          R.Grid.SmRefusal,
          decisionSummaryJson(kernelDecision(R, Gpu)),
          R.Deferred ? deferredKernelJson(R) : nlohmann::json()};
}

namespace {
/// Remarks, handoff, budget facts and report, one kernel at a time, as
/// analyzeModule hands each over: nothing of a kernel outlives its turn but
/// its handoff text, its budget facts (with -gpa-budget) and the findings
/// already remarked (issue 16 s.4: a large module costs a few KB per
/// kernel; bench/many_kernels.py).
class KernelPublisher {
public:
  KernelPublisher(Module &M, ModuleAnalysis &A, const PluginOptions &O,
                  FunctionAnalysisManager &FAM)
      : M(M), A(A), O(O), FAM(FAM) {}

  void add(KernelResult &&R) {
    diagnoseNewWarnings();
    if (!Handoff)
      Handoff.emplace(M.getSourceFileName(), A.Arch, O.HandoffDir);
    // With the resources pending the host compilation writes the report.
    if (!Report && !O.ReportFile.empty() && A.ResourcesPending.empty()) {
      Report.emplace(reportFileName(O.ReportFile, A.Arch));
      std::string Overwrite = reportNameWarning(O.ReportFile, driverGpuArchs());
      if (!Overwrite.empty())
        diagnose(M, Overwrite, DS_Warning);
    }
    emitNoteRemarks(A.Counter->notes(), R, NoteEmitted, FAM,
                    O.SystemHeaderFindings);
    emitKernelRemarks(R, A.Gpu, FAM, O.RewriteGrid);
    // A device function two kernels call is reported once.
    std::vector<Finding> New;
    for (const Finding &F : R.Findings)
      if (FindingEmitted.insert({F.At, F.Rule}).second)
        New.push_back(F);
    emitFindingRemarks(New, FAM);
    // The remark emitters' analyses of the kernel and its callees are done
    // with, as analyzeModule's own are.
    for (const Function *F : R.Reached)
      FAM.clear(*const_cast<Function *>(F), F->getName());
    try {
      if (HandoffError.empty())
        Handoff->add(handoffKernel(R, A.Gpu));
    } catch (const std::exception &E) {
      HandoffError = std::string("cannot build the handoff: ") + E.what();
    }
    AnalyzedKernel K = toAnalyzedKernel(std::move(R));
    if (O.BudgetGiven)
      Facts.push_back(kernelFacts(K));
    if (Report)
      Report->add(K, A.Gpu);
  }

  /// After the last kernel: the handoff, the budget and the report.
  void finish() {
    diagnoseNewWarnings();
    if (!Handoff)
      return; // no kernel analysed: nothing to hand off or report
    std::string Error = HandoffError;
    // Always handed off: the host compilation evaluates each launch site
    // with these profiles. Only a rewrite the user asked for needs it to
    // succeed.
    if ((!Error.empty() || !Handoff->finish(Error)) &&
        (O.RewriteGrid || !O.HandoffDir.empty()))
      diagnose(M, Error, DS_Error);
    if (O.BudgetGiven && !enforceBudget(M, Facts, A.Gpu.Name, O, Error))
      diagnose(M, Error, DS_Error);
    if (Report && !Report->finish(Error))
      diagnose(M, Error, DS_Error);
  }

private:
  Module &M;
  ModuleAnalysis &A;
  const PluginOptions &O;
  FunctionAnalysisManager &FAM;
  std::optional<HandoffWriter> Handoff;
  std::string HandoffError;
  std::optional<ReportFileWriter> Report;
  std::vector<KernelFacts> Facts;
  std::vector<bool> NoteEmitted;
  std::set<std::pair<const Instruction *, std::string>> FindingEmitted;
  std::size_t WarningsDiagnosed = 0, NotesDiagnosed = 0;

  /// Kernels that could not be analysed, diagnosed as they come.
  void diagnoseNewWarnings() {
    for (; WarningsDiagnosed < A.Warnings.size(); ++WarningsDiagnosed)
      diagnose(M, A.Warnings[WarningsDiagnosed], DS_Warning);
    for (; NotesDiagnosed < A.Notes.size(); ++NotesDiagnosed)
      diagnose(M, A.Notes[NotesDiagnosed], DS_Remark);
  }
};
} // namespace

PreservedAnalyses DeviceAdvisorPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    return PreservedAnalyses::all();
  PluginOptions O = readPluginOptions();
  // The ClockAdvice remark's clock decision prices every clock pair: only
  // when a remark can be shown (OptimizationRemarkEmitter::enabled's test)
  // or the report is written (issue 26: the device pass's cost).
  const LLVMContext &Ctx = M.getContext();
  if (Ctx.getLLVMRemarkStreamer() ||
      Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled())
    O.WithClockAdvice = true;
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // Not GpuPowerAdvisorAnalysis (print<gpu-power-advisor>'s): it keeps
  // every kernel's result; the pass publishes each as it is ready.
  ModuleAnalysis A;
  // In a full compile clang's own ptxas job makes the cubin the host
  // compilation embeds: registers come from it (DeferredKernels.h). A
  // budget is checked here, so it keeps ptxas.
  if (O.RunPtxas && !O.BudgetGiven && !findPtxas().empty() &&
      whyNoHostCompilationFollows().empty())
    A.ResourcesPending = ResourcesPendingReason;
  KernelPublisher Publisher(M, A, O, FAM);
  A.OnKernel = [&](KernelResult &&R) { Publisher.add(std::move(R)); };
  std::string Error;
  if (!validatePluginOptionsFor(M, O, Error) ||
      !analyzeModule(M, FAM, O, A, Error)) {
    diagnose(M, Error, DS_Error);
    return PreservedAnalyses::all(); // the writers drop what they began
  }
  Publisher.finish();
  return PreservedAnalyses::all();
}

} // namespace gpa
