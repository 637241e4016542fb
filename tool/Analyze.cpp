//===- Analyze.cpp - gpa analyze: IR, bitcode, PTX, CUDA and profiles -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One gpa-report/1 document for all inputs. IR goes through the plugin's own
// analysis (linked in), PTX through the PTX front-end, CUDA through clang 22
// with the plugin; every kernel then meets the same model code.
//
//===----------------------------------------------------------------------===//
#include "Analyze.h"
#include "BinaryInputs.h"
#include "CompileDatabase.h"
#include "CudaCompile.h"
#include "HostLaunches.h"

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"
#include "gpa/CanonicalJson.h"
#include "gpa/FindingMessages.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/InputFile.h"
#include "gpa/JsonReader.h"
#include "gpa/KernelArguments.h"
#include "gpa/KernelResources.h"
#include "gpa/LaunchFile.h"
#include "gpa/Occupancy.h"
#include "gpa/ProfileLoader.h"
#include "gpa/PtxasResources.h"
#include "gpa/Report.h"
#include "gpa/SpillTraffic.h"
#include "gpa/SystemHeaders.h"
#include "gpa/TripCounts.h"
#include "gpa/UnmatchedFacts.h"
#include "gpa/common/AssembleKernel.h"
#include "gpa/common/AssumptionNames.h"
#include "gpa/ptx/PtxFrontend.h"

#ifdef GPA_HAVE_IR
#include "IrFileAnalysis.h"
#endif

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <map>
#include <set>
#include <string_view>
#include <unistd.h>

namespace gpa::tool {

using nlohmann::json;

namespace {
std::string extension(const std::string &Path) {
  std::size_t Dot = Path.find_last_of('.');
  std::size_t Slash = Path.find_last_of('/');
  if (Dot == std::string::npos || (Slash != std::string::npos && Dot < Slash))
    return "";
  return Path.substr(Dot);
}

/// The C++ name of a mangled kernel, or "" when it is not mangled.
std::string demangle(const std::string &Name) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Name.c_str(), nullptr, nullptr, &Status);
  std::string Out = Status == 0 && D ? D : "";
  std::free(D);
  return Out;
}

/// Reports carry no absolute paths (cacheable builds): a path under the
/// working directory becomes relative to it, any other absolute path its
/// file name.
std::string portablePath(const std::string &Path) {
  if (Path.empty() || Path[0] != '/')
    return Path;
  char Cwd[4096];
  if (::getcwd(Cwd, sizeof(Cwd))) {
    std::string Dir = std::string(Cwd) + "/";
    if (Path.compare(0, Dir.size(), Dir) == 0)
      return Path.substr(Dir.size());
  }
  return Path.substr(Path.find_last_of('/') + 1);
}

/// The model for an input: --gpu, else the bundled one closest to SmVersion.
bool chooseModel(const AnalyzeRequest &R, unsigned SmVersion, GpuModel &Gpu,
                 std::string &Why, std::string &Error) {
  if (!R.Gpu.empty()) {
    Why = "--gpu " + R.Gpu;
    return loadGpuModel(R.Gpu, Gpu, Error);
  }
  std::string Name = closestBundledModel(SmVersion ? SmVersion : 80);
  Why = "bundled model closest to " +
        (SmVersion ? "sm_" + std::to_string(SmVersion)
                   : std::string("sm_80 (no target in the input)"));
  return loadBundledModel(Name, Gpu, Error);
}

/// Where one input's kernels go, each as soon as it is analysed, with the
/// model it was analysed with.
struct KernelOutput {
  const AnalyzedKernelSink &Sink;
  std::size_t Count = 0;
  void operator()(AnalyzedKernel &&K, const GpuModel &Gpu) {
    ++Count;
    Sink(std::move(K), Gpu);
  }
  /// This output as a sink (counting here, not in a copy).
  AnalyzedKernelSink sink() {
    return [this](AnalyzedKernel &&K, const GpuModel &Gpu) {
      (*this)(std::move(K), Gpu);
    };
  }
};

/// The kernel's result is finite everywhere the report shows a number; else
/// a warning naming where (huge counts can overflow the model).
bool finiteResult(const AnalyzedKernel &K, const GpuModel &Gpu,
                  const std::string &File, std::vector<std::string> &Warnings) {
  std::string Bad = nonFinitePath(analyzedKernelJson(K, Gpu));
  if (Bad.empty())
    return true;
  Warnings.push_back(File + ": kernel " + K.Analysis.Profile.Name +
                     " not analysed: the model's result is not finite at " +
                     Bad + " (counts too large)");
  return false;
}

