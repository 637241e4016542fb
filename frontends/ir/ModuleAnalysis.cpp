//===- ModuleAnalysis.cpp - Every kernel of an NVPTX module, analysed -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// kernels -> per-thread counts (KernelCounter) -> launch assumptions ->
// gpa::analyzeKernel.
//
//===----------------------------------------------------------------------===//

#include "ModuleAnalysis.h"
#include "BlockWaiting.h"
#include "BlockWeights.h"
#include "Compat.h"
#include "FactCoverage.h"
#include "LaunchAssumptions.h"
#include "PtxasOfModule.h"
#include "SourceLocation.h"
#include "gpa/UnmatchedFacts.h"

#include "gpa/FindingMessages.h"
#include "gpa/KernelArguments.h"
#include "gpa/LaunchFile.h"
#include "gpa/common/AssembleKernel.h"
#include "gpa/common/AssumptionNames.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

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

static void addSummaryAssumptions(const IrFunctionSummary &S,
                                  const LoopTripCounts &Trips,
                                  AssumptionList &A) {
  // Loops without a constant trip count: how many use the kernel-wide
  // count, and each loop with its source line and the count it used.
  unsigned UseDefault = 0;
  for (const AssumedLoop &L : S.AssumedLoops)
    UseDefault += !L.Derived && &Trips.forLine(L.Line) == &Trips.Default;
  if (S.UnknownTripCountLoops)
    A.push_back(numberAssumption("default_trip_count", Trips.Default.Count,
                                 Trips.Default.Source + " for " +
                                     std::to_string(UseDefault) +
                                     " loop(s) without a constant trip count",
                                 Trips.Default.Kind));
  for (const AssumedLoop &L : S.AssumedLoops) {
    std::string Where = L.Line
                            ? L.File + ":" + std::to_string(L.Line)
                            : demangle(L.F->getName()) + " (no debug location)";
    // An unrolled loop's remainder shares its line: its own entry.
    if (L.Part == AssumedLoop::Unrolled::Remainder)
      Where += " (remainder)";
    A.push_back(numberAssumption("loop_trip_count " + Where, L.Iterations,
                                 L.Trips.Source + ": the loop at " + Where,
                                 L.Trips.Kind));
  }

  if (S.ConstantReplays > 0)
    A.push_back(
        constantReplaysAssumption(S.ConstantReplays, S.ConstantReplaysAssumed));

  // Branches weighed by a choice: bounds guards, and every weight that is
  // not 0 or 1 (docs/models.md "Branch weights").
  // Unrolled copies of one guard share its line: each is listed.
  std::map<std::string, unsigned> Copies;
  for (const BranchDecision &B : S.Branches) {
    std::string Where = B.Line ? B.File + ":" + std::to_string(B.Line)
                               : demangle(B.Block->getParent()->getName()) +
                                     " (no debug location)";
    if (B.SwitchCase) {
      // One entry per successor of one switch: not copies of each other.
      A.push_back(numberAssumption(
          "switch_case_probability " + Where + " (" + B.CaseText + ")",
          B.TrueProbability, "P(" + B.CaseText + "): " + B.Source, B.Kind));
      continue;
    }
    if (unsigned N = Copies[Where]++)
      Where += " (copy " + std::to_string(N + 1) + ")";
    if (B.ThreadGuard)
      A.push_back(numberAssumption("bounds_guard_in_bounds " + Where,
                                   B.InBounds, B.Source, B.Kind));
    else
      A.push_back(numberAssumption("branch_probability " + Where,
                                   B.TrueProbability,
                                   "P(condition true): " + B.Source, B.Kind));
  }
  if (S.ClampedBlocks)
    A.push_back(numberAssumption(
        "max_block_weight", MaxBlockWeight,
        "executions per thread of " + std::to_string(S.ClampedBlocks) +
            " block(s) in loop nests too deep to count, clamped"));
  for (const auto &[Name, N] : S.Assumed)
    A.push_back(numberAssumption(Name, N, countedAssumptionSource(Name)));
}

static KernelProfile makeProfile(const Function &K, const IrFunctionSummary &S,
                                 bool LocalInRegisters) {
  KernelProfile P;
  P.Name = K.getName().str();
  S.fillProfile(P, LocalInRegisters);
  return P;
}

