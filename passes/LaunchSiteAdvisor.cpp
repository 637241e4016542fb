//===- LaunchSiteAdvisor.cpp - Predictions at each launch site ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "LaunchSiteAdvisor.h"
#include "ArgumentLoops.h"
#include "DecisionSummary.h"
#include "DeviceHandoff.h"
#include "KernelStubs.h"
#include "LaunchSites.h"
#include "Remarks.h"
#include "ReportWriter.h"

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"
#include "gpa/CanonicalJson.h"
#include "gpa/JsonReader.h"
#include "gpa/KernelResources.h"
#include "gpa/Occupancy.h"
#include "gpa/ProfileLoader.h"
#include "gpa/Report.h"
#include "gpa/common/AssembleKernel.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace llvm;
using nlohmann::json;

namespace gpa {

namespace {
std::string fixed(double V, unsigned Decimals) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.*f", int(Decimals), std::isfinite(V) ? V : 0.0);
  return OS.str();
}

std::string scientific(double V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.3e", std::isfinite(V) ? V : 0.0);
  return OS.str();
}

/// "32x8" (trailing dimensions of 1 left out), "?" for unknown ones.
std::string dimsText(const LaunchValue (&D)[3]) {
  auto isOne = [](const LaunchValue &V) {
    return V.Known && !V.IsRange && V.Value == 1;
  };
  unsigned Shown = isOne(D[2]) ? (isOne(D[1]) ? 1 : 2) : 3;
  std::string Out = launchValueText(D[0]);
  for (unsigned I = 1; I < Shown; ++I)
    Out += "x" + launchValueText(D[I]);
  return Out;
}

/// One launch site evaluated for one device compilation (arch).
struct Evaluated {
  std::string Arch;
  GpuModel Gpu;
  KernelAnalysis Analysis;
  LaunchValue Blocks, Threads, DynamicShared;
  std::string RegistersSource, SharedSource;
  std::uint64_t StaticSharedBytes = 0;
  /// Loops bounded by an argument this launch passes as a constant.
  std::vector<LaunchedLoop> Loops;
  /// Why an assumed grid has the size it has ("" when not assumed).
  std::string GridReason;
  /// The site's decision (the one decision, at this launch) and the device
  /// remark's, when the handoff carries it.
  DecisionSummary Site;
  std::optional<DecisionSummary> Kernel;
};

/// "constant", or "grid assumed, block constant" when they differ.
std::string siteLaunchSource(const Evaluated &E) {
  if (E.Blocks.Source == E.Threads.Source)
    return E.Blocks.Source;
  return "grid " + E.Blocks.Source + ", block " + E.Threads.Source;
}

std::string siteWhere(const LaunchSite &S) {
  if (S.File.empty())
    return "";
  return S.File + ":" + std::to_string(S.Line) + ":" + std::to_string(S.Column);
}

/// Why this site's answer is not the kernel remark's: "" when they agree.
std::string differenceText(const Evaluated &E) {
  if (!E.Kernel || !answersDiffer(*E.Kernel, E.Site))
    return "";
  std::string Why = launchDifference(*E.Kernel, E.Site);
  if (!E.Loops.empty())
    Why += std::string(Why == "the same launch shape" ? "; " : ", ") +
           "loop trip counts from this launch's arguments";
  const DecisionSummary &K = *E.Kernel;
  return "the kernel's remark" + (K.Where.empty() ? "" : " at " + K.Where) +
         " answers for the " + K.LaunchSource + " launch of " +
         launchShapeText(K) + " (" + shortAnswerText(K) + "): " + Why;
}

/// "line 12: 1000 iterations (argument 3)"; "" for none.
std::string loopsText(const std::vector<LaunchedLoop> &Loops) {
  std::string Out;
  for (const LaunchedLoop &L : Loops)
    Out += (Out.empty() ? "" : ", ") + std::string("line ") +
           std::to_string(L.Line) + ": " + std::to_string(L.TripCount) +
           " iterations (argument " + std::to_string(L.ArgNo) + ")";
  return Out;
}

json valueJson(const LaunchValue &V, std::uint64_t Used) {
  json Out = {{"value", Used}, {"source", V.Source}};
  if (V.IsRange)
    Out["range"] = {V.Min, V.Value};
  return Out;
}

json siteJson(const LaunchSite &S, const Evaluated &E) {
  const LaunchConfig &L = E.Analysis.Profile.Launch;
  json Obj = kernelReportJson(E.Analysis, E.Gpu);
  Obj["name"] = S.Kernel;
  Obj["demangled"] = demangle(S.Kernel);
  Obj["location"] =
      S.File.empty()
          ? json(nullptr)
          : json{{"file", S.File}, {"line", S.Line}, {"column", S.Column}};
  Obj["configuration"] = {
      {"grid", valueJson(E.Blocks, L.Blocks)},
      {"block", valueJson(E.Threads, L.ThreadsPerBlock)},
      {"dynamic_shared_bytes",
       valueJson(E.DynamicShared, E.DynamicShared.Value)},
      {"grid_dims",
       {launchValueText(S.Grid[0]), launchValueText(S.Grid[1]),
        launchValueText(S.Grid[2])}},
      {"block_dims",
       {launchValueText(S.Block[0]), launchValueText(S.Block[1]),
        launchValueText(S.Block[2])}},
      {"registers_per_thread",
       {{"value", L.RegistersPerThread}, {"source", E.RegistersSource}}},
      {"static_shared_bytes",
       {{"value", E.StaticSharedBytes}, {"source", E.SharedSource}}}};
  json Loops = json::array();
  for (const LaunchedLoop &L : E.Loops)
    Loops.push_back({{"line", L.Line},
                     {"trip_count", L.TripCount},
                     {"argument", L.ArgNo},
                     {"source", "derived"}});
  Obj["configuration"]["loops"] = Loops;
  if (!E.GridReason.empty())
    Obj["configuration"]["grid"]["reason"] = E.GridReason;
  return Obj;
}

/// A remark at the launch site that says what it could not evaluate.
void remarkNotEvaluated(const LaunchSite &S, FunctionAnalysisManager &FAM,
                        const std::string &Why) {
  Function &F = *const_cast<Function *>(S.Push->getFunction());
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(RemarkPassName, "LaunchSiteNotEvaluated",
                                      S.Push)
           << "launch of " << ore::NV("Kernel", demangle(S.Kernel)) << " grid "
           << ore::NV("Grid", dimsText(S.Grid)) << " block "
           << ore::NV("Block", dimsText(S.Block)) << ": not evaluated (" << Why
           << ")";
  });
}