/// The analysis half of R (what assembleKernel and the IR front-end read).
AnalysisRequest analysisRequest(const AnalyzeRequest &R) {
  AnalysisRequest O;
  O.Gpu = R.Gpu;
  O.BlockSize = R.BlockSize;
  O.GridSize = R.GridSize;
  O.LaunchFile = R.LaunchFile;
  O.SystemHeaderFindings = R.SystemHeaderFindings;
  O.DefaultTripCount = R.TripCount;
  O.TripCountSpecs = R.TripCountSpecs;
  O.Objective = objectiveName(R.Model.Policy.Goal);
  O.MaxSlowdownPct = R.Model.Policy.MaxSlowdownPct;
  O.MinSavingPct = R.Model.Policy.MinSavingPct;
  O.MaxPowerW = R.Model.Policy.MaxPowerW;
  O.WithClockAdvice = R.Model.WithClockAdvice;
  if (R.MechanismGiven)
    O.Mechanism = mechanismName(R.Model.Mech);
  return O;
}

/// The PTX route's request: gpa's own flags in the labels.
AnalysisRequest ptxRequest(const AnalyzeRequest &R) {
  AnalysisRequest O = analysisRequest(R);
  O.OptionPrefix = "--";
  return O;
}

/// The sm_XX an embedded-PTX choice aims at: --gpu's, else none (newest).
unsigned wantedSmVersion(const AnalyzeRequest &R) {
  GpuModel Gpu;
  Assumption Ignored;
  std::string Error;
  if (!R.Gpu.empty() &&
      chooseGpu(ptxRequest(R), std::nullopt, Gpu, Ignored, Error))
    return Gpu.SmVersion;
  return 0;
}

/// Where a PTX file's registers come from, naming the compiler that wrote
/// the PTX (its header comment): clang's and nvcc's code for one source
/// differ (benchmark_hub's convolution: 255 registers and spills from
/// clang's PTX, 72 from nvcc's, docs/validation.md), so the report says
/// which code ptxas allocated.
static std::string ptxasOfPtxSource(const std::string &Text, unsigned Sm) {
  std::string_view Head(Text.data(), std::min<std::size_t>(Text.size(), 512));
  std::string Of;
  if (Head.find("Generated by NVIDIA NVVM Compiler") != std::string_view::npos)
    Of = " on nvcc's PTX (NVIDIA NVVM)";
  else if (Head.find("Generated by LLVM NVPTX Back-End") !=
           std::string_view::npos)
    Of = " on clang's PTX (LLVM NVPTX back-end)";
  return "ptxas -v" + Of + ", sm_" + std::to_string(Sm);
}

