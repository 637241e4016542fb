//===- GpuPowerAdvisor.cpp - The gpu-power-advisor module pass -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// kernels -> per-thread counts (KernelCounter) -> launch assumptions ->
// gpa::analyzeKernel -> remarks and the optional JSON report. Problems with
// options or the model are reported through LLVMContext::diagnose with the
// plugin's own diagnostic kind (DS_Error fails the compilation cleanly);
// the pass never aborts and never changes the IR.
//
//===----------------------------------------------------------------------===//

#include "GpuPowerAdvisor.h"
#include "Compat.h"
#include "KernelCounter.h"
#include "KernelResult.h"
#include "LaunchAssumptions.h"
#include "Options.h"
#include "Remarks.h"
#include "ReportWriter.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

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

/// The DISubprogram's file, relative to its directory when it was given as
/// an absolute path there, and reduced to its name if still absolute.
static void kernelSource(const Function &F, std::string &File, unsigned &Line) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return;
  StringRef Name = SP->getFilename(), Dir = SP->getDirectory();
  if (sys::path::is_absolute(Name) && !Dir.empty() && Name.starts_with(Dir)) {
    StringRef Rel = Name.drop_front(Dir.size());
    while (!Rel.empty() && sys::path::is_separator(Rel.front()))
      Rel = Rel.drop_front();
    Name = Rel;
  }
  if (sys::path::is_absolute(Name))
    Name = sys::path::filename(Name);
  File = Name.str();
  Line = SP->getLine();
}

static const char *assumptionSource(const std::string &Name) {
  if (Name == "generic_as_global")
    return "generic pointers with no known address space, counted as global "
           "memory (dynamic instructions per thread)";
  if (Name.rfind("uncoalesced_", 0) == 0)
    return "global accesses estimated uncoalesced (dynamic per thread)";
  return "dynamic instructions per thread counted as 'other' because the "
         "estimate cannot see through them";
}

static void addSummaryAssumptions(const FunctionSummary &S,
                                  const PluginOptions &O, AssumptionList &A) {
  if (S.UnknownTripCountLoops)
    A.push_back(numberAssumption(
        "default_trip_count", O.DefaultTripCount,
        std::string(O.TripCountGiven ? "-gpa-default-trip-count"
                                     : "default of -gpa-default-trip-count") +
            " for " + std::to_string(S.UnknownTripCountLoops) +
            " loop(s) without a constant trip count"));
  for (const auto &[Name, N] : S.Assumed)
    A.push_back(numberAssumption(Name, N, assumptionSource(Name)));
}

static KernelProfile makeProfile(const Function &K, const FunctionSummary &S) {
  KernelProfile P;
  P.Name = K.getName().str();
  P.PerThread = S.Counts;
  P.UncoalescedMem = S.Mem.Uncoalesced;
  if (S.Mem.Accesses > 0)
    P.BytesPerMemAccess = S.Mem.Bytes / S.Mem.Accesses;
  if (S.Mem.Uncoalesced > 0)
    P.UncoalescedTransactionsPerWarp =
        S.Mem.UncoalescedTransactions / S.Mem.Uncoalesced;
  return P;
}

PreservedAnalyses GpuPowerAdvisorPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    return PreservedAnalyses::all();
  std::vector<Function *> Kernels;
  for (Function &F : M)
    if (isKernel(F))
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::all();

  PluginOptions O = readPluginOptions();
  std::string Error;
  if (!validatePluginOptions(O, Error)) {
    diagnose(M, Error, DS_Error);
    return PreservedAnalyses::all();
  }
  GpuModel Gpu;
  Assumption GpuChoice;
  if (!chooseGpu(M, Kernels.front(), O, Gpu, GpuChoice, Error)) {
    diagnose(M, Error, DS_Error);
    return PreservedAnalyses::all();
  }

  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  KernelCounter Counter(FAM, O.DefaultTripCount);
  std::vector<KernelResult> Results;
  for (Function *K : Kernels) {
    const FunctionSummary &S = Counter.summarize(*K);
    KernelResult R;
    R.F = K;
    R.Reached = S.Reached;
    R.Demangled = demangle(K->getName());
    kernelSource(*K, R.File, R.Line);
    R.Assumed.push_back(GpuChoice);
    KernelProfile P = makeProfile(*K, S);
    LaunchStatus St = buildLaunch(*K, S, Gpu, O, P.Launch, R.Assumed, Error);
    if (St == LaunchStatus::BadOption) {
      diagnose(M, Error, DS_Error);
      return PreservedAnalyses::all();
    }
    if (St == LaunchStatus::KernelDoesNotFit) {
      diagnose(M, "kernel " + R.Demangled + " not analysed: " + Error,
               DS_Warning);
      continue;
    }
    addSummaryAssumptions(S, O, R.Assumed);
    if (!analyzeKernel(P, Gpu, AnalysisOptions{}, R.Analysis, Error)) {
      diagnose(M, "kernel " + R.Demangled + " not analysed: " + Error,
               DS_Warning);
      continue;
    }
    Results.push_back(std::move(R));
  }

  std::vector<bool> NoteEmitted;
  for (const KernelResult &R : Results) {
    emitNoteRemarks(Counter.notes(), R, NoteEmitted, FAM);
    emitKernelRemarks(R, Gpu, FAM);
  }

  if (!O.ReportFile.empty()) {
    std::optional<unsigned> Sm = getSmVersion(*Kernels.front());
    std::string Arch = Sm ? "sm_" + std::to_string(*Sm) : "nvptx";
    if (!writeReport(reportFileName(O.ReportFile, Arch), Gpu, Results, Error))
      diagnose(M, Error, DS_Error);
  }
  return PreservedAnalyses::all();
}

} // namespace gpa
