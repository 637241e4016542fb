//===- SharedLoadMerging.cpp - Shared loads ptxas merges into LDS.128 -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A load's address is split by ScalarEvolution into base + constant offset;
// loads with the same base and size form a group, whose base alignment is
// the shared array's (16 for a static one) combined with the power of two
// that divides the variable part (getMinTrailingZeros).
//
//===----------------------------------------------------------------------===//
#include "SharedLoadMerging.h"
#include "InstructionClassifier.h"

#include "gpa/InstructionCosts.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <map>
#include <vector>

using namespace llvm;

namespace gpa {

namespace {
struct Member {
  const Instruction *Load;
  std::int64_t OffsetBytes;
};
using GroupKey = std::pair<const SCEV *, std::uint64_t>;

std::uint64_t baseAlignment(const SCEV *Base, ScalarEvolution &SE) {
  const SCEV *Object = SE.getPointerBase(Base);
  auto *U = dyn_cast<SCEVUnknown>(Object);
  auto *GV = U ? dyn_cast<GlobalVariable>(U->getValue()->stripPointerCasts())
               : nullptr;
  if (!GV || GV->getAddressSpace() != AS_Shared) // also through addrspacecast
    return 1;
  std::uint64_t ObjectAlign =
      GV->hasInitializer()
          ? std::max<std::uint64_t>(16, GV->getAlign().valueOrOne().value())
          : GV->getAlign().valueOrOne().value();
  const SCEV *Rest = SE.removePointerBase(Base);
  if (Rest->isZero())
    return ObjectAlign;
  unsigned Zeros = std::min(SE.getMinTrailingZeros(Rest), 32u);
  return std::min<std::uint64_t>(ObjectAlign, std::uint64_t(1) << Zeros);
}

bool endsRun(const Instruction &I) {
  if (isa<CallBase>(I) || isa<FenceInst>(I) || isa<AtomicRMWInst>(I) ||
      isa<AtomicCmpXchgInst>(I))
    return true;
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return resolveAddressSpace(SI->getPointerOperand()) == AS_Shared ||
           resolveAddressSpace(SI->getPointerOperand()) == AS_Generic;
  return false;
}
} // namespace

DenseMap<const Instruction *, double> mergedSharedLoads(const BasicBlock &BB,
                                                        ScalarEvolution &SE) {
  DenseMap<const Instruction *, double> Out;
  std::map<GroupKey, std::vector<Member>> Groups;
  const DataLayout &DL = BB.getModule()->getDataLayout();
  auto Flush = [&] {
    for (auto &[Key, Members] : Groups) {
      if (Members.size() < 2)
        continue;
      std::vector<std::int64_t> Offsets;
      for (const Member &M : Members)
        Offsets.push_back(M.OffsetBytes);
      double Lds = sharedLoadInstructions(Offsets, Key.second,
                                          baseAlignment(Key.first, SE));
      for (const Member &M : Members)
        Out[M.Load] = Lds / double(Members.size());
    }
    Groups.clear();
  };
  for (const Instruction &I : BB) {
    auto *LI = dyn_cast<LoadInst>(&I);
    if (!LI) {
      if (endsRun(I))
        Flush();
      continue;
    }
    if (LI->isVolatile() || !LI->isSimple() ||
        resolveAddressSpace(LI->getPointerOperand()) != AS_Shared ||
        LI->getType()->isVectorTy() ||
        !SE.isSCEVable(LI->getPointerOperand()->getType()))
      continue;
    const SCEV *Ptr = SE.getSCEV(const_cast<Value *>(LI->getPointerOperand()));
    std::int64_t Offset = 0;
    const SCEV *Base = Ptr;
    if (auto *Add = dyn_cast<SCEVAddExpr>(Ptr))
      if (auto *C = dyn_cast<SCEVConstant>(Add->getOperand(0))) {
        Offset = C->getAPInt().getSExtValue();
        Base = SE.getMinusSCEV(Ptr, C);
      }
    std::uint64_t Bytes = DL.getTypeStoreSize(LI->getType()).getFixedValue();
    Groups[{Base, Bytes}].push_back({LI, Offset});
  }
  Flush();
  return Out;
}

} // namespace gpa
