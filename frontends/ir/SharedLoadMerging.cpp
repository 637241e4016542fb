//===- SharedLoadMerging.cpp - Shared loads ptxas merges into LDS.128 -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A load's address is split by ScalarEvolution into base + constant offset;
// loads with the same base and size form a group, whose base alignment is
// the shared array's (16 for a static one) combined with the power of two
// that divides the variable part (getMinTrailingZeros). In a loop the
// constant is the recurrence's start's. Consecutive loads the back-end's
// LoadStoreVectorizer joins (as far as their `align` allows) are one
// vector load each, not merged further; a load of a value a dominating
// single predecessor already loaded costs nothing (EarlyCSE).
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
#include <set>
#include <tuple>
#include <vector>

using namespace llvm;

namespace gpa {

namespace {
struct Member {
  const Instruction *Load;
  std::int64_t OffsetBytes;
  std::uint64_t AlignBytes; // the load's own `align`
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

/// A mergeable shared load's address as base + constant offset, and its
/// size; null base when it is not one.
struct LoadKey {
  const SCEV *Base = nullptr;
  std::int64_t Offset = 0;
  std::uint64_t Bytes = 0;
  bool operator<(const LoadKey &O) const {
    return std::tie(Base, Offset, Bytes) < std::tie(O.Base, O.Offset, O.Bytes);
  }
};

LoadKey keyOf(const LoadInst &LI, ScalarEvolution &SE, const DataLayout &DL) {
  if (LI.isVolatile() || !LI.isSimple() ||
      resolveAddressSpace(LI.getPointerOperand()) != AS_Shared ||
      LI.getType()->isVectorTy() ||
      !SE.isSCEVable(LI.getPointerOperand()->getType()))
    return {};
  std::int64_t Offset = 0;
  const SCEV *Base = addressBase(
      SE.getSCEV(const_cast<Value *>(LI.getPointerOperand())), SE, Offset);
  return {Base, Offset, DL.getTypeStoreSize(LI.getType()).getFixedValue()};
}

/// The shared values loaded in \p BB and still valid at its end (no store,
/// barrier or call since), with those it inherits: the back-end's EarlyCSE
/// keeps a block's loads available in a block whose only predecessor it
/// is (its scope is the dominator tree; a join starts a new generation).
/// In the unrolled convolution, the guarded first output's 225 loads
/// re-read what the other outputs' block has loaded.
std::set<LoadKey> availableAtEnd(const BasicBlock &BB, ScalarEvolution &SE,
                                 unsigned Depth);

std::set<LoadKey> inheritedLoads(const BasicBlock &BB, ScalarEvolution &SE,
                                 unsigned Depth) {
  const BasicBlock *Pred = BB.getUniquePredecessor();
  if (!Pred || Pred == &BB || Depth == 0)
    return {};
  return availableAtEnd(*Pred, SE, Depth - 1);
}

std::set<LoadKey> availableAtEnd(const BasicBlock &BB, ScalarEvolution &SE,
                                 unsigned Depth) {
  std::set<LoadKey> Available = inheritedLoads(BB, SE, Depth);
  const DataLayout &DL = BB.getModule()->getDataLayout();
  for (const Instruction &I : BB) {
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      if (LoadKey K = keyOf(*LI, SE, DL); K.Base)
        Available.insert(K);
    } else if (endsRun(I)) {
      Available.clear();
    }
  }
  return Available;
}

/// How far up a chain of single predecessors loads stay available: deep
/// enough for a row of guarded outputs, bounded for compile time.
constexpr unsigned InheritDepth = 8;
} // namespace

/// The constant term of an address: an add's constant operand, or, in a
/// loop, that of the recurrence's start (`{alm + 4 + 16 tid, +, 256}`).
std::int64_t addressConstantTerm(const SCEV *S) {
  if (auto *C = dyn_cast<SCEVConstant>(S))
    return C->getAPInt().getSExtValue();
  if (auto *Add = dyn_cast<SCEVAddExpr>(S))
    if (auto *C = dyn_cast<SCEVConstant>(Add->getOperand(0)))
      return C->getAPInt().getSExtValue();
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S))
    return addressConstantTerm(Rec->getStart());
  return 0;
}

const SCEV *addressBase(const SCEV *S, ScalarEvolution &SE,
                        std::int64_t &Offset) {
  Offset = addressConstantTerm(S);
  if (!Offset)
    return S;
  return SE.getMinusSCEV(S,
                         SE.getConstant(SE.getEffectiveSCEVType(S->getType()),
                                        std::uint64_t(Offset),
                                        /*isSigned=*/true));
}

