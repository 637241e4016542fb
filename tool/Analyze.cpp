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

#include "gpa/Analysis.h"
#include "gpa/CanonicalJson.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/InputFile.h"
#include "gpa/JsonReader.h"
#include "gpa/KernelResources.h"
#include "gpa/Occupancy.h"
#include "gpa/ProfileLoader.h"
#include "gpa/PtxasResources.h"
#include "gpa/Report.h"
#include "gpa/SpillTraffic.h"
#include "gpa/ptx/PtxFrontend.h"

#ifdef GPA_HAVE_IR
#include "IrFileAnalysis.h"
#endif

#include <algorithm>
#include <cstdlib>
#include <cxxabi.h>
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

/// Adds one kernel analysed by the model library (PTX or profile inputs).
void addKernel(KernelProfile P, const GpuModel &Gpu, const AnalyzeRequest &R,
               json Assumptions, const std::string &File, unsigned Line,
               json &Kernels, std::vector<std::string> &Warnings) {
  if (R.GridSize) {
    P.Launch.Blocks = R.GridSize;
    Assumptions["blocks"] = "--grid-size " + std::to_string(R.GridSize);
  } else {
    Occupancy Occ = computeOccupancy(P.Launch, Gpu);
    P.Launch.Blocks =
        std::uint64_t(Gpu.NumSms) * std::max(Occ.MaxActiveBlocksPerSm, 1u);
    Assumptions["blocks"] = std::to_string(P.Launch.Blocks) +
                            ": enough blocks to fill every SM (--grid-size)";
  }
  KernelAnalysis A;
  std::string Error;
  if (!analyzeKernel(P, Gpu, R.Model, A, Error)) {
    Warnings.push_back(File + ": kernel " + P.Name + " not analysed: " + Error);
    return;
  }
  json K = kernelReportJson(A, Gpu);
  if (std::string Bad = nonFinitePath(K); !Bad.empty()) {
    Warnings.push_back(File + ": kernel " + P.Name +
                       " not analysed: the model's result is not finite at " +
                       Bad + " (counts too large)");
    return;
  }
  K["location"] = {{"file", File}, {"line", Line}};
  K["assumptions"] = Assumptions;
  K["demangled"] = demangle(P.Name);
  Kernels.push_back(std::move(K));
}

/// The sm_XX an embedded-PTX choice aims at: --gpu's, else none (newest).
unsigned wantedSmVersion(const AnalyzeRequest &R) {
  GpuModel Gpu;
  std::string Ignored;
  if (!R.Gpu.empty() && loadGpuModel(R.Gpu, Gpu, Ignored))
    return Gpu.SmVersion;
  return 0;
}

