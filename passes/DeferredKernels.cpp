//===- DeferredKernels.cpp - Registers from the cubin of a full compile ---===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The pending object is written with nlohmann's round-trip number format
// (DeviceHandoff.cpp splices it in): the canonical writer's 9 significant
// digits would change the model's inputs, and the host's report must be the
// one the device compilation would have written with the same registers.
//
//===----------------------------------------------------------------------===//

#include "DeferredKernels.h"
#include "ArgumentLoops.h"
#include "ModuleAnalysis.h"
#include "PluginDiagnostic.h"
#include "ReportWriter.h"

#include "gpa/CanonicalJson.h"
#include "gpa/JsonReader.h"
#include "gpa/LaunchFile.h"
#include "gpa/ProfileLoader.h"
#include "gpa/PtxasResources.h"
#include "gpa/Zstd.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace llvm;
using nlohmann::json;

namespace gpa {

const char *const ResourcesPendingReason =
    "pending: the host compilation takes them from this compilation's cubin";

ResourcesByArch embeddedResources(const Module &M,
                                  UnreadableCubins *Unreadable) {
  ResourcesByArch Out;
  for (const GlobalVariable &GV : M.globals()) {
    if (GV.getSection() != ".nv_fatbin" || !GV.hasInitializer())
      continue;
    auto *Data = dyn_cast<ConstantDataSequential>(GV.getInitializer());
    if (!Data)
      continue;
    std::vector<FatbinImage> Images;
    std::string Error;
    if (!readFatbinary(Data->getRawDataValues().str(), Images, Error))
      continue;
    for (const FatbinImage &I : Images) {
      if (!I.IsCubin)
        continue;
      std::string Arch = "sm_" + std::to_string(I.Sm);
      if (!I.Compressed)
        readCubinResources(I.Bytes, Out[Arch], Error);
      else if (Unreadable)
        (*Unreadable)[Arch] =
            "the " + Arch +
            " cubin in the host module's .nv_fatbin is compressed in a "
            "format gpa cannot read (zstd needs libzstd.so.1)";
    }
  }
  return Out;
}

namespace {
/// argv of process Pid ("self" or a number), empty when /proc cannot say.
std::vector<std::string> commandLine(const std::string &Pid) {
  std::string Ignored;
  auto Text = readTextFile("/proc/" + Pid + "/cmdline", Ignored);
  std::vector<std::string> Args;
  if (!Text)
    return Args;
  std::size_t Start = 0;
  for (std::size_t I = 0; I < Text->size(); ++I)
    if ((*Text)[I] == '\0') {
      Args.push_back(Text->substr(Start, I - Start));
      Start = I + 1;
    }
  // A driver run under valgrind (bench/compile_time.py --metric
  // instructions) shows the tool's argv: the client's follows the tool's
  // options.
  if (!Args.empty() && StringRef(Args[0]).contains("valgrind")) {
    std::size_t Client = 1;
    while (Client < Args.size() && StringRef(Args[Client]).starts_with("-"))
      ++Client;
    Args.erase(Args.begin(), Args.begin() + Client);
  }
  return Args;
}

bool isCc1(const std::vector<std::string> &Args) {
  return Args.size() > 1 && StringRef(Args[1]).starts_with("-cc1");
}
} // namespace

std::string whyNoHostCompilationFollows() {
  std::vector<std::string> Args = commandLine("self");
  if (isCc1(Args)) // a spawned cc1 job: its driver is the parent
    Args = commandLine(std::to_string(::getppid()));
  if (Args.empty() || isCc1(Args) ||
      !sys::path::filename(Args[0]).contains("clang"))
    return "no clang driver runs this job";
  bool Cuda = false;
  for (std::size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-xcuda" ||
        (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cuda"))
      Cuda = true;
    if (A.ends_with(".cu") && !A.starts_with("-"))
      Cuda = true;
    for (const char *Stop :
         {"--cuda-device-only", "--offload-device-only", "-fsyntax-only", "-E",
          "-S", "-emit-llvm", "-fgpu-rdc", "--offload-new-driver", "-M", "-MM",
          "-###"})
      if (A == Stop)
        return "the compile has " + A.str();
    // A compressed cubin is read only through libzstd (gpa/Zstd.h).
    if (A == "-Xcuda-fatbinary" && I + 1 < Args.size() &&
        StringRef(Args[I + 1]).contains("compress") && !zstdAvailable())
      return "the compile passes fatbinary " + Args[I + 1] +
             " and libzstd.so.1 cannot be loaded";
  }
  return Cuda ? "" : "not a CUDA compile";
}

std::vector<std::string> driverGpuArchs() {
  std::vector<std::string> Args = commandLine("self");
  if (isCc1(Args))
    Args = commandLine(std::to_string(::getppid()));
  if (isCc1(Args))
    return {};
  std::set<std::string> Archs, Removed;
  auto AddAll = [](StringRef List, std::set<std::string> &To) {
    SmallVector<StringRef, 4> Parts;
    List.split(Parts, ',', -1, false);
    for (StringRef P : Parts)
      To.insert(P.str());
  };
  for (std::size_t I = 1; I < Args.size(); ++I)
    for (auto [Flag, To] : {std::pair{"--cuda-gpu-arch", &Archs},
                            std::pair{"--offload-arch", &Archs},
                            std::pair{"--no-cuda-gpu-arch", &Removed},
                            std::pair{"--no-offload-arch", &Removed}}) {
      StringRef A = Args[I];
      if (A == Flag && I + 1 < Args.size())
        AddAll(Args[I + 1], *To);
      else if (A.consume_front(Flag) && A.consume_front("="))
        AddAll(A, *To);
    }
  std::vector<std::string> Out;
  for (const std::string &Arch : Archs)
    if (!Removed.count(Arch) && !Removed.count("all"))
      Out.push_back(Arch);
  return Out;
}

std::string reportNameWarning(const std::string &ReportFile,
                              const std::vector<std::string> &Archs) {
  if (Archs.size() < 2 || ReportFile.empty() ||
      ReportFile.find("%arch") != std::string::npos)
    return "";
  std::string List;
  for (const std::string &Arch : Archs)
    List += (List.empty() ? "" : ", ") + Arch;
  return "-gpa-report=" + ReportFile +
         " has no %arch, but this compile is "
         "for " +
         std::to_string(Archs.size()) + " GPU architectures (" + List +
         "): each architecture's report is written to the same file "
         "and the last one overwrites the others; put %arch in the name "
         "(e.g. -gpa-report=kernels.%arch.json) to keep one report per "
         "architecture";
}

namespace {
json assumptionsJson(const AssumptionList &List) {
  json Out = json::array();
  for (const Assumption &A : List)
    Out.push_back({{"name", A.Name},
                   {"is_number", A.IsNumber},
                   {"number", A.Number},
                   {"text", A.Text},
                   {"source", A.Source},
                   {"kind", A.Kind}});
  return Out;
}

AssumptionList assumptionsFrom(const json &J) {
  AssumptionList Out;
  for (const json &A : J) {
    Assumption X;
    X.Name = A.at("name").get<std::string>();
    X.IsNumber = A.at("is_number").get<bool>();
    X.Number = A.at("number").get<double>();
    X.Text = A.at("text").get<std::string>();
    X.Source = A.at("source").get<std::string>();
    X.Kind = A.at("kind").get<std::string>();
    Out.push_back(std::move(X));
  }
  return Out;
}

json declaredJson(const DeclaredLaunch &D) {
  json J = {{"required_from", D.RequiredFrom},
            {"max_from", D.MaxFrom},
            {"max_bound_name", D.MaxBoundName},
            {"register_cap_from", D.RegisterCapFrom},
            {"static_shared_bytes", D.StaticSharedBytes},
            {"has_dynamic_shared", D.HasDynamicShared}};
  if (D.Required)
    J["required"] = {D.Required->X, D.Required->Y, D.Required->Z};
  if (D.Max)
    J["max"] = *D.Max;
  if (D.RegisterCap)
    J["register_cap"] = *D.RegisterCap;
  return J;
}

DeclaredLaunch declaredFrom(const json &J) {
  DeclaredLaunch D;
  D.RequiredFrom = J.at("required_from").get<std::string>();
  D.MaxFrom = J.at("max_from").get<std::string>();
  D.MaxBoundName = J.at("max_bound_name").get<std::string>();
  D.RegisterCapFrom = J.at("register_cap_from").get<std::string>();
  D.StaticSharedBytes = J.at("static_shared_bytes").get<std::uint64_t>();
  D.HasDynamicShared = J.at("has_dynamic_shared").get<bool>();
  if (J.contains("required")) {
    const json &R = J.at("required");
    D.Required =
        BlockDims{R.at(0).get<std::uint64_t>(), R.at(1).get<std::uint64_t>(),
                  R.at(2).get<std::uint64_t>()};
  }
  if (J.contains("max"))
    D.Max = J.at("max").get<std::uint64_t>();
  if (J.contains("register_cap"))
    D.RegisterCap = J.at("register_cap").get<std::uint64_t>();
  return D;
}

KernelProfile profileFrom(const json &J) {
  std::vector<KernelProfile> Profiles;
  std::string Error;
  if (!parseKernelProfiles(J, "pending profile", Profiles, Error) ||
      Profiles.size() != 1)
    throw std::runtime_error(Error.empty() ? "not one profile" : Error);
  return Profiles.front();
}

/// What the report shows of a kernel besides its analysis and assumptions.
struct Shell {
  AnalyzedKernel K;
  DeferredDraft D;
};

Shell shellFrom(const json &J) {
  Shell S;
  S.D.Draft.Profile = profileFrom(J.at("profile"));
  if (J.contains("profile_local_in_registers"))
    S.D.LocalInRegisters = profileFrom(J.at("profile_local_in_registers"));
  S.D.LocalMemPerThread = J.at("local_mem_per_thread").get<double>();
  S.D.LocalAssumptionAt = J.at("local_assumption_at").get<std::size_t>();
  S.D.Draft.Declared = declaredFrom(J.at("declared"));
  S.D.Draft.Before = assumptionsFrom(J.at("before"));
  S.D.Draft.After = assumptionsFrom(J.at("after"));
  S.D.Draft.GridIndependent = J.at("grid_independent").get<bool>();
  AnalyzedKernel &K = S.K;
  K.Demangled = J.at("demangled").get<std::string>();
  if (J.contains("file"))
    K.Location = KernelLocation{J.at("file").get<std::string>(),
                                J.at("line").get<unsigned>()};
  K.Grid = GridIndependenceFacts{J.at("grid_independent").get<bool>(),
                                 J.at("grid_reason").get<std::string>()};
  std::vector<FindingRecord> Findings;
  for (const json &F : J.at("findings"))
    Findings.push_back(
        {F.at("rule").get<std::string>(), F.at("message").get<std::string>(),
         F.at("file").get<std::string>(), F.at("line").get<unsigned>(),
         F.at("column").get<unsigned>()});
  K.Findings = std::move(Findings);
  K.MemorySection = true;
  return S;
}

/// The profile as a gpa-handoff/1 file carries it (the canonical writer's
/// numbers), so that launch sites price what they priced when the device
/// compilation handed over its ptxas profile.
json handoffProfile(const KernelProfile &P) {
  std::string Error;
  auto Doc =
      parseJsonText(toCanonicalJson(kernelProfileToJson(P)), "profile", Error);
  return Doc ? *Doc : kernelProfileToJson(P);
}
} // namespace

json deferredKernelJson(const KernelResult &R) {
  const DeferredDraft &D = *R.Deferred;
  json J = {{"profile", kernelProfileToJson(D.Draft.Profile)},
            {"local_mem_per_thread", D.LocalMemPerThread},
            {"local_assumption_at", D.LocalAssumptionAt},
            {"declared", declaredJson(D.Draft.Declared)},
            {"before", assumptionsJson(D.Draft.Before)},
            {"after", assumptionsJson(D.Draft.After)},
            {"grid_independent", D.Draft.GridIndependent},
            {"grid_reason", R.Grid.Reason},
            {"demangled", R.Demangled}};
  if (D.LocalInRegisters)
    J["profile_local_in_registers"] = kernelProfileToJson(*D.LocalInRegisters);
  if (!R.File.empty()) {
    J["file"] = R.File;
    J["line"] = R.Line;
  }
  json Findings = json::array();
  for (const Finding &F : R.Findings)
    Findings.push_back({{"rule", F.Rule},
                        {"message", F.Message},
                        {"file", F.File},
                        {"line", F.Line},
                        {"column", F.Column}});
  J["findings"] = std::move(Findings);
  return J;
}

namespace {
/// Assembles one pending kernel with Res (null: none in the cubin, WhyNot).
/// Mirrors analyzeModule's last mile (frontends/ir/ModuleAnalysis.cpp).
AssemblyStatus finishKernel(HandoffKernel &HK, Shell &&S,
                            const KernelResources *Res, const std::string &From,
                            const std::string &WhyNot, const LaunchFile &Facts,
                            const GpuModel &Gpu, const PluginOptions &O,
                            AnalyzedKernel &Out, std::string &Error) {
  DeferredDraft &D = S.D;
  AnalyzedKernel &K = S.K;
  D.Draft.Given = findLaunchEntry(Facts, HK.Name, *K.Demangled);
  D.Draft.Compiled = {Res, Res ? From : "", Res ? "" : WhyNot};
  // LocalMemoryArray's precondition: the array stays in local memory. A
  // 0-byte stack frame says it went to registers.
  bool LocalInRegisters = Res && Res->LocalBytes == 0 &&
                          D.LocalMemPerThread > 0 && D.LocalInRegisters;
  if (LocalInRegisters) {
    D.Draft.Profile = std::move(*D.LocalInRegisters);
    D.Draft.Before.insert(
        D.Draft.Before.begin() +
            std::min(D.LocalAssumptionAt, D.Draft.Before.size()),
        localInRegistersAssumption(D.LocalMemPerThread, From));
    std::vector<ArgumentLoop> Loops;
    unsigned Params = 0;
    if (argumentLoopsFromJson(HK.ArgumentLoops, Loops, Params) &&
        !Loops.empty()) {
      for (ArgumentLoop &AL : Loops)
        AL.Counts[index(Unit::LocalMem)] = 0;
      HK.ArgumentLoops = argumentLoopsToJson(Loops, Params);
    }
    auto &F = *K.Findings;
    F.erase(std::remove_if(F.begin(), F.end(),
                           [](const FindingRecord &R) {
                             return R.Rule == "LocalMemoryArray";
                           }),
            F.end());
  }
  AssembledKernel Assembled;
  AssemblyStatus St =
      assembleKernel(std::move(D.Draft), Gpu, O, Assembled, Error);
  if (St != AssemblyStatus::Ok)
    return St;
  K.Assumptions = std::move(Assembled.Assumed);
  if (Res && Res->LocalBytes > 0 && !LocalInRegisters) {
    // `ptxas -v` says which part of a stack frame is spills; a cubin does
    // not: the spills are not counted, and the report says so.
    K.Assumptions.push_back(textAssumption(
        "spill_traffic", "not known",
        From + " records a " + std::to_string(Res->LocalBytes) +
            "-byte stack frame per thread but not the spills in it (`ptxas "
            "-v` does: a --cuda-device-only compile reports them); no spill "
            "traffic counted"));
  }
  K.Analysis = std::move(Assembled.Analysis);
  if (!Assembled.Spills.empty())
    K.Findings->insert(
        K.Findings->begin(),
        FindingRecord{"RegisterSpill",
                      "registers spilled to local memory: " + Assembled.Spills,
                      K.Location ? K.Location->File : "",
                      K.Location ? K.Location->Line : 0, 0});
  HK.Profile = handoffProfile(K.Analysis.Profile);
  Out = std::move(K);
  return AssemblyStatus::Ok;
}
} // namespace

void finishDeferredKernels(Module &M, const PluginOptions &O,
                           HandoffByArch &Handoff,
                           const ResourcesByArch &Cubins,
                           const UnreadableCubins &Unreadable,
                           HostReports &Reports) {
  // The host's second analysis (the cubin's registers) feeds the report, the
  // launch sites' remarks and the launch rewrite's payload; a plain build
  // asks for none of them, and the device pass has already said what it
  // found (issue 26: the plugin's cost). The test is ORE.emit's own.
  LLVMContext &Ctx = M.getContext();
  if (O.ReportFile.empty() && !O.RewriteGrid && !Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled())
    return;
  LaunchFile Facts;
  bool FactsLoaded = false;
  for (auto &[Arch, Kernels] : Handoff) {
    if (std::none_of(
            Kernels.begin(), Kernels.end(),
            [](const HandoffKernel &K) { return !K.Pending.is_null(); }))
      continue;
    std::string Error;
    if (!FactsLoaded && !O.LaunchFile.empty() &&
        !loadLaunchFile(O.LaunchFile, Facts, Error)) {
      diagnose(M, "-gpa-launch-file: " + Error, DS_Error);
      return;
    }
    FactsLoaded = true;
    unsigned Sm = 0;
    char Tail = 0;
    std::optional<unsigned> SmVersion;
    if (std::sscanf(Arch.c_str(), "sm_%u%c", &Sm, &Tail) == 1)
      SmVersion = Sm;
    GpuModel Gpu;
    Assumption Chosen;
    if (!chooseGpu(O, SmVersion, Gpu, Chosen, Error)) {
      diagnose(M, Error, DS_Error);
      continue;
    }
    auto Table = Cubins.find(Arch);
    std::string From = "the cubin of this compilation, " + Arch;
    auto Compressed = Unreadable.find(Arch);
    std::string WhyNot =
        Compressed != Unreadable.end() ? Compressed->second
        : Table == Cubins.end()
            ? "no " + Arch + " cubin in the host module's .nv_fatbin"
            : "no entry in the " + Arch + " cubin";
    // Nothing disappears silently: the estimate stays, labelled, and the
    // compile says why once.
    if (Compressed != Unreadable.end())
      diagnose(M,
               "registers not read: " + Compressed->second +
                   "; the kernels keep the estimate (registers_per_thread "
                   "assumed)",
               DS_Remark);
    std::ostringstream Text;
    std::optional<ReportStream> Report;
    for (HandoffKernel &HK : Kernels) {
      if (HK.Pending.is_null())
        continue;
      json Pending = std::move(HK.Pending);
      HK.Pending = json();
      const KernelResources *Res = nullptr;
      if (Table != Cubins.end()) {
        auto It = Table->second.find(HK.Name);
        if (It != Table->second.end() && It->second.Registers)
          Res = &It->second;
      }
      AnalyzedKernel K;
      try {
        Shell S = shellFrom(Pending);
        std::string Name = *S.K.Demangled;
        AssemblyStatus St = finishKernel(HK, std::move(S), Res, From, WhyNot,
                                         Facts, Gpu, O, K, Error);
        if (St != AssemblyStatus::Ok) {
          diagnose(M, "kernel " + Name + " not analysed: " + Error,
                   St == AssemblyStatus::BadOption ? DS_Error : DS_Warning);
          continue;
        }
        if (O.ReportFile.empty())
          continue;
        if (!Report)
          Report.emplace(Text, Gpu);
        Report->add(K);
      } catch (const std::exception &E) {
        diagnose(M,
                 "kernel " + HK.Name + " (" + Arch +
                     "): unreadable pending handoff entry: " + E.what(),
                 DS_Warning);
      }
    }
    if (Report) {
      try {
        Report->finish();
        Reports[Arch] = {reportFileName(O.ReportFile, Arch), Gpu.Name,
                         Text.str()};
      } catch (const std::exception &E) {
        diagnose(M, std::string("cannot build the report: ") + E.what(),
                 DS_Error);
      }
    }
  }
}

} // namespace gpa