/// The NVPTX back-end's LoadStoreVectorizer joins consecutive loads into
/// a vector load only as wide as the first one's `align` allows
/// (NVPTXTTIImpl::isLegalToVectorizeLoadChain: alignment >= the chain's
/// bytes), at most 16 bytes; it raises the alignment of allocas only, not
/// of a __shared__ array. Returns the first offset of each vector it
/// makes with its width in loads; the rest stay scalar.
std::map<std::int64_t, unsigned>
vectorisedChains(const std::map<std::int64_t, std::uint64_t> &AlignAt,
                 std::int64_t Bytes) {
  std::map<std::int64_t, unsigned> Out;
  for (auto It = AlignAt.begin(); It != AlignAt.end();) {
    unsigned Width = 1;
    for (unsigned N = unsigned(16 / Bytes); N >= 2; N /= 2) {
      bool Consecutive = It->second >= N * std::uint64_t(Bytes);
      for (unsigned K = 1; Consecutive && K < N; ++K)
        Consecutive = AlignAt.count(It->first + std::int64_t(K) * Bytes) != 0;
      if (Consecutive) {
        Width = N;
        break;
      }
    }
    if (Width > 1)
      Out[It->first] = Width;
    It = AlignAt.upper_bound(It->first + std::int64_t(Width - 1) * Bytes);
  }
  return Out;
}

DenseMap<const Instruction *, double>
mergedSharedLoads(const BasicBlock &BB, ScalarEvolution &SE,
                  DenseMap<const Instruction *, unsigned> *VectorWidths) {
  DenseMap<const Instruction *, double> Out;
  std::map<GroupKey, std::vector<Member>> Groups;
  const DataLayout &DL = BB.getModule()->getDataLayout();
  std::set<LoadKey> Inherited = inheritedLoads(BB, SE, InheritDepth);
  auto Flush = [&] {
    for (auto &[Key, Members] : Groups) {
      if (Members.size() < 2)
        continue;
      std::int64_t Bytes = std::int64_t(Key.second);
      std::map<std::int64_t, std::uint64_t> AlignAt; // first load's align
      for (const Member &M : Members)
        AlignAt.emplace(M.OffsetBytes, M.AlignBytes);
      // A vector load is one LDS of its own (as ld.shared.v2/.v4 on the
      // PTX route); its loads share it. The scalar rest merges by window.
      std::map<std::int64_t, double> VectorShare; // offset -> LDS per load
      if (Bytes > 0 && Bytes < 16)
        for (const auto &[First, Width] : vectorisedChains(AlignAt, Bytes))
          for (unsigned K = 0; K < Width; ++K) {
            std::int64_t At = First + std::int64_t(K) * Bytes;
            VectorShare[At] = 1.0 / Width;
            if (VectorWidths)
              for (const Member &M : Members)
                if (M.OffsetBytes == At)
                  (*VectorWidths)[M.Load] = K == 0 ? Width : 0;
          }
      std::vector<std::int64_t> Offsets;
      std::size_t Scalar = 0;
      for (const Member &M : Members)
        if (!VectorShare.count(M.OffsetBytes)) {
          Offsets.push_back(M.OffsetBytes);
          ++Scalar;
        }
      double Lds = Offsets.empty()
                       ? 0
                       : sharedLoadInstructions(Offsets, Key.second,
                                                baseAlignment(Key.first, SE));
      // Loads of one offset read one value (sharedLoadInstructions).
      std::map<std::int64_t, unsigned> Repeats;
      for (const Member &M : Members)
        ++Repeats[M.OffsetBytes];
      for (const Member &M : Members) {
        auto V = VectorShare.find(M.OffsetBytes);
        Out[M.Load] = V != VectorShare.end()
                          ? V->second / Repeats[M.OffsetBytes]
                          : Lds / double(Scalar);
      }
    }
    Groups.clear();
  };
  for (const Instruction &I : BB) {
    auto *LI = dyn_cast<LoadInst>(&I);
    if (!LI) {
      if (endsRun(I)) {
        Flush();
        Inherited.clear();
      }
      continue;
    }
    LoadKey K = keyOf(*LI, SE, DL);
    if (!K.Base)
      continue;
    if (Inherited.count(K)) {
      Out[LI] = 0; // loaded in a dominating block: EarlyCSE reuses it
      continue;
    }
    Groups[{K.Base, K.Bytes}].push_back({LI, K.Offset, LI->getAlign().value()});
  }
  Flush();
  return Out;
}

} // namespace gpa