/// Adds one parsed PTX module's kernels, each through assembleKernel (the
/// IR front-end's last mile). Modules without kernels (a host translation
/// unit's) add nothing; SmVersion is the first module's target so that one
/// model serves all modules of a binary.
bool addPtxModule(
    const AnalyzeRequest &R, const std::string &Path, const EmbeddedPtx &Ptx,
    ptx::PtxModuleResult &M, unsigned &SmVersion, GpuModel &Gpu,
    KernelOutput &Out, std::vector<std::string> &Warnings, std::string &Error,
    const LaunchFile &Facts, const HostLaunches &Host,
    const std::function<LoopTripCounts(const std::string &)> &TripCountsFor) {
  if (M.Kernels.empty())
    return true;
  if (!SmVersion)
    SmVersion = M.SmVersion;
  const AnalysisRequest O = ptxRequest(R);
  Assumption GpuChoice;
  if (!chooseGpu(O,
                 SmVersion ? std::optional<unsigned>(SmVersion) : std::nullopt,
                 Gpu, GpuChoice, Error))
    return false;
  for (const std::string &W : M.Warnings)
    Warnings.push_back(Path + ": " + W);
  // ptxas 13 compiles sm_75 and newer; older targets use the oldest it has.
  unsigned PtxasSm = std::max(M.SmVersion ? M.SmVersion : 80u, 75u);
  // What the compiled code says: ptxas -v for a PTX file; the cubin an
  // object, executable or fatbinary embeds (its PTX is what was analysed).
  ResourceTable Ptxas;
  std::string PtxasWhy = "PTX listing: ptxas not run";
  std::string CompiledBy = ptxasOfPtxSource(Ptx.Text, PtxasSm);
  if (extension(Path) == ".ptx" && Ptx.Name == Path) {
    ptxasResources(Path, PtxasSm, Ptxas, PtxasWhy);
  } else if (std::optional<std::string> Bytes = readTextFile(Path, PtxasWhy)) {
    std::map<std::string, ResourceTable> ByArch;
    if (readResourcesOfBinary(*Bytes, ByArch, PtxasWhy) && !ByArch.empty()) {
      auto It = ByArch.find("sm_" + std::to_string(M.SmVersion));
      if (It == ByArch.end())
        It = ByArch.begin();
      Ptxas = It->second;
      CompiledBy = "the cubin embedded in the binary, " + It->first;
    }
  }
  for (const ptx::PtxKernelResult &K : M.Kernels) {
    KernelDraft D;
    D.Profile = K.Profile;
    D.Given = findLaunchEntry(Facts, K.Profile.Name, demangle(K.Profile.Name));
    // The launch the host code writes (nvcc route), the launch file's
    // values winning.
    std::optional<KernelLaunchSites> Sites =
        launchSitesOf(Host, K.Profile.Name);
    if (Sites)
      D.Written = Sites->Written;
    if (K.ReqNtid.known())
      D.Declared.Required = K.ReqNtid;
    D.Declared.RequiredFrom = ".reqntid";
    if (K.MaxNtid)
      D.Declared.Max = K.MaxNtid;
    D.Declared.MaxFrom = D.Declared.MaxBoundName = ".maxntid";
    // PTX declares virtual registers; ptxas allocates far fewer, so their
    // sum is no occupancy estimate, only a cap on the default when fewer.
    D.Declared.RegisterCap = K.DeclaredRegisters;
    D.Declared.RegisterCapFrom = "the PTX declares " +
                                 std::to_string(K.DeclaredRegisters) +
                                 " virtual registers";
    D.Declared.StaticSharedBytes = K.Profile.Launch.SharedBytesPerBlock;
    D.Declared.HasDynamicShared = K.DynamicShared;
    auto Compiled = Ptxas.find(K.Profile.Name);
    if (Compiled != Ptxas.end()) {
      D.Compiled.R = &Compiled->second;
      D.Compiled.From = CompiledBy;
    } else {
      D.Compiled.WhyNot = PtxasWhy;
    }
    D.Before = {GpuChoice};
    if (Sites)
      D.Before.push_back(Sites->Listed);
    // A 0-byte stack frame: ptxas keeps the private arrays in registers,
    // so their accesses are no local-memory traffic (as on the IR route).
    bool LocalInRegisters =
        Compiled != Ptxas.end() && Compiled->second.LocalBytes == 0;
    if (LocalInRegisters && K.LocalInRegisters) {
      D.Before.push_back(localInRegistersAssumption(
          K.Profile.count(Unit::LocalMem), CompiledBy));
      D.Profile = *K.LocalInRegisters;
    }
    // Branches weighed by a choice (docs/models.md "Branch weights").
    // Unrolled copies of one guard share its line: each is listed.
    std::map<std::string, unsigned> Copies;
    for (const ptx::PtxBranchNote &B : K.Branches) {
      std::string Where = B.SourceLine
                              ? "line " + std::to_string(B.SourceLine)
                              : "ptx line " + std::to_string(B.PtxLine);
      Where += " (" + demangle(B.Function) + ")";
      if (unsigned N = Copies[Where]++)
        Where += " (copy " + std::to_string(N + 1) + ")";
      if (B.ThreadGuard)
        D.After.push_back(numberAssumption(
            std::string(assumptionName(AssumptionId::BoundsGuardInBounds)) +
                " " + Where,
            B.Probability, B.Source, B.Kind));
      else
        D.After.push_back(numberAssumption(
            std::string(assumptionName(AssumptionId::BranchTakenProbability)) +
                " " + Where,
            B.Probability, "P(branch taken): " + B.Source, B.Kind));
    }
    if (K.ConstantReplays > 0)
      D.After.push_back(constantReplaysAssumption(K.ConstantReplays,
                                                  K.ConstantReplaysAssumed));
    // What the counts rest on, named and worded as on the IR route.
    for (const auto &[Name, N] : K.Assumed)
      D.After.push_back(
          numberAssumption(Name, N, countedAssumptionSource(Name)));
    // Loops the PTX does not count, with the count each ran with.
    for (const ptx::PtxLoopNote &L : K.Loops) {
      // nvcc's unrolled loop and its remainder share a source line.
      std::string Where =
          (L.SourceLine ? "line " + std::to_string(L.SourceLine) + ", "
                        : std::string()) +
          "ptx line " + std::to_string(L.PtxLine);
      D.After.push_back(numberAssumption(
          std::string(assumptionName(AssumptionId::LoopTripCount)) + " " +
              Where + " (" + demangle(L.Function) + ")",
          L.TripCount, L.Source, L.Kind));
    }
    // A block the launch file or the host code gives replaces the
    // front-end's assumed one: its note would be stale.
    bool BlockKnown = (D.Given && D.Given->ThreadsPerBlock) ||
                      (D.Written && D.Written->Block);
    std::string Notes;
    for (const std::string &W : K.Warnings)
      if (!BlockKnown || W.rfind("no .reqntid/.maxntid", 0) != 0)
        Notes += (Notes.empty() ? "" : "; ") + W;
    if (!Notes.empty())
      D.After.push_back(textAssumption(
          assumptionName(AssumptionId::PtxNotes), Notes,
          "what the PTX front-end could not see through", "assumed"));
    bool HasLoc = !K.SourceFile.empty() && K.SourceLine;
    std::string File = portablePath(HasLoc ? K.SourceFile : Path);
    unsigned Line = HasLoc ? K.SourceLine : K.PtxLine;
    AssembledKernel Assembled;
    std::string Why;
    AssemblyStatus St = assembleKernel(std::move(D), Gpu, O, Assembled, Why);
    if (St == AssemblyStatus::BadOption) {
      Error = Why;
      return false;
    }
    if (St == AssemblyStatus::NotAnalysed) {
      Warnings.push_back(Path + ": kernel " + K.Profile.Name +
                         " not analysed: " + Why);
      continue;
    }
    AnalyzedKernel A;
    A.Analysis = std::move(Assembled.Analysis);
    A.Location = KernelLocation{File, Line};
    A.Assumptions = std::move(Assembled.Assumed);
    A.Demangled = demangle(K.Profile.Name);
    // Precondition of LocalMemoryArray: ptxas agrees (LocalInRegisters).
    std::vector<FindingRecord> Findings;
    unsigned InHeaders = 0;
    for (const ptx::PtxFinding &F : K.Findings) {
      if (F.Rule == "LocalMemoryArray" && LocalInRegisters)
        continue;
      if (!R.SystemHeaderFindings && isSystemHeaderPath(F.File)) {
        ++InHeaders;
        continue;
      }
      Findings.push_back(
          {F.Rule, F.Message, portablePath(F.File), F.Line, F.Column});
    }
    if (InHeaders)
      A.Assumptions.push_back(numberAssumption(
          "system_header_findings", InHeaders,
          "findings located in system headers (the CUDA toolkit) not shown: "
          "--system-header-findings shows them"));
    // AssumedTripCount at each loop line whose count is not given (nvcc's
    // unrolled loop and its remainder share the line and the count).
    LoopTripCounts Trips = TripCountsFor(K.Profile.Name);
    std::set<unsigned> TripLines;
    for (const ptx::PtxLoopNote &L : K.Loops) {
      if (L.Kind == "given" || !L.SourceLine ||
          !TripLines.insert(L.SourceLine).second)
        continue;
      const TripChoice &T = Trips.forLine(L.SourceLine);
      Findings.push_back(
          {"AssumedTripCount",
           assumedTripCountMessage(T.Count, T.Source,
                                   K.Profile.Name + ":" +
                                       std::to_string(L.SourceLine),
                                   "--trip-count"),
           File, L.SourceLine, 0});
    }
    if (!Assembled.Spills.empty())
      Findings.push_back({"RegisterSpill",
                          registerSpillMessage(Assembled.Spills), File, Line,
                          0});
    std::stable_sort(Findings.begin(), Findings.end(),
                     [](const FindingRecord &X, const FindingRecord &Y) {
                       return std::tie(X.File, X.Line, X.Column, X.Rule) <
                              std::tie(Y.File, Y.Line, Y.Column, Y.Rule);
                     });
    A.Findings = std::move(Findings);
    Out(std::move(A), Gpu);
  }
  return true;
}

