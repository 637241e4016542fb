//===- AssembleKernel.cpp - A counted kernel, launched and analysed -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Launch defaults: 256 threads per block unless the code bounds it; a grid
// that fills the GPU (SMs x resident blocks per SM at the assumed
// occupancy); 32 registers per thread (a middle estimate for the kernels
// the paper studies: the real count is only known after ptxas); shared
// memory from the static __shared__ variables the kernel can reach.
//
//===----------------------------------------------------------------------===//
#include "gpa/common/AssembleKernel.h"
#include "gpa/common/AssumptionNames.h"

#include "gpa/DeviceCatalog.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/LaunchFile.h"
#include "gpa/Occupancy.h"
#include "gpa/SpillTraffic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>

namespace gpa {

/// Work the kernel does that its GPU's power calibration holds at 0 W (a
/// coefficient of kind "assumed" and value 0, e.g. what gpa calibrate
/// --hold-at-zero left out): named, so no work leaves the power silently.
static std::optional<Assumption> unpricedPower(const PowerEstimate &Est,
                                               const std::string &GpuName) {
  std::string Keys, Why;
  for (const ComponentUtilisation &U : Est.Utilisations) {
    if (!(U.Utilisation > 0))
      continue;
    std::string Name = "dynamic_w_per_mhz." + std::string(U.Key);
    for (const ParameterUse &P : Est.Parameters)
      if (P.Name == Name && P.Param.Value == 0 && P.Param.Kind == "assumed") {
        Keys += (Keys.empty() ? "" : ", ") + std::string(U.Key);
        if (Why.empty())
          Why = "; " + std::string(U.Key) + ": " + P.Param.Source;
      }
  }
  if (Keys.empty())
    return std::nullopt;
  return textAssumption(assumptionName(AssumptionId::UnpricedPower), Keys,
                        "the " + std::string(Est.Backend) + " power model of " +
                            GpuName + " prices this kernel's " + Keys +
                            " work at 0 W (power.parameters "
                            "dynamic_w_per_mhz.* say why" +
                            Why + ")");
}

/// Models loaded in this process, by the name they were asked for.
static bool loadModelOnce(const std::string &Name, GpuModel &Gpu,
                          std::string &Error) {
  static std::mutex Lock;
  static std::map<std::string, GpuModel> Loaded;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Loaded.find(Name);
  if (It == Loaded.end()) {
    GpuModel G;
    if (!loadGpuModel(Name, G, Error))
      return false;
    It = Loaded.emplace(Name, std::move(G)).first;
  }
  Gpu = It->second;
  return true;
}

/// inferredGpuCaveat loads every bundled model: once per target.
static std::string inferredGpuCaveatOnce(unsigned Sm, const std::string &Name) {
  static std::mutex Lock;
  static std::map<std::pair<unsigned, std::string>, std::string> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known.find({Sm, Name});
  if (It == Known.end())
    It = Known.emplace(std::make_pair(Sm, Name), inferredGpuCaveat(Sm, Name))
             .first;
  return It->second;
}

bool chooseGpu(const AnalysisRequest &O, std::optional<unsigned> Sm,
               GpuModel &Gpu, Assumption &Chosen, std::string &Error) {
  // gpa's flags are written with their value ("--gpu v100").
  std::string Name = O.Gpu,
              Source = O.OptionPrefix + "gpu" +
                       (O.OptionPrefix == "--" ? " " + O.Gpu : "");
  if (Name.empty()) {
    Name = closestBundledModel(Sm ? *Sm : 80);
    Source = Sm ? "closest bundled model to target sm_" + std::to_string(*Sm)
                : "no target-cpu in the module: closest bundled model to "
                  "sm_80";
    // Say when the target alone cannot tell the board (sm_89: l4 or an
    // RTX 4090?): the SM advice depends on it.
    if (std::string Caveat = inferredGpuCaveatOnce(Sm ? *Sm : 80, Name);
        !Caveat.empty())
      Source += " (" + Caveat + ")";
  }
  std::string LoadError;
  if (!loadModelOnce(Name, Gpu, LoadError)) {
    Error = O.OptionPrefix + "gpu=" + Name + ": " + LoadError;
    return false;
  }
  Chosen = textAssumption(assumptionName(AssumptionId::Gpu), Gpu.Name, Source);
  if (!O.Gpu.empty())
    Chosen.Kind = "given";
  return true;
}

static const char *name(AssumptionId Id) { return assumptionName(Id); }

/// The plugin has -gpa-registers-per-thread; gpa has no such flag.
static std::string defaultRegistersLabel(const AnalysisRequest &O) {
  if (O.OptionPrefix == "--")
    return "default estimate " + std::to_string(registersPerThreadOf(O));
  return "default estimate of " + O.OptionPrefix + "registers-per-thread";
}

/// Fills Launch and appends the assumptions it made (buildLaunch before the
/// IR front-end's last mile moved here).
static AssemblyStatus buildLaunch(const KernelDraft &D, const GpuModel &Gpu,
                                  const AnalysisRequest &O,
                                  LaunchConfig &Launch, AssumptionList &Assumed,
                                  std::string &Error) {
  const LaunchEntry *Given = D.Given;
  const CompiledResources &Compiled = D.Compiled;
  const std::string &Opt = O.OptionPrefix;
  const std::string FromFile = Opt + "launch-file=" + O.LaunchFile;
  if (Given && Given->ThreadsPerBlock) {
    Launch.ThreadsPerBlock = *Given->ThreadsPerBlock;
    Assumed.push_back(numberAssumption(name(AssumptionId::BlockSize),
                                       double(*Given->ThreadsPerBlock),
                                       FromFile, "given"));
    // The shape only when the file gives [x, y, z] (rule R9's derived block
    // footprint); a single number leaves it unknown.
    if (Given->BlockShape.known()) {
      Launch.BlockShape = Given->BlockShape;
      Assumed.push_back(textAssumption(name(AssumptionId::BlockDims),
                                       blockDimsText(Launch.BlockShape),
                                       FromFile, "given"));
    }
    if (*Given->ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
      Error = FromFile + ": block of " +
              std::to_string(*Given->ThreadsPerBlock) + " threads exceeds " +
              Gpu.Name + "'s " + std::to_string(Gpu.MaxThreadsPerBlock);
      return AssemblyStatus::NotAnalysed;
    }
  } else if (D.Written && D.Written->Block) {
    // The block a host launch site writes (nvcc route): what runs.
    const WrittenLaunch &W = *D.Written;
    Launch.BlockShape = *W.Block;
    Launch.ThreadsPerBlock = W.Block->X * W.Block->Y * W.Block->Z;
    Assumed.push_back(numberAssumption(name(AssumptionId::BlockSize),
                                       double(Launch.ThreadsPerBlock), W.From,
                                       W.BlockKind));
    Assumed.push_back(textAssumption(name(AssumptionId::BlockDims),
                                     blockDimsText(Launch.BlockShape), W.From,
                                     W.BlockKind));
    if (Launch.ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
      Error = W.From + ": block of " + std::to_string(Launch.ThreadsPerBlock) +
              " threads exceeds " + Gpu.Name + "'s " +
              std::to_string(Gpu.MaxThreadsPerBlock);
      return AssemblyStatus::NotAnalysed;
    }
  } else if (D.Declared.Required) {
    // A required shape (PTX .reqntid), as the PTX front-end reads it.
    const BlockDims &Req = *D.Declared.Required;
    Launch.ThreadsPerBlock = Req.X * Req.Y * Req.Z;
    Launch.BlockShape = Req;
    Assumed.push_back(numberAssumption(name(AssumptionId::BlockSize),
                                       double(Launch.ThreadsPerBlock),
                                       D.Declared.RequiredFrom, "given"));
    Assumed.push_back(textAssumption(name(AssumptionId::BlockDims),
                                     blockDimsText(Launch.BlockShape),
                                     D.Declared.RequiredFrom, "given"));
    if (Launch.ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
      Error = D.Declared.RequiredFrom + " of " +
              std::to_string(Launch.ThreadsPerBlock) + " threads exceeds " +
              Gpu.Name + "'s " + std::to_string(Gpu.MaxThreadsPerBlock);
      return AssemblyStatus::NotAnalysed;
    }
  } else if (D.Declared.Max) {
    std::uint64_t Bound = *D.Declared.Max;
    Launch.ThreadsPerBlock = Bound;
    Assumed.push_back(numberAssumption(name(AssumptionId::BlockSize),
                                       double(Bound), D.Declared.MaxFrom,
                                       "given"));
    if (Bound > Gpu.MaxThreadsPerBlock) {
      Error = D.Declared.MaxBoundName + " of " + std::to_string(Bound) +
              " threads exceeds " + Gpu.Name + "'s " +
              std::to_string(Gpu.MaxThreadsPerBlock);
      return AssemblyStatus::NotAnalysed;
    }
  } else {
    Launch.ThreadsPerBlock = blockSizeOf(O);
    Assumed.push_back(numberAssumption(
        name(AssumptionId::BlockSize), double(Launch.ThreadsPerBlock),
        O.BlockSize ? Opt + "block-size" : "default of " + Opt + "block-size",
        O.BlockSize ? "given" : "assumed"));
    if (Launch.ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
      Error = Opt + "block-size=" + std::to_string(Launch.ThreadsPerBlock) +
              " exceeds the " + std::to_string(Gpu.MaxThreadsPerBlock) +
              " threads per block of " + Gpu.Name;
      return AssemblyStatus::BadOption;
    }
  }
  Launch.RegistersPerThread = registersPerThreadOf(O);
  if (Given && Given->RegistersPerThread) {
    Launch.RegistersPerThread = *Given->RegistersPerThread;
    Assumed.push_back(numberAssumption(name(AssumptionId::RegistersPerThread),
                                       double(Launch.RegistersPerThread),
                                       FromFile, "given"));
  } else if (!O.RegistersPerThread && Compiled.R && Compiled.R->Registers) {
    Launch.RegistersPerThread = Compiled.R->Registers;
    Assumed.push_back(numberAssumption(name(AssumptionId::RegistersPerThread),
                                       double(Launch.RegistersPerThread),
                                       Compiled.From, "derived"));
  } else {
    std::string Capped;
    if (!O.RegistersPerThread && D.Declared.RegisterCap &&
        *D.Declared.RegisterCap < Launch.RegistersPerThread) {
      Launch.RegistersPerThread = *D.Declared.RegisterCap;
      Capped = "; " + D.Declared.RegisterCapFrom;
    }
    Assumed.push_back(numberAssumption(
        name(AssumptionId::RegistersPerThread),
        double(Launch.RegistersPerThread),
        O.RegistersPerThread
            ? Opt + "registers-per-thread"
            : defaultRegistersLabel(O) + Capped +
                  (Compiled.WhyNot.empty()
                       ? std::string()
                       : " (ptxas not run: " + Compiled.WhyNot + ")"),
        O.RegistersPerThread ? "given" : "assumed"));
  }
  if (Launch.RegistersPerThread > Gpu.MaxRegistersPerThread && Given &&
      Given->RegistersPerThread) {
    Error = FromFile + ": " + std::to_string(Launch.RegistersPerThread) +
            " registers per thread exceed the " +
            std::to_string(Gpu.MaxRegistersPerThread) + " of " + Gpu.Name;
    return AssemblyStatus::NotAnalysed;
  }
  if (registersPerThreadOf(O) > Gpu.MaxRegistersPerThread) {
    Error = Opt +
            "registers-per-thread=" + std::to_string(registersPerThreadOf(O)) +
            " exceeds the " + std::to_string(Gpu.MaxRegistersPerThread) +
            " of " + Gpu.Name;
    return AssemblyStatus::BadOption;
  }
  Launch.SharedBytesPerBlock = D.Declared.StaticSharedBytes;
  // ptxas's static shared memory is exact (alignment, unused variables).
  bool SharedCompiled = Compiled.R && Compiled.R->Registers;
  if (SharedCompiled)
    Launch.SharedBytesPerBlock = Compiled.R->SharedBytes;
  std::string StaticSource = SharedCompiled
                                 ? "static shared memory from " + Compiled.From
                                 : "static __shared__ variables";
  if (Given && Given->DynamicSharedBytes) {
    Launch.SharedBytesPerBlock += *Given->DynamicSharedBytes;
    Assumed.push_back(numberAssumption(
        name(AssumptionId::SharedBytesPerBlock),
        double(Launch.SharedBytesPerBlock),
        StaticSource + " + dynamic shared memory from " + FromFile, "given"));
  } else if (D.Written && D.Written->DynamicSharedBytes) {
    const WrittenLaunch &W = *D.Written;
    Launch.SharedBytesPerBlock += *W.DynamicSharedBytes;
    // As weak as its weaker part: ptxas's static bytes are derived.
    bool Constant = W.SharedKind == "constant" && !SharedCompiled;
    Assumed.push_back(numberAssumption(
        name(AssumptionId::SharedBytesPerBlock),
        double(Launch.SharedBytesPerBlock),
        StaticSource + " + dynamic shared memory from " + W.From,
        Constant ? "constant" : "derived"));
  } else {
    bool HasDynamic = D.Declared.HasDynamicShared;
    Assumed.push_back(numberAssumption(
        name(AssumptionId::SharedBytesPerBlock),
        double(Launch.SharedBytesPerBlock),
        HasDynamic ? StaticSource + "; extern (dynamic) shared memory "
                                    "assumed 0 bytes"
                   : StaticSource,
        HasDynamic       ? "assumed"
        : SharedCompiled ? "derived"
                         : "constant"));
  }

  Launch.Blocks = 1;
  Occupancy Occ = computeOccupancy(Launch, Gpu);
  if (!Occ.Fits) {
    Error = "a block does not fit on " + Gpu.Name + ": " + Occ.Reason;
    return AssemblyStatus::NotAnalysed;
  }
  if (Given && Given->Blocks) {
    Launch.Blocks = *Given->Blocks;
    Assumed.push_back(numberAssumption(name(AssumptionId::GridSize),
                                       double(Launch.Blocks), FromFile,
                                       "given"));
  } else if (D.Written && D.Written->Grid) {
    const BlockDims &G = *D.Written->Grid;
    Launch.Blocks = G.X * G.Y * G.Z;
    Assumed.push_back(numberAssumption(name(AssumptionId::GridSize),
                                       double(Launch.Blocks), D.Written->From,
                                       D.Written->GridKind));
  } else if (O.GridSize) {
    Launch.Blocks = *O.GridSize;
    Assumed.push_back(numberAssumption(name(AssumptionId::GridSize),
                                       double(*O.GridSize), Opt + "grid-size",
                                       "given"));
  } else if (D.Written && D.Written->GridRange) {
    // Not its maximum (often just its type's): one full wave within it, as
    // the plugin prices such a launch site (docs/models.md "Unknown grids").
    auto [Min, Max] = *D.Written->GridRange;
    std::uint64_t Wave = std::uint64_t(Gpu.NumSms) * Occ.MaxActiveBlocksPerSm;
    Launch.Blocks = std::clamp(Wave, std::max<std::uint64_t>(Min, 1),
                               std::max<std::uint64_t>(Max, 1));
    Assumed.push_back(numberAssumption(
        name(AssumptionId::GridSize), double(Launch.Blocks),
        D.Written->From + " knows the grid only as the range " +
            std::to_string(Min) + ".." + std::to_string(Max) +
            ": one full wave (" + std::to_string(Gpu.NumSms) + " SMs x " +
            std::to_string(Occ.MaxActiveBlocksPerSm) +
            " resident blocks) within it; give " + Opt + "grid-size"));
  } else {
    Launch.Blocks = std::uint64_t(Gpu.NumSms) * Occ.MaxActiveBlocksPerSm;
    Assumed.push_back(numberAssumption(
        name(AssumptionId::GridSize), double(Launch.Blocks),
        (D.Written && !D.Written->GridUnknown.empty()
             ? D.Written->GridUnknown + "; "
             : std::string()) +
            "fills the GPU: " + std::to_string(Gpu.NumSms) + " SMs x " +
            std::to_string(Occ.MaxActiveBlocksPerSm) + " resident blocks"));
  }
  return AssemblyStatus::Ok;
}

Assumption localInRegistersAssumption(double LocalMemPerThread,
                                      const std::string &CompiledBy) {
  Assumption A = numberAssumption(
      name(AssumptionId::LocalMemInRegisters), LocalMemPerThread,
      "private-array accesses per thread not counted as local memory: " +
          CompiledBy +
          " reports a 0-byte stack frame (the arrays live "
          "in registers)");
  A.Kind = "derived";
  return A;
}

Assumption constantReplaysAssumption(double Replays, double Assumed) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.6g", Assumed);
  Assumption A = numberAssumption(
      name(AssumptionId::ConstantCacheReplays), Replays,
      "extra const_mem per thread: a constant load whose address differs "
      "across a warp's lanes is one constant-cache request per distinct "
      "address (CUDA C++ Programming Guide, constant memory), 32 for a "
      "lane-dependent address" +
          (Assumed > 0 ? std::string("; ") + Buf +
                             " of them for addresses not known (a gather): "
                             "every lane its own, the worst case"
                       : std::string()));
  A.Kind = Assumed > 0 ? "assumed" : "derived";
  return A;
}

