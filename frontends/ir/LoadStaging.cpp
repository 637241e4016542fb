//===- LoadStaging.cpp - Load-round facts of an IR block ------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The address chain is followed through the block's own non-phi
// instructions: a value from another block (or a phi) is ready when the
// block starts, as in the PTX front-end, whose chains stop at the block's
// first instruction.
//
//===----------------------------------------------------------------------===//

#include "LoadStaging.h"
#include "InstructionClassifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <set>

using namespace llvm;

namespace gpa {

static bool isBarrier(const Classification &C) {
  for (const UnitCount &U : C.Units)
    if (U.U == Unit::Sync)
      return true;
  return false;
}

static bool isGlobalLoad(const Instruction &I, const Classification &C) {
  return isa<LoadInst>(I) && C.Kind == InstKind::Memory &&
         (C.AddrSpace == AS_Global || C.GenericAsGlobal);
}

/// Does \p Load's value reach the stored value of a shared-memory store?
static bool reachesSharedStore(const LoadInst &Load, const DataLayout &DL) {
  SmallVector<const Value *, 8> Work{&Load};
  SmallPtrSet<const Value *, 16> Seen{&Load};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (auto *St = dyn_cast<StoreInst>(U)) {
        if (St->getValueOperand() == V &&
            classifyInstruction(*St, DL).AddrSpace == AS_Shared)
          return true;
        continue;
      }
      if ((isa<CastInst>(U) || isa<PHINode>(U) || isa<SelectInst>(U) ||
           isa<FreezeInst>(U)) &&
          Seen.insert(U).second)
        Work.push_back(U);
    }
  }
  return false;
}

std::vector<BlockLoad>
blockLoads(const BasicBlock &BB, const DataLayout &DL,
           const DenseMap<const Instruction *, unsigned> *Vectors) {
  std::vector<BlockLoad> Out;
  DenseMap<const Instruction *, std::size_t> Index;
  unsigned Region = 0;
  // The block's loads the address's operand chain reaches.
  auto AddressFrom = [&](const Value *Ptr) {
    std::set<std::size_t> From;
    SmallVector<const Instruction *, 16> Work;
    SmallPtrSet<const Instruction *, 32> Seen;
    auto Push = [&](const Value *V) {
      auto *D = dyn_cast<Instruction>(V);
      if (D && D->getParent() == &BB && !isa<PHINode>(D) &&
          Seen.insert(D).second)
        Work.push_back(D);
    };
    Push(Ptr);
    while (!Work.empty()) {
      const Instruction *D = Work.pop_back_val();
      if (auto It = Index.find(D); It != Index.end()) {
        From.insert(It->second);
        continue;
      }
      for (const Value *Op : D->operands())
        Push(Op);
    }
    return std::vector<std::size_t>(From.begin(), From.end());
  };
  for (const Instruction &I : BB) {
    Classification C = classifyInstruction(I, DL);
    if (isBarrier(C)) {
      ++Region;
      continue;
    }
    // A copy the back-end expands inline from global memory: one load per
    // piece, staging when it copies into shared memory.
    if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
      unsigned SrcAS = resolveAddressSpace(MT->getRawSource());
      if (SrcAS != AS_Global && SrcAS != AS_Generic)
        continue;
      std::vector<std::size_t> From = AddressFrom(MT->getRawSource());
      bool Staging = resolveAddressSpace(MT->getRawDest()) == AS_Shared;
      for (std::size_t K = expandedCopyPieces(*MT).size(); K; --K)
        Out.push_back({From, Staging, Region});
      continue;
    }
    if (!isGlobalLoad(I, C))
      continue;
    // A member of a vector load after its first is part of that one.
    if (Vectors)
      if (auto It = Vectors->find(&I); It != Vectors->end() && It->second == 0)
        continue;
    BlockLoad L;
    L.Region = Region;
    L.Staging = reachesSharedStore(cast<LoadInst>(I), DL);
    L.AddressFrom = AddressFrom(cast<LoadInst>(I).getPointerOperand());
    Index[&I] = Out.size();
    Out.push_back(std::move(L));
  }
  return Out;
}

} // namespace gpa