bool analyzePtx(const AnalyzeRequest &R, const std::string &Path,
                const HostLaunches &Host, KernelOutput &Out,
                std::vector<std::string> &Warnings, std::string &Error) {
  ptx::PtxOptions Opts;
  Opts.DefaultThreadsPerBlock =
      R.BlockSize.value_or(AnalysisRequest::AssumedBlockSize);
  // A launch file gives each kernel's block, grid, registers, dynamic
  // shared memory, and the arguments and probabilities that weigh its
  // branches; its trip counts need the IR front-end's loop lines.
  LaunchFile Facts;
  if (!R.LaunchFile.empty() && !loadLaunchFile(R.LaunchFile, Facts, Error))
    return false;
  std::set<std::string> Said; // a kernel's facts are asked for twice
  Opts.BranchFactsFor = [&](const std::string &Kernel) {
    const LaunchEntry *E =
        Kernel.empty() ? nullptr
                       : findLaunchEntry(Facts, Kernel, demangle(Kernel));
    const std::string FromFile = "--launch-file=" + R.LaunchFile;
    // The host code's launch and constant arguments complete the file's.
    BranchFacts B;
    if (std::optional<KernelLaunchSites> Sites =
            Kernel.empty() ? std::nullopt : launchSitesOf(Host, Kernel)) {
      std::string Source;
      LaunchEntry Merged = withSiteFacts(E, *Sites, FromFile, Source);
      B = branchFactsFor(&Merged, Source, R.GridSize.value_or(0),
                         R.BlockSize.value_or(0), "--grid-size/--block-size",
                         0);
    } else {
      B = branchFactsFor(E, FromFile, R.GridSize.value_or(0),
                         R.BlockSize.value_or(0), "--grid-size/--block-size",
                         0);
    }
    // PTX has no parameter names: an argument by name is a warning.
    std::vector<std::string> ByName;
    resolveNamedArguments(B, {}, demangle(Kernel),
                          "PTX keeps no parameter names (nvcc names them "
                          "KERNEL_param_K); compile the .cu with gpa analyze "
                          "for names",
                          ByName);
    for (std::string &W : ByName)
      if (Said.insert(W).second)
        Warnings.push_back(Path + ": " + W);
    return B;
  };
  if (R.TripCount)
    Opts.DefaultTripCount = *R.TripCount;
  // Trip counts per kernel and source line, as for IR inputs (the line is
  // the .loc of the loop's branch: nvcc -lineinfo).
  std::vector<TripCountRule> Rules;
  for (const std::string &Spec : R.TripCountSpecs) {
    TripCountRule Rule;
    std::string Ignored; // checked when the options were read
    if (parseTripCountRule(Spec, Rule, Ignored))
      Rules.push_back(Rule);
  }
  TripChoice Fallback{R.TripCount.value_or(AnalysisRequest::AssumedTripCount),
                      R.TripCount ? "--trip-count" : "the default trip count",
                      R.TripCount ? "given" : "assumed"};
  Opts.TripCountsFor = [&, Fallback](const std::string &Kernel) {
    const LaunchEntry *E =
        Kernel.empty() ? nullptr
                       : findLaunchEntry(Facts, Kernel, demangle(Kernel));
    return Kernel.empty() ? tripCountsFor("", "", Fallback, nullptr, "", {}, "")
                          : tripCountsFor(Kernel, demangle(Kernel), Fallback, E,
                                          "--launch-file=" + R.LaunchFile,
                                          Rules, "--trip-count");
  };
  // Plain PTX, a `cuobjdump -ptx` listing, or a binary with embedded PTX
  // (one module per translation unit).
  std::vector<EmbeddedPtx> Modules;
  std::string Note;
  if (!readPtxInput(Path, wantedSmVersion(R), Modules, Note, Error))
    return false;
  if (!Note.empty())
    Warnings.push_back(Path + ": " + Note);
  unsigned SmVersion = 0;
  GpuModel Gpu;
  std::size_t KernelsBefore = Out.Count;
  // The GPU is known only once a .target is read: the front-end asks for
  // its sector and warp size then (the same choice addPtxModule makes).
  Opts.GpuForTarget = [&](unsigned ModuleSm) -> std::optional<GpuModel> {
    GpuModel Chosen;
    Assumption Ignored;
    std::string Error; // addPtxModule reports a failed choice
    unsigned Sm = SmVersion ? SmVersion : ModuleSm;
    if (!chooseGpu(ptxRequest(R),
                   Sm ? std::optional<unsigned>(Sm) : std::nullopt, Chosen,
                   Ignored, Error))
      return std::nullopt;
    return Chosen;
  };
  std::vector<KernelName> Names; // for the facts that apply to none
  LoopLineCoverage LoopLines;    // line counts that apply to no loop
  for (const EmbeddedPtx &Ptx : Modules) {
    ptx::PtxModuleResult M;
    if (!ptx::parsePtxModule(Ptx.Text, Ptx.Name, Opts, M, Error) ||
        !addPtxModule(R, Path, Ptx, M, SmVersion, Gpu, Out, Warnings, Error,
                      Facts, Host, Opts.TripCountsFor))
      return false;
    for (const ptx::PtxKernelResult &K : M.Kernels) {
      Names.push_back({K.Profile.Name, demangle(K.Profile.Name)});
      std::set<unsigned> LoopStarts;
      for (const ptx::PtxLoopNote &L : K.Loops)
        if (L.SourceLine)
          LoopStarts.insert(L.SourceLine);
      LoopLines.note(Opts.TripCountsFor(K.Profile.Name), LoopStarts,
                     demangle(K.Profile.Name));
    }
  }
  if (Out.Count == KernelsBefore) {
    Error = Path + ": no kernels (no .entry with a body)";
    return false;
  }
  // A fact that applies to nothing is said, never dropped silently.
  for (std::string &W :
       unmatchedLaunchEntries(Facts, "--launch-file=" + R.LaunchFile, Names))
    Warnings.push_back(Path + ": " + W);
  for (std::string &W : unmatchedTripCountRules(Rules, "--trip-count", Names))
    Warnings.push_back(Path + ": " + W);
  std::vector<std::string> LineWarnings;
  LoopLines.appendWarnings(LineWarnings);
  for (std::string &W : LineWarnings)
    Warnings.push_back(Path + ": " + W);
  return true;
}