/// Everything of R but the analysis (copied or moved by the callers).
static AnalyzedKernel withoutAnalysis(const KernelResult &R) {
  AnalyzedKernel K;
  K.Assumptions = R.Assumed;
  K.Demangled = R.Demangled;
  if (!R.File.empty())
    K.Location = KernelLocation{R.File, R.Line};
  K.Grid = GridIndependenceFacts{R.Grid.Independent, R.Grid.Reason};
  std::vector<FindingRecord> Findings;
  Findings.reserve(R.Findings.size());
  for (const Finding &F : R.Findings)
    Findings.push_back({F.Rule, F.Message, F.File, F.Line, F.Column});
  K.Findings = std::move(Findings);
  K.MemorySection = true;
  return K;
}

AnalyzedKernel toAnalyzedKernel(KernelResult &&R) {
  AnalyzedKernel K = withoutAnalysis(R);
  K.Analysis = std::move(R.Analysis);
  R = KernelResult(); // its copies are done with: free them now
  return K;
}

AnalyzedKernel toAnalyzedKernel(const KernelResult &R) {
  AnalyzedKernel K = withoutAnalysis(R);
  K.Analysis = R.Analysis;
  return K;
}

/// Whether M was built without optimisation: clang -O0 marks every function
/// optnone, and an unoptimised kernel keeps its arguments in allocas that
/// mem2reg/SROA would have promoted.
static bool isUnoptimised(const Module &M) {
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (F.hasFnAttribute(Attribute::OptimizeNone))
      return true;
    if (!isKernel(F))
      continue;
    for (const Instruction &I : F.getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I))
        if (isAllocaPromotable(A))
          return true;
  }
  return false;
}

/// Whether a finding may be shown: not in a system header unless asked.
static bool shownFinding(const Finding &F, const AnalysisRequest &O) {
  return O.SystemHeaderFindings || !F.InSystemHeader;
}