void remarkEvaluated(const LaunchSite &S, const Evaluated &E,
                     FunctionAnalysisManager &FAM) {
  Function &F = *const_cast<Function *>(S.Push->getFunction());
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  const KernelAnalysis &A = E.Analysis;
  const Evaluation &Ev = A.Requested;
  const LaunchConfig &L = A.Profile.Launch;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(RemarkPassName, "LaunchSitePowerProfile",
                                 S.Push);
    R << "launch of " << ore::NV("Kernel", demangle(S.Kernel)) << " on "
      << ore::NV("GPU", E.Gpu.Name) << " (" << ore::NV("Arch", E.Arch)
      << "): grid " << ore::NV("Grid", dimsText(S.Grid)) << " = "
      << ore::NV("GridSize", unsigned(L.Blocks)) << " blocks ("
      << ore::NV("GridSource", E.Blocks.Source) << "), block "
      << ore::NV("Block", dimsText(S.Block)) << " = "
      << ore::NV("BlockSize", unsigned(L.ThreadsPerBlock)) << " threads ("
      << ore::NV("BlockSource", E.Threads.Source) << "), dynamic shared "
      << ore::NV("DynamicSharedBytes", unsigned(E.DynamicShared.Value))
      << " B (" << ore::NV("DynamicSharedSource", E.DynamicShared.Source)
      << "), " << ore::NV("Registers", unsigned(L.RegistersPerThread))
      << " registers/thread (" << ore::NV("RegistersSource", E.RegistersSource)
      << ")";
    if (!E.Loops.empty())
      R << "; loops bounded by a constant argument (derived): "
        << ore::NV("Loops", loopsText(E.Loops));
    R << "; MWP " << ore::NV("MWP", fixed(Ev.Time.Mwp, 2)) << ", CWP "
      << ore::NV("CWP", fixed(Ev.Time.Cwp, 2)) << ", time "
      << ore::NV("ExecTimeS", scientific(Ev.Time.ExecTimeS)) << " s, power "
      << ore::NV("TotalPowerW", fixed(Ev.TotalPowerW, 1)) << " W ("
      << ore::NV("PowerModel", Ev.Est.Backend) << " model), "
      << ore::NV("GIPSPerW", fixed(Ev.Eff.GipsPerW, 4))
      << " GIPS/W; recommended "
      << ore::NV("OptimalSMs", A.Adv.RecommendedActiveSms) << " of "
      << ore::NV("SMs", A.MaxUsefulSms) << " SMs";
    if (A.MaxUsefulSms < E.Gpu.NumSms)
      R << " (a grid of " << std::to_string(L.Blocks)
        << " blocks fills at most " << std::to_string(A.MaxUsefulSms)
        << " of the GPU's " << std::to_string(E.Gpu.NumSms) << ")";
    if (A.Adv.Rec.Change)
      R << ", energy saved "
        << ore::NV("EnergySavedPct", fixed(A.Adv.Savings.RuntimeIdlePct, 1))
        << "%";
    R << ": "
      << ore::NV("Advice", A.Adv.Rec.Change ? std::string("change recommended")
                                            : A.Adv.Rec.Reason);
    std::string Difference = differenceText(E);
    if (!Difference.empty())
      R << "; " << ore::NV("DiffersFromKernelRemark", Difference);
    return R;
  });
}