bool finiteAnalysis(const KernelAnalysis &A) {
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

AssemblyStatus assembleKernel(KernelDraft &&D, const GpuModel &Gpu,
                              const AnalysisRequest &O, AssembledKernel &Out,
                              std::string &Error) {
  Out.Assumed = std::move(D.Before);
  KernelProfile &P = D.Profile;
  AssemblyStatus St = buildLaunch(D, Gpu, O, P.Launch, Out.Assumed, Error);
  if (St != AssemblyStatus::Ok)
    return St;
  for (Assumption &A : D.After)
    Out.Assumed.push_back(std::move(A));
  // Spills are local-memory traffic the code does not show.
  SpillTraffic Spills;
  if (D.Compiled.R)
    Spills = addSpillTraffic(P, *D.Compiled.R, D.Compiled.From);
  if (Spills.any()) {
    Assumption A = textAssumption(name(AssumptionId::SpillTraffic),
                                  Spills.Description, D.Compiled.From);
    A.Kind = "derived";
    Out.Assumed.push_back(A);
    Out.Spills = Spills.Description;
  }
  if (!analyzeKernel(P, Gpu, modelOptions(O, D.GridIndependent), Out.Analysis,
                     Error))
    return AssemblyStatus::NotAnalysed;
  if (!finiteAnalysis(Out.Analysis)) {
    Error = "the model's result is not finite (counts too large)";
    return AssemblyStatus::NotAnalysed;
  }
  if (auto Unpriced = unpricedPower(Out.Analysis.Requested.Est, Gpu.Name))
    Out.Assumed.push_back(std::move(*Unpriced));
  // Seed 002 has no tensor-core component: its mapping prices an MMA as one
  // FP32 FMA warp instruction (docs/dvfs.md, "Utilisations from the static
  // analysis"), far below what the tensor cores draw.
  if (P.count(Unit::Tensor) > 0 && Out.Analysis.Requested.Est.Backend == "dvfs")
    Out.Assumed.push_back(textAssumption(
        assumptionName(AssumptionId::TensorPower), "as FP32 FMA",
        "the dvfs power model (seed 002) has no tensor-core component: each "
        "tensor-core warp instruction is priced as one FP32 FMA warp "
        "instruction, which under-prices tensor-core kernels"));
  return AssemblyStatus::Ok;
}

} // namespace gpa