bool analyzeModule(Module &M, FunctionAnalysisManager &FAM,
                   const AnalysisRequest &O, ModuleAnalysis &Out,
                   std::string &Error) {
  std::vector<Function *> Kernels;
  for (Function &F : M)
    if (isKernel(F))
      Kernels.push_back(&F);
  if (Kernels.empty())
    return true;
  if (!validateAnalysisRequest(O, Error))
    return false;
  Assumption GpuChoice;
  if (!chooseGpu(M, Kernels.front(), O, Out.Gpu, GpuChoice, Error))
    return false;
  std::optional<unsigned> Sm = getSmVersion(*Kernels.front());
  Out.Arch = Sm ? "sm_" + std::to_string(*Sm) : "nvptx";

  // What ptxas allocates for this module's PTX (ptxas 13 compiles sm_75
  // and newer).
  unsigned PtxasSm = std::max(Sm ? *Sm : 80u, 75u);
  ResourceTable Compiled;
  std::string PtxasWhy = "-gpa-ptxas=false";
  // The PTX is LLVM's (this compilation's code generation), not nvcc's:
  // the two compilers' code for one source can differ in registers and
  // spills (docs/validation.md "The two routes"), so the source says so.
  std::string CompiledBy =
      "ptxas -v on the module's PTX from LLVM's NVPTX back-end (clang's "
      "code, not nvcc's), sm_" +
      std::to_string(PtxasSm);
  if (!Out.ResourcesPending.empty()) {
    PtxasWhy = Out.ResourcesPending;
  } else if (O.RunPtxas) {
    std::string Unsupported = whyNvptxBackendCannotCompile(M);
    if (!Unsupported.empty()) {
      PtxasWhy = Unsupported;
      Out.Notes.push_back("ptxas not run: " + Unsupported +
                          "; registers and spills are estimated");
    } else {
      ptxasResourcesOfModule(M, PtxasSm, Compiled, PtxasWhy);
    }
  }

  // Counts of unoptimised code are not what a release build runs: said
  // once per module, and in every kernel's assumptions.
  bool Unoptimised = isUnoptimised(M);
  if (Unoptimised)
    Out.Warnings.push_back(
        "the device code was built without optimisation (-O0: optnone, "
        "unpromoted allocas); every count, time, power and budget describes "
        "unoptimised code; compile with -O2 (CMake: a Release or "
        "RelWithDebInfo build) for the figures of a release build");

  LaunchFile Facts;
  if (!O.LaunchFile.empty() && !loadLaunchFile(O.LaunchFile, Facts, Error)) {
    Error = "-gpa-launch-file: " + Error;
    return false;
  }
  std::vector<TripCountRule> TripRules;
  if (!parseTripCountSpecs(O, TripRules, Error))
    return false;
  appendUnmatchedFacts(Kernels, Facts, O.LaunchFile, TripRules, Out.Warnings);
  const TripChoice Fallback{defaultTripCountOf(O),
                            O.DefaultTripCount
                                ? "-gpa-default-trip-count"
                                : "default of -gpa-default-trip-count",
                            O.DefaultTripCount ? "given" : "assumed"};
  Out.Counter = std::make_unique<KernelCounter>(
      FAM, LoopTripCounts{Fallback, {}}, memoryGeometry(Out.Gpu));
  // Kernels whose launch-file entry or -gpa-trip-count gives other trip
  // counts: one counter per set of counts (summaries are memoised).
  std::map<std::string, std::unique_ptr<KernelCounter>> TripCounters;
  LoopLineCoverage LoopLines;
  if (!Out.OnKernel)
    Out.Results.reserve(Kernels.size()); // KernelResult copies are not cheap
  for (Function *K : Kernels) {
    const LaunchEntry *Given =
        findLaunchEntry(Facts, K->getName().str(), demangle(K->getName()));
    LoopTripCounts Trips = tripCountsFor(
        K->getName().str(), demangle(K->getName()), Fallback, Given,
        "-gpa-launch-file=" + O.LaunchFile, TripRules, "-gpa-trip-count");
    std::optional<std::array<uint64_t, 3>> Req = getReqNtid(*K);
    Trips.Branches =
        branchFactsFor(Given, "-gpa-launch-file=" + O.LaunchFile,
                       O.GridSize.value_or(0), O.BlockSize.value_or(0),
                       "-gpa-grid-size/-gpa-block-size", Req ? (*Req)[0] : 0);
    // Arguments by name: the IR's names of the kernel's parameters.
    std::vector<std::string> ParamNames;
    for (const Argument &A : K->args())
      ParamNames.push_back(A.getName().str());
    resolveNamedArguments(
        Trips.Branches, ParamNames, demangle(K->getName()),
        "the IR keeps no parameter names (clang drops them unless given "
        "-fno-discard-value-names; gpa analyze x.cu -- "
        "-fno-discard-value-names)",
        Out.Warnings);
    KernelCounter *Counter = Out.Counter.get();
    if (Trips.key() != LoopTripCounts{Fallback, {}}.key()) {
      auto &C = TripCounters[Trips.key()];
      if (!C)
        C = std::make_unique<KernelCounter>(FAM, Trips,
                                            memoryGeometry(Out.Gpu));
      Counter = C.get();
    }
    const IrFunctionSummary &S = Counter->summarize(*K);
    KernelResult R;
    R.F = K;
    R.Reached = S.Reached;
    R.ArgumentLoops = S.ArgumentLoops;
    R.Demangled = demangle(K->getName());
    R.Grid = analyzeGridIndependence(*K, FAM);
    R.Grid.SmRefusal = whyBlocksMayWait(S.Reached, FAM);
    FindingContext Context;
    if (Given && Given->BlockShape.known())
      Context.Block = Given->BlockShape;
    else if (Given && Given->ThreadsPerBlock)
      Context.Block = {*Given->ThreadsPerBlock, 1, 1};
    else if (O.BlockSize)
      Context.Block = {*O.BlockSize, 1, 1};
    R.Findings =
        findKernelFindings(*K, S.Reached, Out.Gpu, Trips, FAM, Context);
    // Summaries are memoized: the analyses of K and its callees are done
    // with (the findings, too, need them: before the clear). Freeing them
    // keeps large modules at a few KB per kernel (bench/many_kernels.py);
    // remarks recompute what they need.
    for (const Function *F : S.Reached)
      FAM.clear(*const_cast<Function *>(F), F->getName());
    kernelSource(*K, R.File, R.Line);
    R.Assumed.push_back(GpuChoice);
    if (Unoptimised) {
      Assumption A = textAssumption(
          "optimization", "O0",
          "the module's functions are optnone or keep promotable allocas: "
          "the counts are of unoptimised code");
      A.Kind = "derived";
      R.Assumed.push_back(A);
    }
    KernelDraft Draft;
    CompiledResources &Resources = Draft.Compiled;
    auto It = Compiled.find(K->getName().str());
    if (It != Compiled.end()) {
      Resources.R = &It->second;
      Resources.From = CompiledBy;
    } else {
      Resources.WhyNot = Compiled.empty() ? PtxasWhy : "no ptxas entry";
    }
    // LocalMemoryArray's precondition: ptxas keeps the array in local
    // memory. A 0-byte stack frame says it went to registers.
    bool LocalInRegisters = Resources.R && Resources.R->LocalBytes == 0 &&
                            S.Counts[index(Unit::LocalMem)] > 0;
    std::size_t LocalAssumptionAt = R.Assumed.size();
    if (LocalInRegisters) {
      R.Assumed.push_back(localInRegistersAssumption(
          S.Counts[index(Unit::LocalMem)], CompiledBy));
      for (ArgumentLoop &AL : R.ArgumentLoops)
        AL.Counts[index(Unit::LocalMem)] = 0;
    }
    auto Hidden = [&](const Finding &F) {
      return (LocalInRegisters && F.Rule == "LocalMemoryArray") ||
             !shownFinding(F, O);
    };
    unsigned InHeaders = 0;
    for (const Finding &F : R.Findings)
      InHeaders += !shownFinding(F, O);
    R.Findings.erase(
        std::remove_if(R.Findings.begin(), R.Findings.end(), Hidden),
        R.Findings.end());
    if (InHeaders)
      R.Assumed.push_back(numberAssumption(
          "system_header_findings", InHeaders,
          "findings located in system headers (clang's CUDA wrappers, the "
          "CUDA toolkit) not shown: -gpa-system-header-findings (gpa: "
          "--system-header-findings) shows them"));
    Draft.Profile = makeProfile(*K, S, LocalInRegisters);
    Draft.Declared = declaredLaunch(*K, S);
    Draft.Given = Given;
    Draft.Before = std::move(R.Assumed);
    addSummaryAssumptions(S, Trips, Draft.After);
    std::set<unsigned> LoopStarts;
    for (const AssumedLoop &L : S.AssumedLoops)
      if (L.Line)
        LoopStarts.insert(L.Line);
    LoopLines.note(Trips, LoopStarts, R.Demangled);
    Draft.GridIndependent = R.Grid.Independent;
    if (!Out.ResourcesPending.empty()) {
      // The draft as the host will assemble it again: the launch file's
      // entry is looked up there, the resources come from the cubin.
      DeferredDraft Deferred{Draft, std::nullopt, 0, LocalAssumptionAt};
      Deferred.Draft.Given = nullptr;
      Deferred.LocalMemPerThread = S.Counts[index(Unit::LocalMem)];
      if (Deferred.LocalMemPerThread > 0)
        Deferred.LocalInRegisters = makeProfile(*K, S, true);
      R.Deferred = std::move(Deferred);
    }
    AssembledKernel Assembled;
    AssemblyStatus St =
        assembleKernel(std::move(Draft), Out.Gpu, O, Assembled, Error);
    if (St == AssemblyStatus::BadOption)
      return false;
    if (St == AssemblyStatus::NotAnalysed) {
      Out.Warnings.push_back("kernel " + R.Demangled +
                             " not analysed: " + Error);
      continue;
    }
    R.Assumed = std::move(Assembled.Assumed);
    R.Analysis = std::move(Assembled.Analysis);
    if (!Assembled.Spills.empty() && !K->empty()) {
      Finding F;
      F.Rule = "RegisterSpill";
      F.At = &K->getEntryBlock().front();
      F.File = R.File;
      F.Line = R.Line;
      F.Message = registerSpillMessage(Assembled.Spills);
      R.Findings.insert(R.Findings.begin(), F);
    }
    if (Out.OnKernel)
      Out.OnKernel(std::move(R));
    else
      Out.Results.push_back(std::move(R));
  }
  LoopLines.appendWarnings(Out.Warnings);
  Error.clear();
  return true;
}

} // namespace gpa