/// The model of one arch: -gpa-gpu, or the bundled model closest to it,
/// through the one cached GPU choice every front-end makes (chooseGpu).
bool gpuFor(const std::string &Arch, const PluginOptions &O, GpuModel &Gpu,
            std::string &Error) {
  std::optional<unsigned> Sm;
  if (Arch.rfind("sm_", 0) == 0)
    if (unsigned N = unsigned(std::strtoul(Arch.c_str() + 3, nullptr, 10)))
      Sm = N;
  Assumption Chosen;
  return chooseGpu(O, Sm, Gpu, Chosen, Error);
}

/// Evaluates site S with the device profile of one arch. Error says why not.
bool evaluate(const LaunchSite &S, const std::string &Arch,
              const HandoffKernel &K, const ResourcesByArch &Resources,
              const PluginOptions &O, Evaluated &E, std::string &Error) {
  E.Arch = Arch;
  if (!gpuFor(Arch, O, E.Gpu, Error))
    return false;
  std::vector<KernelProfile> Profiles;
  if (!parseKernelProfiles(K.Profile, "device handoff", Profiles, Error) ||
      Profiles.size() != 1) {
    Error = "unreadable device profile: " + Error;
    return false;
  }
  KernelProfile P = Profiles.front();
  LaunchConfig &L = P.Launch;

  // Loops bounded by an argument this launch passes as a constant.
  std::vector<ArgumentLoop> Loops;
  unsigned Params = 0;
  if (argumentLoopsFromJson(K.ArgumentLoops, Loops, Params) && !Loops.empty() &&
      S.Args.size() == Params) {
    std::vector<std::optional<std::uint64_t>> Args;
    for (const LaunchValue &V : S.Args)
      Args.push_back(V.Known && !V.IsRange
                         ? std::optional<std::uint64_t>(V.Value)
                         : std::nullopt);
    E.Loops = rescaleArgumentLoops(P, Loops, Args);
  }

  E.RegistersSource = O.RegistersPerThread ? "given" : "assumed";
  E.SharedSource = "static __shared__ variables in the IR";
  E.StaticSharedBytes = L.SharedBytesPerBlock;
  auto ArchIt = Resources.find(Arch);
  if (ArchIt != Resources.end()) {
    auto It = ArchIt->second.find(S.Kernel);
    if (It != ArchIt->second.end() && It->second.Registers) {
      L.RegistersPerThread = It->second.Registers;
      E.StaticSharedBytes = It->second.SharedBytes;
      E.RegistersSource = E.SharedSource = "cubin";
    }
  }

  E.DynamicShared = S.DynamicSharedBytes;
  if (!E.DynamicShared.Known) {
    E.DynamicShared.Value = 0;
    E.DynamicShared.Source = "assumed";
  }
  L.SharedBytesPerBlock = E.StaticSharedBytes + E.DynamicShared.Value;

  E.Threads = LaunchSite::product(S.Block);
  if (E.Threads.Known) {
    L.ThreadsPerBlock = E.Threads.Value;
    // The site's shape (rule R9's block footprint) when every dimension is
    // one value; a range leaves it unknown.
    L.BlockShape = BlockDims();
    if (!E.Threads.IsRange)
      L.BlockShape =
          BlockDims{S.Block[0].Value, S.Block[1].Value, S.Block[2].Value};
  } else {
    E.Threads.Source = O.BlockSize ? "given" : "assumed";
    E.Threads.Value = L.ThreadsPerBlock; // the device compile's choice
  }
  if (L.ThreadsPerBlock == 0 || L.ThreadsPerBlock > E.Gpu.MaxThreadsPerBlock) {
    Error = std::to_string(L.ThreadsPerBlock) +
            " threads per block do not fit " + E.Gpu.Name;
    return false;
  }
  L.Blocks = 1;
  Occupancy Occ = computeOccupancy(L, E.Gpu);
  if (!Occ.Fits) {
    Error = "a block does not fit on " + E.Gpu.Name + ": " + Occ.Reason;
    return false;
  }
  E.Blocks = LaunchSite::product(S.Grid);
  // A grid known only as a range (often just its type's: 1..2^32 - 1) is
  // not priced at its maximum: the user's -gpa-grid-size, else one full
  // wave at the kernel's occupancy, kept within the range (docs/models.md
  // "Unknown grids").
  std::uint64_t Wave = std::uint64_t(E.Gpu.NumSms) * Occ.MaxActiveBlocksPerSm;
  if (E.Blocks.Known && !E.Blocks.IsRange && E.Blocks.Value > 0) {
    L.Blocks = E.Blocks.Value;
  } else if (O.GridSize) {
    E.Blocks.Source = "given";
    L.Blocks = *O.GridSize;
  } else if (E.Blocks.Known && E.Blocks.IsRange) {
    E.Blocks.Source = "assumed";
    E.GridReason = "the grid is known only as the range " +
                   launchValueText(E.Blocks) + ": one full wave (" +
                   std::to_string(E.Gpu.NumSms) + " SMs x " +
                   std::to_string(Occ.MaxActiveBlocksPerSm) +
                   " resident blocks) within it; give -gpa-grid-size";
    L.Blocks = std::clamp(Wave, std::max<std::uint64_t>(E.Blocks.Min, 1),
                          std::max<std::uint64_t>(E.Blocks.Value, 1));
  } else {
    E.Blocks = LaunchValue();
    E.GridReason = "the grid is not known: one full wave (" +
                   std::to_string(E.Gpu.NumSms) + " SMs x " +
                   std::to_string(Occ.MaxActiveBlocksPerSm) +
                   " resident blocks); give -gpa-grid-size";
    L.Blocks = Wave;
  }
  // The same decision policy as the kernel's own remark (-gpa-objective,
  // -gpa-max-slowdown, ...), at this site's launch.
  AnalysisOptions Model = modelOptions(O, K.GridIndependent);
  Model.WithClockAdvice = false; // a launch site's answer has no clock advice
  if (!analyzeKernel(P, E.Gpu, Model, E.Analysis, Error))
    return false;
  E.Site = summarizeDecision(E.Analysis, E.Gpu.NumSms, siteLaunchSource(E),
                             siteWhere(S));
  DecisionSummary Device;
  if (decisionSummaryFromJson(K.KernelDecision, Device))
    E.Kernel = Device;
  return true;
}

