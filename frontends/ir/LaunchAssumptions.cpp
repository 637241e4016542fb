//===- LaunchAssumptions.cpp - GPU model and launch configuration --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Defaults: 256 threads per block unless __launch_bounds__ (maxntid) says
// otherwise; a grid that fills the GPU (SMs x resident blocks per SM at the
// assumed occupancy); 32 registers per thread (a middle estimate for the
// kernels the paper studies: the real count is only known after ptxas);
// shared memory from the static __shared__ variables the kernel can reach.
//
//===----------------------------------------------------------------------===//

#include "LaunchAssumptions.h"
#include "Compat.h"
#include "InstructionClassifier.h"
#include "KernelCounter.h"

#include "gpa/GpuModelLoader.h"
#include "gpa/LaunchFile.h"
#include "gpa/Occupancy.h"
#include "gpa/common/AssumptionNames.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

bool chooseGpu(const Module &M, const Function *FirstKernel,
               const PluginOptions &O, GpuModel &Gpu, Assumption &Chosen,
               std::string &Error) {
  std::string Name = O.Gpu, Source = "-gpa-gpu";
  if (Name.empty()) {
    std::optional<unsigned> Sm =
        FirstKernel ? getSmVersion(*FirstKernel) : std::nullopt;
    Name = closestBundledModel(Sm ? *Sm : 80);
    Source = Sm ? "closest bundled model to target sm_" + std::to_string(*Sm)
                : "no target-cpu in the module: closest bundled model to "
                  "sm_80";
  }
  std::string LoadError;
  if (!loadGpuModel(Name, Gpu, LoadError)) {
    Error = "-gpa-gpu=" + Name + ": " + LoadError;
    return false;
  }
  Chosen = textAssumption(assumptionName(AssumptionId::Gpu), Gpu.Name, Source);
  if (!O.Gpu.empty())
    Chosen.Kind = "given";
  return true;
}

/// Bytes of static shared memory the kernel's call tree references.
static uint64_t staticSharedBytes(const Module &M, const IrFunctionSummary &S,
                                  bool &HasDynamic) {
  uint64_t Total = 0;
  const DataLayout &DL = M.getDataLayout();
  for (const GlobalVariable &GV : M.globals()) {
    if (GV.getAddressSpace() != AS_Shared)
      continue;
    // Walk users through constant expressions to the using functions.
    SmallVector<const User *, 8> Work(GV.user_begin(), GV.user_end());
    SmallPtrSet<const User *, 16> Seen;
    bool Used = false;
    while (!Work.empty() && !Used) {
      const User *U = Work.pop_back_val();
      if (!Seen.insert(U).second)
        continue;
      if (auto *I = dyn_cast<Instruction>(U))
        Used = S.Reached.count(I->getFunction());
      else if (isa<Constant>(U))
        Work.append(U->user_begin(), U->user_end());
    }
    if (!Used)
      continue;
    uint64_t Size = DL.getTypeAllocSize(GV.getValueType()).getKnownMinValue();
    if (Size == 0)
      HasDynamic = true; // extern __shared__ T x[];
    Total += Size;
  }
  return Total;
}

