//===- GlobalVectors.cpp - Global accesses the back-end vectorises --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Accesses are grouped as SharedLoadMerging groups shared loads: the
// address split by ScalarEvolution into base + constant offset, one group
// per base, access size and direction. A group's run ends where the
// LoadStoreVectorizer could not move an access across: a call, fence or
// atomic, and for loads a store that may write global memory (a generic or
// global one; a shared store cannot alias), for stores any load that may
// read it. That is narrower than the vectorizer's alias analysis (which
// sees `restrict`): a run it would join across such a store stays scalar
// here, counted as more accesses, never fewer.
//
//===----------------------------------------------------------------------===//
#include "GlobalVectors.h"
#include "InstructionClassifier.h"
#include "SharedLoadMerging.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>
#include <tuple>
#include <vector>

using namespace llvm;

namespace gpa {

namespace {
struct Access {
  const Instruction *I;
  std::int64_t OffsetBytes;
  std::uint64_t AlignBytes;
};

using GroupKey = std::tuple<const SCEV *, std::uint64_t, bool>;

bool mayTouchGlobal(const Value *Ptr) {
  unsigned AS = resolveAddressSpace(Ptr);
  return AS == AS_Global || AS == AS_Generic;
}
} // namespace

DenseMap<const Instruction *, unsigned>
vectorisedGlobalAccesses(const BasicBlock &BB, ScalarEvolution &SE) {
  DenseMap<const Instruction *, unsigned> Out;
  const DataLayout &DL = BB.getModule()->getDataLayout();
  std::map<GroupKey, std::vector<Access>> Groups;
  auto Flush = [&](bool Stores) {
    for (auto It = Groups.begin(); It != Groups.end();) {
      if (std::get<2>(It->first) != Stores) {
        ++It;
        continue;
      }
      std::int64_t Bytes = std::int64_t(std::get<1>(It->first));
      std::map<std::int64_t, std::uint64_t> AlignAt;
      std::map<std::int64_t, const Instruction *> At;
      for (const Access &A : It->second)
        if (AlignAt.emplace(A.OffsetBytes, A.AlignBytes).second)
          At[A.OffsetBytes] = A.I;
      if (It->second.size() >= 2 && Bytes > 0 && Bytes < 16)
        for (const auto &[First, Width] : vectorisedChains(AlignAt, Bytes))
          for (unsigned K = 0; K < Width; ++K)
            Out[At[First + std::int64_t(K) * Bytes]] = K == 0 ? Width : 0;
      It = Groups.erase(It);
    }
  };
  for (const Instruction &I : BB) {
    if (isa<CallBase>(I) || isa<FenceInst>(I) || isa<AtomicRMWInst>(I) ||
        isa<AtomicCmpXchgInst>(I)) {
      Flush(false);
      Flush(true);
      continue;
    }
    const Value *Ptr = nullptr;
    Type *Ty = nullptr;
    bool Store = false;
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      if (!LI->isSimple())
        continue;
      Ptr = LI->getPointerOperand();
      Ty = LI->getType();
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      if (!SI->isSimple())
        continue;
      Ptr = SI->getPointerOperand();
      Ty = SI->getValueOperand()->getType();
      Store = true;
    } else {
      continue;
    }
    // An access that may touch global memory ends the other direction's
    // runs: the vectorizer would move a member across it.
    if (mayTouchGlobal(Ptr))
      Flush(!Store);
    if (resolveAddressSpace(Ptr) != AS_Global || Ty->isVectorTy() ||
        Ty->isAggregateType() || !SE.isSCEVable(Ptr->getType()))
      continue;
    std::int64_t Offset = 0;
    const SCEV *Base =
        addressBase(SE.getSCEV(const_cast<Value *>(Ptr)), SE, Offset);
    std::uint64_t Bytes = DL.getTypeStoreSize(Ty).getFixedValue();
    Align A =
        Store ? cast<StoreInst>(I).getAlign() : cast<LoadInst>(I).getAlign();
    Groups[{Base, Bytes, Store}].push_back({&I, Offset, A.value()});
  }
  Flush(false);
  Flush(true);
  return Out;
}

} // namespace gpa
