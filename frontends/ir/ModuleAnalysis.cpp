//===- ModuleAnalysis.cpp - Every kernel of an NVPTX module, analysed -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// kernels -> per-thread counts (KernelCounter) -> launch assumptions ->
// gpa::analyzeKernel.
//
//===----------------------------------------------------------------------===//

#include "ModuleAnalysis.h"
#include "BlockWeights.h"
#include "Compat.h"
#include "LaunchAssumptions.h"
#include "SourceLocation.h"

#include "gpa/LaunchFile.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;

namespace gpa {

/// The DISubprogram's file, relative to its directory when it was given as
/// an absolute path there, and reduced to its name if still absolute.
static void kernelSource(const Function &F, std::string &File, unsigned &Line) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return;
  File = relativeSourcePath(SP->getFilename(), SP->getDirectory());
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
                                  const PluginOptions &O,
                                  const LaunchEntry *Given, AssumptionList &A) {
  bool FromFile = Given && Given->TripCount;
  if (S.UnknownTripCountLoops)
    A.push_back(numberAssumption(
        "default_trip_count", FromFile ? Given->TripCount : O.DefaultTripCount,
        std::string(FromFile           ? "-gpa-launch-file=" + O.LaunchFile
                    : O.TripCountGiven ? "-gpa-default-trip-count"
                                       : "default of -gpa-default-trip-count") +
            " for " + std::to_string(S.UnknownTripCountLoops) +
            " loop(s) without a constant trip count",
        FromFile || O.TripCountGiven ? "given" : "assumed"));

  if (S.ClampedBlocks)
    A.push_back(numberAssumption(
        "max_block_weight", MaxBlockWeight,
        "executions per thread of " + std::to_string(S.ClampedBlocks) +
            " block(s) in loop nests too deep to count, clamped"));
  for (const auto &[Name, N] : S.Assumed)
    A.push_back(numberAssumption(Name, N, assumptionSource(Name)));
}

static KernelProfile makeProfile(const Function &K, const FunctionSummary &S) {
  KernelProfile P;
  P.Name = K.getName().str();
  P.PerThread = S.Counts;
  P.UncoalescedMem = S.Mem.Uncoalesced;
  P.GlobalAccesses = S.GlobalAccesses;
  if (S.Mem.Accesses > 0)
    P.BytesPerMemAccess = S.Mem.Bytes / S.Mem.Accesses;
  if (S.Mem.Uncoalesced > 0)
    P.UncoalescedTransactionsPerWarp =
        S.Mem.UncoalescedTransactions / S.Mem.Uncoalesced;
  return P;
}

/// The counts and every model output the report shows are finite: huge
/// counts (deep loop nests times deep call chains) can still overflow.
static bool finiteAnalysis(const KernelAnalysis &A) {
  for (double N : A.Profile.PerThread)
    if (!std::isfinite(N))
      return false;
  auto Finite = [](const SweepPoint &P) {
    return std::isfinite(P.ExecTimeS) && std::isfinite(P.TotalPowerW) &&
           std::isfinite(P.Gips) && std::isfinite(P.GipsPerW) &&
           std::isfinite(P.EnergyJ);
  };
  if (!Finite(sweepPoint(A.Requested)) || !Finite(sweepPoint(A.AllSms)))
    return false;
  return std::all_of(A.Sweep.begin(), A.Sweep.end(), Finite);
}

bool analyzeModule(Module &M, FunctionAnalysisManager &FAM,
                   const PluginOptions &O, ModuleAnalysis &Out,
                   std::string &Error) {
  std::vector<Function *> Kernels;
  for (Function &F : M)
    if (isKernel(F))
      Kernels.push_back(&F);
  if (Kernels.empty())
    return true;
  if (!validatePluginOptions(O, Error))
    return false;
  Assumption GpuChoice;
  if (!chooseGpu(M, Kernels.front(), O, Out.Gpu, GpuChoice, Error))
    return false;
  std::optional<unsigned> Sm = getSmVersion(*Kernels.front());
  Out.Arch = Sm ? "sm_" + std::to_string(*Sm) : "nvptx";

  LaunchFile Facts;
  if (!O.LaunchFile.empty() && !loadLaunchFile(O.LaunchFile, Facts, Error)) {
    Error = "-gpa-launch-file: " + Error;
    return false;
  }
  Out.Counter = std::make_unique<KernelCounter>(FAM, O.DefaultTripCount,
                                                memoryGeometry(Out.Gpu));
  // Kernels whose launch-file entry gives a trip count: their own counter.
  std::map<unsigned, std::unique_ptr<KernelCounter>> TripCounters;
  Out.Results.reserve(Kernels.size()); // KernelResult copies are not cheap
  for (Function *K : Kernels) {
    const LaunchEntry *Given =
        findLaunchEntry(Facts, K->getName().str(), demangle(K->getName()));
    unsigned TripCount =
        Given && Given->TripCount ? Given->TripCount : O.DefaultTripCount;
    KernelCounter *Counter = Out.Counter.get();
    if (TripCount != O.DefaultTripCount) {
      auto &C = TripCounters[TripCount];
      if (!C)
        C = std::make_unique<KernelCounter>(FAM, TripCount,
                                            memoryGeometry(Out.Gpu));
      Counter = C.get();
    }
    const FunctionSummary &S = Counter->summarize(*K);
    KernelResult R;
    R.F = K;
    R.Reached = S.Reached;
    R.Demangled = demangle(K->getName());
    R.Grid = analyzeGridIndependence(*K, FAM);
    // Summaries are memoized: the analyses of K and its callees are done
    // with. Freeing them keeps large modules at a few KB per kernel
    // (bench/many_kernels.py); remarks recompute what they need.
    for (const Function *F : S.Reached)
      FAM.clear(*const_cast<Function *>(F), F->getName());
    kernelSource(*K, R.File, R.Line);
    R.Assumed.push_back(GpuChoice);
    KernelProfile P = makeProfile(*K, S);
    LaunchStatus St =
        buildLaunch(*K, S, Out.Gpu, O, P.Launch, R.Assumed, Error, Given);
    if (St == LaunchStatus::BadOption)
      return false;
    if (St == LaunchStatus::KernelDoesNotFit) {
      Out.Warnings.push_back("kernel " + R.Demangled +
                             " not analysed: " + Error);
      continue;
    }
    addSummaryAssumptions(S, O, Given, R.Assumed);
    AnalysisOptions Model = modelOptions(O, R.Grid.Independent);
    if (!analyzeKernel(P, Out.Gpu, Model, R.Analysis, Error)) {
      Out.Warnings.push_back("kernel " + R.Demangled +
                             " not analysed: " + Error);
      continue;
    }
    if (!finiteAnalysis(R.Analysis)) {
      Out.Warnings.push_back("kernel " + R.Demangled +
                             " not analysed: the model's result is not "
                             "finite (counts too large)");
      continue;
    }
    R.Findings =
        findKernelFindings(*K, S.Reached, Out.Gpu, O.DefaultTripCount, FAM);
    Out.Results.push_back(std::move(R));
  }
  Error.clear();
  return true;
}

} // namespace gpa