bool analyzeProfiles(const AnalyzeRequest &R, const std::string &Path,
                     KernelOutput &Out, std::vector<std::string> &Warnings,
                     std::string &Error) {
  std::vector<KernelProfile> Profiles;
  if (!loadKernelProfiles(Path, Profiles, Error))
    return false;
  GpuModel Gpu;
  std::string Why;
  if (!chooseModel(R, 0, Gpu, Why, Error))
    return false;
  for (const KernelProfile &P : Profiles) {
    AnalyzedKernel K;
    std::string KernelError;
    if (!analyzeKernel(P, Gpu, R.Model, K.Analysis, KernelError)) {
      Warnings.push_back(Path + ": kernel " + P.Name +
                         " not analysed: " + KernelError);
      continue;
    }
    K.Location = KernelLocation{portablePath(Path), 0};
    K.Assumptions = {textAssumption("gpu", Gpu.Name, Why,
                                    R.Gpu.empty() ? "assumed" : "given")};
    if (finiteResult(K, Gpu, Path, Warnings))
      Out(std::move(K), Gpu);
  }
  return true;
}

/// The device target and clang flags for a .cu: --gpu's architecture (else
/// sm_80), the compile database's flags and target, then the command
/// line's.
bool cudaCompileFlags(const AnalyzeRequest &R, const std::string &Path,
                      std::string &Arch, std::vector<std::string> &ClangArgs,
                      std::string &Error) {
  Arch = "sm_80";
  if (!R.Gpu.empty()) {
    GpuModel Gpu;
    if (!loadGpuModel(R.Gpu, Gpu, Error))
      return false;
    // clang 22 compiles for sm_50 and newer; older models still get the
    // compile (their counts barely differ) and the requested model.
    Arch = "sm_" + std::to_string(std::max(Gpu.SmVersion, 52u));
  }
  if (!R.CompileDbDir.empty()) {
    std::string DbArch;
    if (!compileFlagsFor(R.CompileDbDir, Path, ClangArgs, DbArch, Error))
      return false;
    if (!DbArch.empty() && R.Gpu.empty())
      Arch = DbArch;
  }
  ClangArgs.insert(ClangArgs.end(), R.ClangArgs.begin(), R.ClangArgs.end());
  if (!R.CudaGpuArch.empty())
    Arch = R.CudaGpuArch;
  return true;
}