/// Adds one parsed PTX module's kernels. Modules without kernels (a host
/// translation unit's) add nothing; SmVersion is the first module's target
/// so that one model serves all modules of a binary.
bool addPtxModule(const AnalyzeRequest &R, const std::string &Path,
                  const EmbeddedPtx &Ptx, ptx::PtxOptions Opts,
                  ptx::PtxModuleResult &M, unsigned &SmVersion,
                  std::string &GpuName, json &Kernels,
                  std::vector<std::string> &Warnings, std::string &Error) {
  if (M.Kernels.empty())
    return true;
  if (!SmVersion)
    SmVersion = M.SmVersion;
  GpuModel Gpu;
  std::string Why;
  if (!chooseModel(R, SmVersion, Gpu, Why, Error))
    return false;
  GpuName = Gpu.Name;
  // The GPU is known only once the .target is read: count again when its
  // sectors or warps differ from the ones the first count assumed.
  MemoryGeometry Geometry = memoryGeometry(Gpu);
  if (Geometry.SectorBytes != Opts.Memory.SectorBytes ||
      Geometry.WarpSize != Opts.Memory.WarpSize) {
    Opts.Memory = Geometry;
    if (!ptx::parsePtxModule(Ptx.Text, Ptx.Name, Opts, M, Error))
      return false;
  }
  for (const std::string &W : M.Warnings)
    Warnings.push_back(Path + ": " + W);
  // ptxas 13 compiles sm_75 and newer; older targets use the oldest it has.
  unsigned PtxasSm = std::max(M.SmVersion ? M.SmVersion : 80u, 75u);
  // What the compiled code says: ptxas -v for a PTX file; the cubin an
  // object, executable or fatbinary embeds (its PTX is what was analysed).
  ResourceTable Ptxas;
  std::string PtxasWhy = "PTX listing: ptxas not run";
  std::string CompiledBy = "ptxas -v, sm_" + std::to_string(PtxasSm);
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
    json Assumptions = {{"gpu", Gpu.Name + ": " + Why},
                        {"threads_per_block",
                         std::to_string(K.Profile.Launch.ThreadsPerBlock) +
                             " (.reqntid/.maxntid, else --block-size or 256)"}};
    // PTX declares virtual registers; ptxas allocates far fewer, so their
    // sum is no occupancy estimate. ptxas -v says what it allocates; without
    // the toolkit, the plugin's default estimate (32), capped by the sum
    // when the kernel declares fewer.
    KernelProfile Profile = K.Profile;
    std::uint64_t Declared = Profile.Launch.RegistersPerThread;
    auto Compiled = Ptxas.find(K.Profile.Name);
    if (Compiled != Ptxas.end() && Compiled->second.Registers) {
      Profile.Launch.RegistersPerThread = Compiled->second.Registers;
      Assumptions["registers_per_thread"] =
          std::to_string(Compiled->second.Registers) + " (" + CompiledBy + ")";
    } else {
      Profile.Launch.RegistersPerThread = std::min<std::uint64_t>(Declared, 32);
      Assumptions["registers_per_thread"] =
          std::to_string(Profile.Launch.RegistersPerThread) +
          " (assumed: default estimate 32, as the plugin's; the PTX declares " +
          std::to_string(Declared) + " virtual registers; " + PtxasWhy + ")";
    }
    // Spills are local-memory traffic the PTX does not show (ptxas -v
    // reports them; a cubin does not).
    SpillTraffic Spills;
    if (Compiled != Ptxas.end())
      Spills = addSpillTraffic(Profile, Compiled->second, CompiledBy);
    if (Spills.any())
      Assumptions["spill_traffic"] = Spills.Description;
    if (!K.Warnings.empty())
      Assumptions["ptx_notes"] = K.Warnings;
    bool HasLoc = !K.SourceFile.empty() && K.SourceLine;
    std::string File = portablePath(HasLoc ? K.SourceFile : Path);
    unsigned Line = HasLoc ? K.SourceLine : K.PtxLine;
    std::size_t Before = Kernels.size();
    addKernel(Profile, Gpu, R, Assumptions, File, Line, Kernels, Warnings);
    if (Spills.any() && Kernels.size() > Before)
      Kernels.back()["findings"].push_back(
          {{"rule", "RegisterSpill"},
           {"message",
            "registers spilled to local memory: " + Spills.Description},
           {"location", {{"file", File}, {"line", Line}, {"column", 0}}}});
  }
  return true;
}

bool analyzePtx(const AnalyzeRequest &R, const std::string &Path,
                std::string &GpuName, json &Kernels,
                std::vector<std::string> &Warnings, std::string &Error) {
  if (!R.TripCountSpecs.empty())
    Warnings.push_back(Path + ": --trip-count KERNEL[:LINE]=N applies to "
                              ".ll, .bc and .cu inputs; the PTX front-end "
                              "takes --trip-count N");
  ptx::PtxOptions Opts;
  Opts.DefaultThreadsPerBlock = R.BlockSize ? R.BlockSize : 256;
  if (R.TripCount)
    Opts.DefaultTripCount = R.TripCount;
  // Plain PTX, a `cuobjdump -ptx` listing, or a binary with embedded PTX
  // (one module per translation unit).
  std::vector<EmbeddedPtx> Modules;
  std::string Note;
  if (!readPtxInput(Path, wantedSmVersion(R), Modules, Note, Error))
    return false;
  if (!Note.empty())
    Warnings.push_back(Path + ": " + Note);
  unsigned SmVersion = 0;
  std::size_t KernelsBefore = Kernels.size();
  for (const EmbeddedPtx &Ptx : Modules) {
    ptx::PtxModuleResult M;
    if (!ptx::parsePtxModule(Ptx.Text, Ptx.Name, Opts, M, Error) ||
        !addPtxModule(R, Path, Ptx, Opts, M, SmVersion, GpuName, Kernels,
                      Warnings, Error))
      return false;
  }
  if (Kernels.size() == KernelsBefore) {
    Error = Path + ": no kernels (no .entry with a body)";
    return false;
  }
  return true;
}

