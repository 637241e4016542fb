//===- LaunchAssumptions.cpp - GPU model and launch configuration --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What the IR says about a kernel's launch; the launch itself is filled in
// by assembleKernel (gpa/common/AssembleKernel.h), for every front-end.
//
//===----------------------------------------------------------------------===//

#include "LaunchAssumptions.h"
#include "Compat.h"
#include "InstructionClassifier.h"
#include "KernelCounter.h"

#include "gpa/GpuModelLoader.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

bool chooseGpu(const Module &M, const Function *FirstKernel,
               const AnalysisRequest &O, GpuModel &Gpu, Assumption &Chosen,
               std::string &Error) {
  (void)M;
  return chooseGpu(O, FirstKernel ? getSmVersion(*FirstKernel) : std::nullopt,
                   Gpu, Chosen, Error);
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

DeclaredLaunch declaredLaunch(const Function &K, const IrFunctionSummary &S) {
  DeclaredLaunch D;
  if (std::optional<std::array<uint64_t, 3>> Req = getReqNtid(K))
    D.Required = BlockDims{(*Req)[0], (*Req)[1], (*Req)[2]};
  D.RequiredFrom = "nvvm.reqntid";
  D.Max = getMaxNtid(K);
  D.MaxFrom = "__launch_bounds__ (nvvm.maxntid)";
  D.MaxBoundName = "__launch_bounds__";
  D.StaticSharedBytes =
      staticSharedBytes(*K.getParent(), S, D.HasDynamicShared);
  return D;
}

} // namespace gpa