/// Replaces every mention of the temporary file Tmp by Path.
void renameTemporary(std::string &Text, const std::string &Tmp,
                     const std::string &Path) {
  for (std::size_t At; (At = Text.find(Tmp)) != std::string::npos;)
    Text.replace(At, Tmp.size(), Path);
}

/// Removes the compiler's temporary output Tmp; the error and the warnings
/// of its analysis (TmpWarnings, appended to Warnings) name the .cu Path.
void dropTemporary(const std::string &Tmp, const std::string &Path,
                   std::string &Error, std::vector<std::string> &TmpWarnings,
                   std::vector<std::string> &Warnings) {
  ::unlink(Tmp.c_str());
  renameTemporary(Error, Tmp, Path);
  for (std::string &W : TmpWarnings) {
    renameTemporary(W, Tmp, Path);
    Warnings.push_back(std::move(W));
  }
}

/// The flags nvcc shares with clang (-I, -isystem, -D, -U, -include,
/// -std=): clang's other flags (after `--`) are not nvcc's.
std::vector<std::string> nvccFlags(const std::vector<std::string> &Clang) {
  std::vector<std::string> Out;
  for (std::size_t I = 0; I < Clang.size(); ++I) {
    const std::string &A = Clang[I];
    bool Separate = A == "-I" || A == "-D" || A == "-U" || A == "-isystem" ||
                    A == "-include";
    if (Separate && I + 1 < Clang.size()) {
      Out.push_back(A);
      Out.push_back(Clang[++I]);
    } else if (A.rfind("-I", 0) == 0 || A.rfind("-D", 0) == 0 ||
               A.rfind("-U", 0) == 0 || A.rfind("-std=", 0) == 0) {
      Out.push_back(A);
    }
  }
  return Out;
}