bool analyzeProfiles(const AnalyzeRequest &R, const std::string &Path,
                     std::string &GpuName, json &Kernels,
                     std::vector<std::string> &Warnings, std::string &Error) {
  std::vector<KernelProfile> Profiles;
  if (!loadKernelProfiles(Path, Profiles, Error))
    return false;
  GpuModel Gpu;
  std::string Why;
  if (!chooseModel(R, 0, Gpu, Why, Error))
    return false;
  GpuName = Gpu.Name;
  for (const KernelProfile &P : Profiles) {
    KernelAnalysis A;
    std::string KernelError;
    if (!analyzeKernel(P, Gpu, R.Model, A, KernelError)) {
      Warnings.push_back(Path + ": kernel " + P.Name +
                         " not analysed: " + KernelError);
      continue;
    }
    json K = kernelReportJson(A, Gpu);
    if (std::string Bad = nonFinitePath(K); !Bad.empty()) {
      Warnings.push_back(Path + ": kernel " + P.Name +
                         " not analysed: the model's result is not finite "
                         "at " +
                         Bad);
      continue;
    }
    K["location"] = {{"file", portablePath(Path)}, {"line", 0}};
    K["assumptions"] = {{"gpu", Gpu.Name + ": " + Why}};
    Kernels.push_back(std::move(K));
  }
  return true;
}

/// Appends a gpa-report/1 document's kernels (the plugin's, for IR and
/// CUDA inputs).
bool mergeReport(json &Doc, std::string &GpuName, json &Kernels) {
  GpuName = Doc.value("gpu", "");
  // Moved, not copied: large modules hold one copy of their kernels.
  if (auto It = Doc.find("kernels"); It != Doc.end() && It->is_array())
    for (json &K : *It)
      Kernels.push_back(std::move(K));
  return true;
}

#ifdef GPA_HAVE_IR
PluginOptions pluginOptions(const AnalyzeRequest &R) {
  PluginOptions O;
  O.Gpu = R.Gpu;
  O.GpuGiven = !R.Gpu.empty();
  if (R.BlockSize) {
    O.BlockSize = R.BlockSize;
    O.BlockSizeGiven = true;
  }
  O.GridSize = R.GridSize;
  O.LaunchFile = R.LaunchFile;
  if (R.TripCount) {
    O.DefaultTripCount = R.TripCount;
    O.TripCountGiven = true;
  }
  O.TripCountSpecs = R.TripCountSpecs;
  O.Objective = objectiveName(R.Model.Policy.Goal);
  O.MaxSlowdownPct = R.Model.Policy.MaxSlowdownPct;
  O.MinSavingPct = R.Model.Policy.MinSavingPct;
  O.MaxPowerW = R.Model.Policy.MaxPowerW;
  if (R.MechanismGiven)
    O.Mechanism = mechanismName(R.Model.Mech);
  return O;
}

#endif

