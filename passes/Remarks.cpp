//===- Remarks.cpp - The plugin's optimization remarks -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// ore::NV has no double overload (it would be ambiguous), so real numbers are
// passed as fixed-precision strings; YAML consumers parse them as numbers.
//
//===----------------------------------------------------------------------===//

#include "Remarks.h"
#include "SourceLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"

#include "gpa/ClockDecision.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Headline.h"
#include "gpa/KernelFields.h"
#include "gpa/Report.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace gpa {

std::string formatCount(double V) {
  if (!std::isfinite(V))
    return "nan";
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.3f", V);
  OS.flush();
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S == "-0" ? "0" : S;
}

static std::string fixed(double V, unsigned Decimals) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.*f", int(Decimals), std::isfinite(V) ? V : 0.0);
  return OS.str();
}

std::string dominantUnits(const KernelProfile &P) {
  std::vector<std::pair<double, std::size_t>> Order;
  for (std::size_t U = 0; U < NumUnits; ++U)
    if (P.PerThread[U] > 0)
      Order.push_back({P.PerThread[U], U});
  // Most instructions first; ties in Units.def order.
  std::stable_sort(
      Order.begin(), Order.end(),
      [](const auto &A, const auto &B) { return A.first > B.first; });
  std::string Out;
  for (std::size_t I = 0; I < Order.size() && I < 3; ++I) {
    if (I)
      Out += ", ";
    Out += allUnits()[Order[I].second].Key;
  }
  return Out.empty() ? "none" : Out;
}

std::string countsText(const KernelProfile &P) {
  std::string Out;
  for (const UnitInfo &U : allUnits()) {
    double N = P.count(U.Id);
    if (N <= 0)
      continue;
    if (!Out.empty())
      Out += ' ';
    Out += std::string(U.Key) + "=" + formatCount(N);
  }
  return Out.empty() ? "none" : Out;
}

static const char *caseName(TimingCase C) {
  switch (C) {
  case TimingCase::NotEnoughWarps:
    return "not enough warps";
  case TimingCase::MemoryBound:
    return "memory-bound";
  case TimingCase::ComputeBound:
    return "compute-bound";
  case TimingCase::Empty:
    break;
  }
  return "empty";
}

/// How the launch was chosen: "assumed", "given", or per dimension
/// ("block given, grid assumed") when they differ.
static std::string launchKinds(const AssumptionList &List) {
  std::string Block = "assumed", Grid = "assumed";
  for (const Assumption &A : List) {
    if (A.Name == "block_size")
      Block = A.Kind;
    else if (A.Name == "grid_size")
      Grid = A.Kind;
  }
  if (Block == Grid)
    return Block;
  return "block " + Block + ", grid " + Grid;
}

/// A shared field (gpa/KernelFields.def) as the remark argument its row
/// names, in the field's format: the remark shows the figure every other
/// renderer shows.
static DiagnosticInfoOptimizationBase::Argument
fieldArg(KernelField F, const KernelAnalysis &A) {
  const KernelFieldInfo &I = kernelFieldInfo(F);
  if (I.Format == FieldFormat::Integer)
    return ore::NV(I.RemarkKey,
                   static_cast<unsigned long long>(kernelFieldValue(F, A)));
  return ore::NV(I.RemarkKey, kernelFieldText(F, A));
}

static DiagnosticLocation kernelLocation(const Function &F) {
  if (const DISubprogram *SP = F.getSubprogram())
    return DiagnosticLocation(SP);
  return DiagnosticLocation();
}

/// The clock decision of the analysis (gpa/ClockDecision.h: the
/// least-energy clock pair at all useful SMs within the decision policy's
/// max slowdown of the fastest, never one priced above the reference
/// clocks), rendered. Computed only when a remark can be shown or a report
/// is written (DeviceAdvisorPass.cpp); GPU models with fewer than two clock
/// pairs get no remark. Advice only: nothing changes clocks.
static void emitClockAdviceRemark(const KernelResult &K, const GpuModel &Gpu,
                                  Function &F, OptimizationRemarkEmitter &ORE) {
  const std::optional<ClockDecision> &D = K.Analysis.Clock;
  if (!D || !D->Available)
    return;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(RemarkPassName, "ClockAdvice",
                                 kernelLocation(F), &F.getEntryBlock());
    const ClockPoint &Ref = D->Reference;
    R << ore::NV("Kernel", K.Demangled) << " on " << ore::NV("GPU", Gpu.Name)
      << " (" << ore::NV("PowerBasis", D->Basis) << "): ";
    // The reference clocks, as "975/3505 MHz" or "1410 MHz core".
    auto Reference = [&] {
      R << ore::NV("RefCoreMHz", fixed(Ref.CoreMhz, 0));
      if (D->Dvfs)
        R << "/" << ore::NV("RefMemMHz", fixed(Ref.MemMhz, 0)) << " MHz";
      else
        R << " MHz core";
    };
    if (D->Choice.Change) {
      R << "least energy within "
        << ore::NV("MaxSlowdownPct", fixed(D->MaxSlowdownPct, 0))
        << "% of the fastest at core "
        << fieldArg(KernelField::ClockCoreMhz, K.Analysis) << " MHz, ";
      if (D->Dvfs)
        R << "memory " << fieldArg(KernelField::ClockMemMhz, K.Analysis)
          << " MHz";
      else
        R << "memory as modelled";
      R << ": energy "
        << fieldArg(KernelField::ClockEnergySavingPct, K.Analysis)
        << "% below the reference clocks (";
      Reference();
      R << ")";
    } else {
      R << "no clock change from the reference clocks (";
      Reference();
      R << "): " << ore::NV("ClockAdviceReason", D->Choice.Reason);
    }
    R << "; advice only, the build never changes clocks "
         "(docs/dvfs.md: applying clock advice)";
    return R;
  });
}