/// Creates an empty /tmp/gpa-XXXXXX<Suffix> for a compiler to write.
bool temporaryFile(const std::string &Suffix, const std::string &What,
                   std::string &Path, std::string &Error) {
  std::string Pattern = "/tmp/gpa-XXXXXX" + Suffix;
  std::vector<char> Name(Pattern.begin(), Pattern.end());
  Name.push_back('\0');
  int Fd = ::mkstemps(Name.data(), int(Suffix.size()));
  if (Fd < 0) {
    Error = "cannot create a temporary " + What + " file";
    return false;
  }
  ::close(Fd);
  Path = Name.data();
  return true;
}

/// --compiler nvcc: the device side from nvcc's PTX through the PTX
/// front-end, the launches from the .cu's host side read by clang.
bool analyzeCudaWithNvcc(const AnalyzeRequest &R, const std::string &Path,
                         KernelOutput &Out, std::vector<std::string> &Warnings,
                         std::string &Error) {
  std::string Arch;
  std::vector<std::string> ClangArgs;
  if (!cudaCompileFlags(R, Path, Arch, ClangArgs, Error))
    return false;
  std::string Tmp;
  if (!temporaryFile(".ptx", "PTX", Tmp, Error))
    return false;
  HostLaunches Host;
  readHostLaunches(Path, Arch, ClangArgs, Host, Warnings);
  std::vector<std::string> PtxWarnings;
  bool Ok =
      compileCudaToPtxWithNvcc(Path, Arch, nvccFlags(ClangArgs), Tmp, Error) &&
      analyzePtx(R, Tmp, Host, Out, PtxWarnings, Error);
  dropTemporary(Tmp, Path, Error, PtxWarnings, Warnings);
  return Ok;
}

#ifdef GPA_HAVE_IR
/// Compiles the device side of a .cu to IR with clang and runs the IR
/// front-end on it in this process (the plugin's analysis, linked in).
bool analyzeCuda(const AnalyzeRequest &R, const std::string &Path,
                 KernelOutput &Out, std::vector<std::string> &Warnings,
                 std::string &Error) {
  std::string Arch;
  std::vector<std::string> ClangArgs;
  if (!cudaCompileFlags(R, Path, Arch, ClangArgs, Error))
    return false;
  std::string Tmp;
  if (!temporaryFile(".bc", "bitcode", Tmp, Error))
    return false;
  bool Ok = compileCudaToIr(Path, Arch, ClangArgs, Tmp, Error);
  std::vector<std::string> IrWarnings;
  if (Ok)
    Ok = analyzeIrFile(Tmp, analysisRequest(R), Out.sink(), IrWarnings, Error);
  dropTemporary(Tmp, Path, Error, IrWarnings, Warnings);
  return Ok;
}
#endif
} // namespace