/// One kernel's launch sites in this file, for one arch, in IR order.
struct KernelLaunches {
  std::string Arch, Kernel, Gpu;
  std::vector<std::pair<const LaunchSite *, DecisionSummary>> Sites;
  std::optional<DecisionSummary> Device;
  /// Indexes into the report's launch_sites (when a report is written).
  std::vector<std::size_t> ReportIndex;
};

/// The kernel-level answer of a host compilation: at the kernel's line (its
/// device stub's), the answers of the launches this file makes, each named,
/// and how they relate to the device remark's assumed launch.
void remarkKernelLaunches(const KernelLaunches &KL, Function *Stub,
                          FunctionAnalysisManager &FAM) {
  const LaunchSite &First = *KL.Sites.front().first;
  Function &F = Stub && Stub->getSubprogram() && !Stub->empty()
                    ? *Stub
                    : *const_cast<Function *>(First.Push->getFunction());
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool AnyDiffers = false;
  for (const auto &Site : KL.Sites)
    AnyDiffers |= KL.Device && answersDiffer(*KL.Device, Site.second);
  ORE.emit([&] {
    DiagnosticLocation Loc =
        &F == Stub ? DiagnosticLocation(F.getSubprogram())
                   : DiagnosticLocation(First.Push->getDebugLoc());
    OptimizationRemarkAnalysis R(RemarkPassName, "KernelLaunches", Loc,
                                 &F.getEntryBlock());
    R << ore::NV("Kernel", demangle(KL.Kernel)) << " on "
      << ore::NV("GPU", KL.Gpu) << " (" << ore::NV("Arch", KL.Arch)
      << ") as this file launches it, "
      << ore::NV("LaunchSites", unsigned(KL.Sites.size()))
      << (KL.Sites.size() == 1 ? " launch site" : " launch sites");
    for (std::size_t I = 0; I < KL.Sites.size(); ++I) {
      const DecisionSummary &D = KL.Sites[I].second;
      R << (I ? "; " : ": ")
        << ore::NV("Site", D.Where.empty() ? std::string("?") : D.Where) << " ("
        << launchShapeText(D) << ", " << D.LaunchSource
        << "): " << ore::NV("Answer", recommendationText(D));
    }
    if (AnyDiffers)
      R << "; the device remark"
        << (KL.Device->Where.empty() ? "" : " at " + KL.Device->Where)
        << " answers for the " << KL.Device->LaunchSource << " launch of "
        << ore::NV("DeviceLaunch", launchShapeText(*KL.Device)) << " ("
        << ore::NV("DeviceAnswer", shortAnswerText(*KL.Device))
        << "); the launches written here are what runs";
    return R;
  });
}