LaunchStatus buildLaunch(const Function &K, const IrFunctionSummary &S,
                         const GpuModel &Gpu, const PluginOptions &O,
                         LaunchConfig &Launch, AssumptionList &Assumed,
                         std::string &Error, const LaunchEntry *Given,
                         const CompiledResources &Compiled) {
  const std::string FromFile = "-gpa-launch-file=" + O.LaunchFile;
  if (Given && Given->ThreadsPerBlock) {
    Launch.ThreadsPerBlock = Given->ThreadsPerBlock;
    Assumed.push_back(numberAssumption(assumptionName(AssumptionId::BlockSize),
                                       double(Given->ThreadsPerBlock), FromFile,
                                       "given"));
    // The shape only when the file gives [x, y, z] (rule R9's derived block
    // footprint); a single number leaves it unknown.
    if (Given->BlockShape.known()) {
      Launch.BlockShape = Given->BlockShape;
      Assumed.push_back(textAssumption(assumptionName(AssumptionId::BlockDims),
                                       blockDimsText(Launch.BlockShape),
                                       FromFile, "given"));
    }
    if (Given->ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
      Error = FromFile + ": block of " +
              std::to_string(Given->ThreadsPerBlock) + " threads exceeds " +
              Gpu.Name + "'s " + std::to_string(Gpu.MaxThreadsPerBlock);
      return LaunchStatus::KernelDoesNotFit;
    }
  } else if (std::optional<std::array<uint64_t, 3>> Req = getReqNtid(K)) {
    // A required shape (PTX .reqntid), as the PTX front-end reads it.
    Launch.ThreadsPerBlock = (*Req)[0] * (*Req)[1] * (*Req)[2];
    Launch.BlockShape = BlockDims{(*Req)[0], (*Req)[1], (*Req)[2]};
    Assumed.push_back(numberAssumption(assumptionName(AssumptionId::BlockSize),
                                       double(Launch.ThreadsPerBlock),
                                       "nvvm.reqntid", "given"));
    Assumed.push_back(textAssumption(assumptionName(AssumptionId::BlockDims),
                                     blockDimsText(Launch.BlockShape),
                                     "nvvm.reqntid", "given"));
    if (Launch.ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
      Error = "nvvm.reqntid of " + std::to_string(Launch.ThreadsPerBlock) +
              " threads exceeds " + Gpu.Name + "'s " +
              std::to_string(Gpu.MaxThreadsPerBlock);
      return LaunchStatus::KernelDoesNotFit;
    }
  } else if (std::optional<uint64_t> Bound = getMaxNtid(K)) {
    Launch.ThreadsPerBlock = *Bound;
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::BlockSize), double(*Bound),
        "__launch_bounds__ (nvvm.maxntid)", "given"));
    if (*Bound > Gpu.MaxThreadsPerBlock) {
      Error = "__launch_bounds__ of " + std::to_string(*Bound) +
              " threads exceeds " + Gpu.Name + "'s " +
              std::to_string(Gpu.MaxThreadsPerBlock);
      return LaunchStatus::KernelDoesNotFit;
    }
  } else {
    Launch.ThreadsPerBlock = O.BlockSize;
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::BlockSize), double(O.BlockSize),
        O.BlockSizeGiven ? "-gpa-block-size" : "default of -gpa-block-size",
        O.BlockSizeGiven ? "given" : "assumed"));
    if (O.BlockSize > Gpu.MaxThreadsPerBlock) {
      Error = "-gpa-block-size=" + std::to_string(O.BlockSize) +
              " exceeds the " + std::to_string(Gpu.MaxThreadsPerBlock) +
              " threads per block of " + Gpu.Name;
      return LaunchStatus::BadOption;
    }
  }
  Launch.RegistersPerThread = O.RegistersPerThread;
  if (Given && Given->RegistersPerThread) {
    Launch.RegistersPerThread = Given->RegistersPerThread;
    Assumed.push_back(
        numberAssumption(assumptionName(AssumptionId::RegistersPerThread),
                         double(Launch.RegistersPerThread), FromFile, "given"));
  } else if (!O.RegistersGiven && Compiled.R && Compiled.R->Registers) {
    Launch.RegistersPerThread = Compiled.R->Registers;
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::RegistersPerThread),
        double(Launch.RegistersPerThread), Compiled.From, "derived"));
  } else {
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::RegistersPerThread),
        double(O.RegistersPerThread),
        O.RegistersGiven
            ? "-gpa-registers-per-thread"
            : "default estimate of -gpa-registers-per-thread" +
                  (Compiled.WhyNot.empty()
                       ? std::string()
                       : " (ptxas not run: " + Compiled.WhyNot + ")"),
        O.RegistersGiven ? "given" : "assumed"));
  }
  if (Launch.RegistersPerThread > Gpu.MaxRegistersPerThread && Given &&
      Given->RegistersPerThread) {
    Error = FromFile + ": " + std::to_string(Launch.RegistersPerThread) +
            " registers per thread exceed the " +
            std::to_string(Gpu.MaxRegistersPerThread) + " of " + Gpu.Name;
    return LaunchStatus::KernelDoesNotFit;
  }
  if (O.RegistersPerThread > Gpu.MaxRegistersPerThread) {
    Error =
        "-gpa-registers-per-thread=" + std::to_string(O.RegistersPerThread) +
        " exceeds the " + std::to_string(Gpu.MaxRegistersPerThread) + " of " +
        Gpu.Name;
    return LaunchStatus::BadOption;
  }
  bool HasDynamic = false;
  Launch.SharedBytesPerBlock = staticSharedBytes(*K.getParent(), S, HasDynamic);
  // ptxas's static shared memory is exact (alignment, unused variables).
  bool SharedCompiled = Compiled.R && Compiled.R->Registers;
  if (SharedCompiled)
    Launch.SharedBytesPerBlock = Compiled.R->SharedBytes;
  std::string StaticSource = SharedCompiled
                                 ? "static shared memory from " + Compiled.From
                                 : "static __shared__ variables";
  if (Given && Given->DynamicSharedGiven) {
    Launch.SharedBytesPerBlock += Given->DynamicSharedBytes;
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::SharedBytesPerBlock),
        double(Launch.SharedBytesPerBlock),
        StaticSource + " + dynamic shared memory from " + FromFile, "given"));
  } else {
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::SharedBytesPerBlock),
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
    return LaunchStatus::KernelDoesNotFit;
  }
  if (Given && Given->Blocks) {
    Launch.Blocks = Given->Blocks;
    Assumed.push_back(numberAssumption(assumptionName(AssumptionId::GridSize),
                                       double(Launch.Blocks), FromFile,
                                       "given"));
  } else if (O.GridSize) {
    Launch.Blocks = O.GridSize;
    Assumed.push_back(numberAssumption(assumptionName(AssumptionId::GridSize),
                                       double(O.GridSize), "-gpa-grid-size",
                                       "given"));
  } else {
    Launch.Blocks = uint64_t(Gpu.NumSms) * Occ.MaxActiveBlocksPerSm;
    Assumed.push_back(numberAssumption(
        assumptionName(AssumptionId::GridSize), double(Launch.Blocks),
        "fills the GPU: " + std::to_string(Gpu.NumSms) + " SMs x " +
            std::to_string(Occ.MaxActiveBlocksPerSm) + " resident blocks"));
  }
  return LaunchStatus::Ok;
}

} // namespace gpa