bool analyzeCuda(const AnalyzeRequest &R, const std::string &Path,
                 std::string &GpuName, json &Kernels,
                 std::vector<std::string> &Warnings, std::string &Error) {
  std::string Plugin = findPlugin(R.ExecutablePath);
  if (Plugin.empty()) {
    Error = Path + ": GpuPowerAdvisor.so not found next to gpa; set GPA_PLUGIN";
    return false;
  }
  std::string Arch = "sm_80";
  std::vector<std::string> Args;
  if (!R.Gpu.empty()) {
    GpuModel Gpu;
    if (!loadGpuModel(R.Gpu, Gpu, Error))
      return false;
    // clang 22 compiles for sm_50 and newer; older models still get the
    // compile (their counts barely differ) and the requested model.
    Arch = "sm_" + std::to_string(std::max(Gpu.SmVersion, 52u));
    Args.push_back("-gpa-gpu=" + R.Gpu);
  }
  if (R.BlockSize)
    Args.push_back("-gpa-block-size=" + std::to_string(R.BlockSize));
  if (R.GridSize)
    Args.push_back("-gpa-grid-size=" + std::to_string(R.GridSize));
  if (!R.LaunchFile.empty())
    Args.push_back("-gpa-launch-file=" + R.LaunchFile);
  if (R.TripCount)
    Args.push_back("-gpa-default-trip-count=" + std::to_string(R.TripCount));
  for (const std::string &Spec : R.TripCountSpecs)
    Args.push_back("-gpa-trip-count=" + Spec);
  const DecisionPolicy &Policy = R.Model.Policy;
  Args.push_back(std::string("-gpa-objective=") + objectiveName(Policy.Goal));
  Args.push_back("-gpa-max-slowdown=" + formatNumber(Policy.MaxSlowdownPct));
  Args.push_back("-gpa-min-saving=" + formatNumber(Policy.MinSavingPct));
  Args.push_back("-gpa-max-power-w=" + formatNumber(Policy.MaxPowerW));
  if (R.MechanismGiven)
    Args.push_back(std::string("-gpa-mechanism=") +
                   mechanismName(R.Model.Mech));
  std::vector<std::string> ClangArgs;
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
  char Tmp[] = "/tmp/gpa-report-XXXXXX";
  int Fd = ::mkstemp(Tmp);
  if (Fd < 0) {
    Error = "cannot create a temporary report file";
    return false;
  }
  ::close(Fd);
  bool Ok =
      compileCudaWithPlugin(Path, Arch, Plugin, Args, ClangArgs, Tmp, Error);
  std::optional<std::string> Text;
  if (Ok)
    Text = readTextFile(Tmp, Error);
  ::unlink(Tmp);
  if (!Text)
    return false;
  if (Text->empty()) { // the plugin writes a report only for kernels
    Error = Path + ": no kernels (none analysed in the device compilation)";
    return false;
  }
  auto Doc = parseJsonText(*Text, Path + " (plugin report)", Error);
  if (!Doc)
    return false;
  mergeReport(*Doc, GpuName, Kernels);
  (void)Warnings;
  return true;
}
} // namespace

bool analyzeInputs(const AnalyzeRequest &R, json &Report,
                   std::vector<std::string> &Warnings, std::string &Error) {
  json Kernels = json::array();
  std::string Gpu;
  for (const std::string &Path : R.Inputs) {
    std::string Ext = extension(Path), FileGpu;
    bool KnownKind = Ext == ".ptx" || Ext == ".json" || Ext == ".cu" ||
                     Ext == ".ll" || Ext == ".bc";
    if (KnownKind && !checkInputFile(Path, Error))
      return false;
    bool Ok = false;
    std::size_t KernelsBefore = Kernels.size();
    if (Ext == ".ptx" || isPtxContainer(Path)) {
      Ok = analyzePtx(R, Path, FileGpu, Kernels, Warnings, Error);
    } else if (Ext == ".json") {
      Ok = analyzeProfiles(R, Path, FileGpu, Kernels, Warnings, Error);
    } else if (Ext == ".cu") {
      Ok = analyzeCuda(R, Path, FileGpu, Kernels, Warnings, Error);
    } else if (Ext == ".ll" || Ext == ".bc") {
#ifdef GPA_HAVE_IR
      json Doc;
      Ok = analyzeIrFile(Path, pluginOptions(R), Doc, Warnings, Error) &&
           mergeReport(Doc, FileGpu, Kernels);
#else
      Error = Path + ": this gpa was built without LLVM; IR input needs it";
#endif
    } else {
      Error = Path + ": unknown input kind '" + Ext +
              "': expected .ll, .bc, .ptx, .cu, a .json kernel profile, or "
              "a CUDA object, executable or .fatbin";
    }
    if (!Ok)
      return false;
    if (Kernels.size() == KernelsBefore) {
      Error = Path + ": no kernels";
      return false;
    }
    if (!Gpu.empty() && !FileGpu.empty() && FileGpu != Gpu) {
      Error = Path + ": analysed for " + FileGpu + " but earlier inputs for " +
              Gpu + "; pass --gpu to use one model for all";
      return false;
    }
    if (Gpu.empty())
      Gpu = FileGpu;
  }
  // The report header (name, calibrated) from the model the kernels used.
  GpuModel Model;
  std::string Source = !R.Gpu.empty() ? R.Gpu : Gpu.empty() ? "a100" : Gpu;
  if (!loadGpuModel(Source, Model, Error))
    return false;
  Report = reportJson(Model, {});
  Report["kernels"] = std::move(Kernels);
  return true;
}

} // namespace gpa::tool