/// The kernel entry's `launches`: each launch site's answer, by its index
/// in `launch_sites`, and what its own `advice` describes.
json kernelLaunchesJson(const KernelLaunches &KL) {
  json Out = json::array();
  for (std::size_t I = 0; I < KL.Sites.size(); ++I) {
    const DecisionSummary &D = KL.Sites[I].second;
    Out.push_back({{"launch_site", KL.ReportIndex[I]},
                   {"location", D.Where},
                   {"blocks", D.Blocks},
                   {"threads_per_block", D.ThreadsPerBlock},
                   {"launch_source", D.LaunchSource},
                   {"optimal_active_sms", D.RecommendedSms},
                   {"useful_sms", D.UsefulSms},
                   {"change", D.Change},
                   {"reason", D.Reason},
                   {"energy_saved_pct", D.EnergySavedPct},
                   {"answer", recommendationText(D)}});
  }
  return Out;
}

/// Adds the evaluated sites to the device report of their arch, when the
/// device compilation of this build wrote one with the same GPU model; each
/// kernel entry with launch sites gets `launches` and `advice.describes`.
void addToReports(const PluginOptions &O,
                  const std::map<std::string, json> &SitesByArch,
                  const std::map<std::string, std::string> &GpuByArch,
                  const std::vector<KernelLaunches> &Launches,
                  HostReports &Reports) {
  for (const auto &[Arch, Sites] : SitesByArch) {
    // The host's own report of this arch, else the device compilation's
    // file (its resources were not pending), read and replaced whole.
    std::string File = reportFileName(O.ReportFile, Arch), Error;
    auto Known = Reports.find(Arch);
    auto Text = Known != Reports.end() ? std::optional(Known->second.Text)
                                       : readTextFile(File, Error);
    auto Doc = Text ? parseJsonText(*Text, File, Error) : std::nullopt;
    if (!Doc || !Doc->is_object() ||
        Doc->value("gpu", "") != GpuByArch.at(Arch))
      continue;
    try {
      (*Doc)["launch_sites"] = Sites;
      for (json &K : (*Doc)["kernels"])
        for (const KernelLaunches &KL : Launches) {
          if (KL.Arch != Arch || K.value("name", "") != KL.Kernel)
            continue;
          K["launches"] = kernelLaunchesJson(KL);
          std::string Launch =
              std::to_string(K["launch"].value("blocks", 0)) + " blocks x " +
              std::to_string(K["launch"].value("threads_per_block", 0)) +
              " threads";
          K["advice"]["describes"] =
              (KL.Device && launchAssumed(*KL.Device) ? "the assumed launch of "
                                                      : "the launch of ") +
              Launch + "; the " + std::to_string(KL.Sites.size()) +
              " launch site(s) this file writes are answered in `launches`";
        }
      Reports[Arch] = {File, GpuByArch.at(Arch), toCanonicalJson(*Doc) + '\n'};
    } catch (const std::exception &) {
    }
  }
}
} // namespace