void emitKernelRemarks(const KernelResult &K, const GpuModel &Gpu,
                       FunctionAnalysisManager &FAM, bool GridRemark) {
  Function &F = const_cast<Function &>(*K.F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  const KernelAnalysis &A = K.Analysis;
  const Evaluation &E = A.Requested;
  const KernelProfile &P = A.Profile;
  unsigned AllSms = A.MaxUsefulSms;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(RemarkPassName, "KernelPowerProfile",
                                 kernelLocation(F), &F.getEntryBlock());
    // The answer first, in the plain words gpa's text leads with
    // (models/src/Headline.cpp); the paper's terms follow as details.
    R << ore::NV("Kernel", K.Demangled) << " on " << ore::NV("GPU", Gpu.Name)
      << ": " << ore::NV("Headline", kernelHeadline(A));
    // A decision on a launch nobody wrote says so where it is stated: the
    // host's launch sites get their own answers (LaunchSiteAdvisor.cpp).
    std::string Source = launchKinds(K.Assumed);
    if (Source.find("assumed") != std::string::npos)
      R << ", for the " << ore::NV("DecisionLaunch", Source) << " launch of "
        << std::to_string(P.Launch.Blocks) << " blocks x "
        << std::to_string(P.Launch.ThreadsPerBlock) << " threads";
    // The figures every renderer shares (KernelFields.def), by field.
    R << "; details: MWP " << fieldArg(KernelField::Mwp, A) << ", CWP "
      << fieldArg(KernelField::Cwp, A) << ", case "
      << fieldArg(KernelField::Case, A) << " (" << caseName(E.Time.Case)
      << "); time " << fieldArg(KernelField::ExecTimeS, A) << " s, power "
      << fieldArg(KernelField::TotalPowerW, A) << " W ("
      << ore::NV("PowerModel", E.Est.Backend) << " model), "
      << fieldArg(KernelField::GipsPerW, A) << " GIPS/W; "
      << "bandwidth-bound " << fieldArg(KernelField::BandwidthBound, A)
      << " (Eq. 34 closed form " << ore::NV("Eq34SMs", A.Adv.Eq34ActiveSms)
      << " SMs); ";
    R << "recommended " << fieldArg(KernelField::OptimalActiveSms, A) << " of "
      << ore::NV("SMs", AllSms) << " SMs ("
      << ore::NV("Mechanism", mechanismName(A.Adv.Mech)) << ", objective "
      << ore::NV("Objective", objectiveName(A.Adv.Policy.Goal))
      << "), energy saved "
      << ore::NV("EnergySavedPct", fixed(A.Adv.Savings.RuntimeIdlePct, 1))
      << "%; "
      << ore::NV("Advice", A.Adv.Rec.Change ? std::string("change recommended")
                                            : A.Adv.Rec.Reason)
      << "; dominant units: " << ore::NV("DominantUnits", dominantUnits(P))
      << "; per thread: " << ore::NV("Counts", countsText(P)) << "; launch "
      << fieldArg(KernelField::ThreadsPerBlock, A) << " threads x "
      << fieldArg(KernelField::Blocks, A) << " blocks ("
      << ore::NV("LaunchSource", Source) << ")";
    return R;
  });
  // Which memory level bounds a memory-bound kernel (docs/models.md
  // "Memory levels"); only GPU files with caches give one.
  std::string Levels = memoryLevelSummary(E.Time, Gpu);
  if (!Levels.empty() && E.Time.Case == TimingCase::MemoryBound)
    ORE.emit([&] {
      OptimizationRemarkAnalysis R(RemarkPassName, "MemoryLevels",
                                   kernelLocation(F), &F.getEntryBlock());
      R << ore::NV("Kernel", K.Demangled) << ": "
        << ore::NV("MemoryLevels", Levels);
      return R;
    });
  // The verdict matters to users who asked for the launch rewrite; for
  // everyone else it rides on the UseFewerSMs remark below.
  if (GridRemark)
    ORE.emit([&] {
      OptimizationRemarkAnalysis R(RemarkPassName, "GridIndependence",
                                   kernelLocation(F), &F.getEntryBlock());
      R << ore::NV("Kernel", K.Demangled) << " grid-independent: "
        << ore::NV("GridIndependent", K.Grid.Independent ? "true" : "false")
        << " (" << ore::NV("GridIndependentReason", K.Grid.Reason) << ")";
      return R;
    });
  emitClockAdviceRemark(K, Gpu, F, ORE);
  // Only the decision (models/include/gpa/Decision.h) asks for a change.
  if (!A.Adv.Rec.Change)
    return;
  // Which idle-SM assumption the saving uses, the other figure beside it.
  GatingNote Gating = gatingNote(A.Adv.Savings, Gpu.Name);
  ORE.emit([&] {
    OptimizationRemarkMissed R(RemarkPassName, "UseFewerSMs", kernelLocation(F),
                               &F.getEntryBlock());
    R << ore::NV("Kernel", K.Demangled) << ": running it on "
      << ore::NV("OptimalSMs", A.Adv.RecommendedActiveSms) << " of "
      << ore::NV("SMs", AllSms) << " SMs ("
      << ore::NV("Mechanism", mechanismName(A.Adv.Mech)) << ") improves "
      << ore::NV("Objective", objectiveName(A.Adv.Policy.Goal)) << " by "
      << ore::NV("ObjectiveSavingPct", fixed(A.Adv.Rec.ObjectiveSavingPct, 1))
      << "% with a slowdown of "
      << ore::NV("SlowdownPct", fixed(A.Adv.Rec.SlowdownPct, 1))
      << "%; energy saved "
      << ore::NV("EnergySavedPct", fixed(A.Adv.Savings.RuntimeIdlePct, 1))
      << "% (" << ore::NV("IdleSmAssumption", Gating.Assumption) << "; "
      << ore::NV(Gating.OtherKey.c_str(), fixed(Gating.OtherPct, 1)) << "% "
      << Gating.OtherLabel << "); its grid can shrink (-gpa-rewrite-grid): "
      << ore::NV("GridIndependent", K.Grid.Independent ? "true" : "false")
      << " (" << ore::NV("GridIndependentReason", K.Grid.Reason) << ")";
    return R;
  });
}