bool analyzeInputs(const AnalyzeRequest &R, const AnalyzedKernelSink &Sink,
                   std::vector<std::string> &Warnings, std::string &Error) {
  bool HaveGpu = false;
  std::string FirstGpu; // the model of the first kernel: all must use it
  // --host-source: the launches of the PTX and binaries' kernels, read
  // once for all of them.
  HostLaunches Host;
  for (const std::string &Source : R.HostSources) {
    if (!checkInputFile(Source, Error))
      return false;
    std::string Arch;
    std::vector<std::string> ClangArgs;
    if (!cudaCompileFlags(R, Source, Arch, ClangArgs, Error))
      return false;
    std::size_t WarningsBefore = Warnings.size();
    if (!readHostLaunches(Source, Arch, ClangArgs, Host, Warnings) &&
        Warnings.size() == WarningsBefore)
      Warnings.push_back(Source + ": --host-source: no kernel launches in "
                                  "its host side");
  }
  for (const std::string &Path : R.Inputs) {
    std::string Ext = extension(Path);
    bool KnownKind = Ext == ".ptx" || Ext == ".json" || Ext == ".cu" ||
                     Ext == ".ll" || Ext == ".bc";
    if (KnownKind && !checkInputFile(Path, Error))
      return false;
    bool Ok = false;
    // Each kernel goes on as it is analysed; one from another model than
    // the earlier inputs' stops the run.
    std::string Mismatch;
    AnalyzedKernelSink Checked = [&](AnalyzedKernel &&K, const GpuModel &Gpu) {
      if (!HaveGpu) {
        FirstGpu = Gpu.Name;
        HaveGpu = true;
      }
      if (Gpu.Name != FirstGpu) {
        if (Mismatch.empty())
          Mismatch = Path + ": analysed for " + Gpu.Name +
                     " but earlier inputs for " + FirstGpu +
                     "; pass --gpu to use one model for all";
        return;
      }
      if (Mismatch.empty())
        Sink(std::move(K), Gpu);
    };
    KernelOutput File{Checked};
    if (Ext == ".ptx" || isPtxContainer(Path)) {
      Ok = analyzePtx(R, Path, Host, File, Warnings, Error);
    } else if (Ext == ".json") {
      Ok = analyzeProfiles(R, Path, File, Warnings, Error);
    } else if (Ext == ".cu" && R.Nvcc) {
      Ok = analyzeCudaWithNvcc(R, Path, File, Warnings, Error);
    } else if (Ext == ".cu" || Ext == ".ll" || Ext == ".bc") {
#ifdef GPA_HAVE_IR
      Ok = Ext == ".cu" ? analyzeCuda(R, Path, File, Warnings, Error)
                        : analyzeIrFile(Path, analysisRequest(R), File.sink(),
                                        Warnings, Error);
#else
      Error = Path + ": this gpa was built without LLVM; IR and CUDA input "
                     "need it";
#endif
    } else {
      Error = Path + ": unknown input kind '" + Ext +
              "': expected .ll, .bc, .ptx, .cu, a .json kernel profile, or "
              "a CUDA object, executable or .fatbin";
    }
    if (!Ok)
      return false;
    if (!File.Count) {
      Error = Path + ": no kernels";
      return false;
    }
    if (!Mismatch.empty()) {
      Error = Mismatch;
      return false;
    }
  }
  // Launches read from a --host-source that no input's kernel took.
  for (std::string &W : unappliedLaunches(Host))
    Warnings.push_back(std::move(W));
  return true;
}

bool analyzeInputs(const AnalyzeRequest &R, AnalyzedModule &Out,
                   std::vector<std::string> &Warnings, std::string &Error) {
  bool HaveGpu = false;
  return analyzeInputs(
      R,
      [&](AnalyzedKernel &&K, const GpuModel &Gpu) {
        if (!HaveGpu)
          Out.Gpu = Gpu; // the model the kernels used
        HaveGpu = true;
        Out.Kernels.push_back(std::move(K));
      },
      Warnings, Error);
}

} // namespace gpa::tool