void adviseLaunchSites(Module &M, const PluginOptions &O,
                       FunctionAnalysisManager &FAM,
                       const HandoffByArch &Handoff,
                       const ResourcesByArch &Resources, HostReports &Reports) {
  // Each site's answer goes only to remarks and the report: with neither
  // (a plain build) nothing is evaluated. The test is ORE.emit's own.
  LLVMContext &Ctx = M.getContext();
  if (O.ReportFile.empty() && !Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled())
    return;
  std::vector<LaunchSite> Sites = findLaunchSites(M, FAM);
  if (Sites.empty())
    return;
  std::map<std::string, json> SitesByArch;
  std::map<std::string, std::string> GpuByArch;
  std::vector<KernelLaunches> Launches; // in order of first launch
  for (const LaunchSite &S : Sites) {
    bool Any = false;
    for (const auto &[Arch, Kernels] : Handoff)
      for (const HandoffKernel &K : Kernels) {
        if (K.Name != S.Kernel)
          continue;
        Any = true;
        Evaluated E;
        std::string Error;
        if (!evaluate(S, Arch, K, Resources, O, E, Error)) {
          remarkNotEvaluated(S, FAM, Arch + ": " + Error);
          continue;
        }
        remarkEvaluated(S, E, FAM);
        auto KL = std::find_if(Launches.begin(), Launches.end(), [&](auto &L) {
          return L.Arch == Arch && L.Kernel == S.Kernel;
        });
        if (KL == Launches.end())
          KL = Launches.insert(Launches.end(),
                               {Arch, S.Kernel, E.Gpu.Name, {}, E.Kernel, {}});
        KL->Sites.push_back({&S, E.Site});
        KL->ReportIndex.push_back(SitesByArch[Arch].size());
        if (O.ReportFile.empty())
          continue;
        try {
          SitesByArch[Arch].push_back(siteJson(S, E));
          GpuByArch[Arch] = E.Gpu.Name;
        } catch (const std::exception &) {
        }
      }
    if (!Any)
      remarkNotEvaluated(S, FAM,
                         "no device analysis of this kernel in this "
                         "compilation; compiling device and host separately "
                         "needs -mllvm -gpa-handoff-dir=DIR on both");
  }
  // One kernel-level answer per kernel and arch, of the launches written.
  std::map<std::string, Function *> Stubs;
  for (const auto &[Stub, Kernel] : kernelsOfStubs(M))
    Stubs.emplace(Kernel, Stub);
  for (const KernelLaunches &KL : Launches) {
    auto It = Stubs.find(KL.Kernel);
    remarkKernelLaunches(KL, It == Stubs.end() ? nullptr : It->second, FAM);
  }
  if (!O.ReportFile.empty() && !GpuByArch.empty())
    addToReports(O, SitesByArch, GpuByArch, Launches, Reports);
}

} // namespace gpa