std::string launchSourceText(const AssumptionList &List) {
  return launchKinds(List);
}

DecisionSummary kernelDecision(const KernelResult &K, const GpuModel &Gpu) {
  // Where the kernel remark stands: its subprogram's scope line.
  std::string Where;
  if (const DISubprogram *SP = K.F->getSubprogram(); SP && !K.File.empty())
    Where = K.File + ":" + std::to_string(SP->getScopeLine());
  return summarizeDecision(K.Analysis, Gpu.NumSms, launchKinds(K.Assumed),
                           Where);
}

void emitNoteRemarks(const std::vector<CounterNote> &Notes,
                     const KernelResult &K, std::vector<bool> &Emitted,
                     FunctionAnalysisManager &FAM, bool SystemHeaders) {
  Emitted.resize(Notes.size(), false);
  for (std::size_t I = 0; I < Notes.size(); ++I) {
    const CounterNote &N = Notes[I];
    if (Emitted[I] || !K.Reached.count(N.At->getFunction()))
      continue;
    Emitted[I] = true;
    // The library's code, not the user's (the report's counts keep it).
    if (const DILocation *L = N.At->getDebugLoc().get();
        !SystemHeaders && L && isSystemHeader(*L))
      continue;
    Function &F = const_cast<Function &>(*N.At->getFunction());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, "EstimateAssumption",
                                        N.At)
             << N.Message;
    });
  }
}

/// The file of a debug location, relative to its compile directory when
/// below it, else reduced to its name (reports never hold absolute paths).
void emitFindingRemarks(const std::vector<Finding> &Findings,
                        FunctionAnalysisManager &FAM) {
  for (const Finding &F : Findings) {
    Function &Fn = const_cast<Function &>(*F.At->getFunction());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(Fn);
    ORE.emit([&] {
      // Without an instruction's location: the kernel's line.
      DiagnosticLocation Loc =
          F.Loc ? DiagnosticLocation(DebugLoc(const_cast<DILocation *>(F.Loc)))
          : Fn.getSubprogram() ? DiagnosticLocation(Fn.getSubprogram())
                               : DiagnosticLocation();
      OptimizationRemarkAnalysis R(RemarkPassName, F.Rule, Loc,
                                   F.At->getParent());
      R << F.Message << " [" << ore::NV("Rule", F.Rule) << "]";
      return R;
    });
  }
}

} // namespace gpa
