//===- ConstantOffsets.cpp - Neighbour addresses as [reg+imm] ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The rule of ConstantOffsets.h, by ScalarEvolution. In fdtd2d's
//   ex[i][j] -= 0.7f * (hz[i][j+1] - hz[i][j] + hz[i+1][j] - hz[i][j]);
// llc computes hz[i][j]'s address once ((i*N+j) is computed anyway) and
// reads hz[i][j+1] at [%rd+4] (the `+1`, an nsw add under the extension,
// moves into the offset); it computes hz[i+1][j]'s index (i*N+j)+N (an
// add: nothing to distribute it over the extension) and reads hz[i][j] at
// [%rd+-4*N].
//
//===----------------------------------------------------------------------===//
#include "ConstantOffsets.h"
#include "InstructionClassifier.h"
#include "StrengthReduction.h"

#include "gpa/InstructionCosts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace gpa {

static const CastInst *asExtension(const Value *V) {
  auto *Ext = dyn_cast<CastInst>(V);
  return Ext && (isa<SExtInst>(Ext) || isa<ZExtInst>(Ext)) ? Ext : nullptr;
}

/// \p Index without its extension.
static const Value *unextended(const Value *Index) {
  const CastInst *Ext = asExtension(Index);
  return Ext ? Ext->getOperand(0) : Index;
}

static const SCEV *scev(ScalarEvolution &SE, const Value *V) {
  return SE.getSCEV(const_cast<Value *>(V));
}

/// B's byte distance from A when it is a compile-time constant: their
/// addresses differ by one, or (one index each, on one base) their
/// indices do before the extension, where llc's straight-line strength
/// reduction rebases B on A all the same.
static std::optional<int64_t> byteDistance(const GetElementPtrInst &A,
                                           const GetElementPtrInst &B,
                                           ScalarEvolution &SE,
                                           const DataLayout &DL) {
  if (auto *D =
          dyn_cast<SCEVConstant>(SE.getMinusSCEV(scev(SE, &B), scev(SE, &A))))
    return D->getAPInt().getSExtValue();
  if (A.getPointerOperand() != B.getPointerOperand() ||
      A.getSourceElementType() != B.getSourceElementType() ||
      A.getNumIndices() != 1 || B.getNumIndices() != 1)
    return std::nullopt;
  auto *EA = dyn_cast<SExtInst>(A.getOperand(1));
  auto *EB = dyn_cast<SExtInst>(B.getOperand(1));
  if (!EA || !EB || EA->getSrcTy() != EB->getSrcTy())
    return std::nullopt;
  auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(
      scev(SE, EB->getOperand(0)), scev(SE, EA->getOperand(0))));
  TypeSize Size = DL.getTypeAllocSize(A.getSourceElementType());
  if (!D || Size.isScalable())
    return std::nullopt;
  return D->getAPInt().getSExtValue() * int64_t(Size.getFixedValue());
}

/// The values an index may be rebuilt from: the operands of its arithmetic,
/// three levels deep.
static void addOperands(const Value *V, unsigned Depth,
                        SmallVectorImpl<const Value *> &Out) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == 0 || !isIndexMath(*I))
    return;
  for (const Value *Op : I->operands()) {
    if (isa<Constant>(Op))
      continue;
    Out.push_back(Op);
    addOperands(Op, Depth - 1, Out);
  }
}

/// The constant addend SeparateConstOffsetFromGEP moves out of \p V, an
/// index of \p GEP (zero when none): it traces add, sub and disjoint or
/// (not a sub under a zext), down through the extensions, into an add
/// under a sext only when the add is nsw, or when it is the extended value
/// itself, adds a positive constant and the GEP is inbounds; under a zext
/// only when nuw (llc 19 and 22 -passes=separate-const-offset-from-gep).
static APInt extractableConstant(const Value *V, const GetElementPtrInst &GEP,
                                 bool SignExtended, bool ZeroExtended,
                                 bool Extended) {
  unsigned Bits = V->getType()->getIntegerBitWidth();
  if (auto *CI = dyn_cast<ConstantInt>(V))
    return CI->getValue();
  if (auto *Ext = asExtension(V)) {
    bool Sext = isa<SExtInst>(Ext);
    APInt C = extractableConstant(Ext->getOperand(0), GEP, SignExtended || Sext,
                                  ZeroExtended || !Sext,
                                  /*Extended=*/true);
    return Sext ? C.sext(Bits) : C.zext(Bits);
  }
  auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO)
    return APInt(Bits, 0);
  unsigned Op = BO->getOpcode();
  bool Disjoint = false;
  if (auto *PD = dyn_cast<PossiblyDisjointInst>(BO))
    Disjoint = PD->isDisjoint();
  if (Op != Instruction::Add && Op != Instruction::Sub &&
      !(Op == Instruction::Or && Disjoint))
    return APInt(Bits, 0);
  auto *RHS = dyn_cast<ConstantInt>(BO->getOperand(1));
  bool PositiveTop = Extended && GEP.isInBounds() && Op == Instruction::Add &&
                     RHS && RHS->getValue().isStrictlyPositive();
  if (Op != Instruction::Or &&
      ((ZeroExtended && (Op == Instruction::Sub || !BO->hasNoUnsignedWrap())) ||
       (SignExtended && !BO->hasNoSignedWrap() && !PositiveTop)))
    return APInt(Bits, 0);
  APInt C = extractableConstant(BO->getOperand(0), GEP, SignExtended,
                                ZeroExtended, false);
  if (!C.isZero())
    return C;
  C = extractableConstant(BO->getOperand(1), GEP, SignExtended, ZeroExtended,
                          false);
  return Op == Instruction::Sub ? -C : C;
}

using NswAdds = DenseMap<const SCEV *, SmallVector<const Instruction *, 2>>;

/// The value SeparateConstOffsetFromGEP leaves as \p GEP's index after it
/// takes a constant out (null when it takes none). From the extended value
/// itself (`sext(x + C)`) that is x. From deeper (`sext((x + C) + y)`) it
/// distributes the extension over the adds and joins `sext(x) + sext(y)`
/// back into `sext(x + y)` only through a dominating `add nsw` of that
/// value, which it then reuses; without one the index is rebuilt in 64-bit
/// arithmetic, which this rule does not model: \p Unmodelled.
static const Value *extractionRest(const GetElementPtrInst &GEP,
                                   ScalarEvolution &SE, const DominatorTree &DT,
                                   const NswAdds &Adds, bool &Unmodelled) {
  Unmodelled = false;
  const Value *Index = variableIndex(GEP);
  const Value *Inner = unextended(Index);
  APInt C = extractableConstant(Inner, GEP, isa<SExtInst>(Index), false,
                                Inner != Index);
  if (C.isZero())
    return nullptr;
  if (auto *BO = dyn_cast<BinaryOperator>(Inner)) {
    if (isa<ConstantInt>(BO->getOperand(1)))
      return BO->getOperand(0);
    if (isa<ConstantInt>(BO->getOperand(0)) &&
        BO->getOpcode() == Instruction::Add)
      return BO->getOperand(1);
  }
  const SCEV *Rest = SE.getMinusSCEV(scev(SE, Inner), SE.getConstant(C));
  if (auto It = Adds.find(Rest); It != Adds.end())
    for (const Instruction *Add : It->second)
      if (DT.dominates(Add, &GEP))
        return Add;
  Unmodelled = true;
  return nullptr;
}

/// The value a zero-extended index leaves once SeparateConstOffsetFromGEP
/// takes out the constant it can: x of `zext(x + C)` (a nuw add or a
/// disjoint or of a constant), the extended value itself when there is no
/// constant. Null when the constant sits deeper (`zext(y + (x + C))`): llc
/// then rebuilds the index in 64-bit arithmetic on its own (PolyBench
/// 2DCONV's `A[(i - 1) * NJ + (j + 1)]`: cvt.u64 x2, add.s64, shl.b64).
static const Value *zeroExtendedRest(const GetElementPtrInst &GEP) {
  const Value *Inner = unextended(variableIndex(GEP));
  APInt C = extractableConstant(Inner, GEP, /*SignExtended=*/false,
                                /*ZeroExtended=*/true, /*Extended=*/true);
  if (C.isZero())
    return Inner;
  auto *BO = dyn_cast<BinaryOperator>(Inner);
  if (BO && isa<ConstantInt>(BO->getOperand(1)))
    return BO->getOperand(0);
  if (BO && isa<ConstantInt>(BO->getOperand(0)) &&
      BO->getOpcode() == Instruction::Add)
    return BO->getOperand(1);
  return nullptr;
}

/// The int instructions that rebuild \p GEP's index from \p V, computed
/// anyway: none when they are equal, one add when they differ by a
/// constant (reassociation); none when V cannot.
static std::optional<double> rebuildCost(const GetElementPtrInst &GEP,
                                         const Value *V, ScalarEvolution &SE,
                                         const DominatorTree &DT) {
  const Value *Index = variableIndex(GEP);
  const Value *Inner = unextended(Index);
  if (V == Index || V == Inner || V->getType() != Inner->getType() ||
      !SE.isSCEVable(V->getType()))
    return std::nullopt;
  if (auto *VI = dyn_cast<Instruction>(V); VI && !DT.dominates(VI, &GEP))
    return std::nullopt;
  auto *D =
      dyn_cast<SCEVConstant>(SE.getMinusSCEV(scev(SE, Inner), scev(SE, V)));
  if (!D)
    return std::nullopt;
  if (D->getAPInt().isZero())
    return 0.0;
  return integerAddInstructions(Inner->getType()->getIntegerBitWidth());
}

/// Index arithmetic whose every user is a GEP of \p Rebased (as an index)
/// or such arithmetic itself, \p Pinned excepted: a fixed point from "all
/// candidates". What loop strength reduction leaves dead stays its own
/// (its loop's start values are still computed).
static DenseSet<const Instruction *>
deadIndexMath(Function &F, const StrengthReduced &LSR,
              const DenseSet<const Instruction *> &Rebased,
              const DenseSet<const Instruction *> &Unused,
              const DenseSet<const Value *> &Pinned) {
  DenseSet<const Instruction *> Dead;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isIndexMath(I) && !LSR.DeadIndexMath.count(&I) && !Pinned.count(&I))
        Dead.insert(&I);
  auto DeadUse = [&](const Instruction &I, const User *U) {
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI)
      return false;
    if (Unused.count(UI))
      return true;
    if (Rebased.count(UI))
      return cast<GetElementPtrInst>(UI)->getPointerOperand() != &I;
    return Dead.count(UI) != 0;
  };
  keepOnlyDeadMembers(Dead, DeadUse);
  return Dead;
}

ConstantOffsets foldConstantOffsets(Function &F, const StrengthReduced &LSR,
                                    ScalarEvolution &SE,
                                    const DominatorTree &DT) {
  ConstantOffsets R;
  const DataLayout &DL = F.getParent()->getDataLayout();
  NswAdds Adds;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (I.getOpcode() == Instruction::Add && I.hasNoSignedWrap() &&
          SE.isSCEVable(I.getType()))
        Adds[SE.getSCEV(&I)].push_back(&I);
  DenseSet<const Value *> Pinned; // indices llc computes for the others
  DenseMap<const Instruction *, const Value *> Tentative; // one add from V
  for (BasicBlock &BB : F) {
    struct Group {
      const GetElementPtrInst *Leader;
      const Value *Rest;
      const Value *ZextRest; // set for a zero-extended index
      SmallVector<const GetElementPtrInst *, 4> Members;
    };
    SmallVector<Group, 8> Groups;
    for (Instruction &I : BB) {
      auto *GEP = dyn_cast<GetElementPtrInst>(&I);
      if (!GEP || LSR.PointerIncrements.count(GEP) ||
          LSR.IndexIncrements.count(GEP) || LSR.SharedIncrements.count(GEP))
        continue;
      const Value *Index = variableIndex(*GEP);
      if (!Index || !Index->getType()->isIntegerTy())
        continue;
      // Straight-line strength reduction looks through a sext only. A
      // zero-extended index shares an address only with GEPs whose index
      // leaves the same value once SeparateConstOffsetFromGEP takes its
      // constant out: EarlyCSE and the DAG's CSE then give them one
      // register and the constants become immediates.
      const Value *ZextRest = nullptr;
      if (isa<ZExtInst>(Index)) {
        ZextRest = zeroExtendedRest(*GEP);
        if (!ZextRest)
          continue;
      }
      bool Unmodelled = false;
      const Value *Rest =
          ZextRest ? (ZextRest == unextended(Index) ? nullptr : ZextRest)
                   : extractionRest(*GEP, SE, DT, Adds, Unmodelled);
      if (Unmodelled)
        continue;
      Group *Into = nullptr;
      if (onlyAddressOfMemory(*GEP))
        for (Group &G : Groups) {
          if ((G.ZextRest == nullptr) != (ZextRest == nullptr) ||
              (ZextRest && scev(SE, G.ZextRest) != scev(SE, ZextRest)))
            continue;
          std::optional<int64_t> D = byteDistance(*G.Leader, *GEP, SE, DL);
          if (D && offsetFoldsIntoAccess(*D)) {
            Into = &G;
            break;
          }
        }
      if (Into) {
        Into->Members.push_back(GEP);
        R.FoldedAddresses.insert(GEP);
      } else {
        Groups.push_back({GEP, Rest, ZextRest, {}});
      }
    }
    for (const Group &G : Groups) {
      if (G.ZextRest) {
        // llc computes the leader's own index (less its constant).
        R.RebuiltIndices[G.Leader] = 0;
        Pinned.insert(G.ZextRest);
        continue;
      }
      if (G.Rest) {
        R.RebuiltIndices[G.Leader] = 0;
        Pinned.insert(G.Rest);
        continue;
      }
      SmallVector<const Value *, 8> From;
      for (const GetElementPtrInst *M : G.Members) {
        From.push_back(variableIndex(*M));
        From.push_back(unextended(variableIndex(*M)));
      }
      addOperands(variableIndex(*G.Leader), 3, From);
      std::optional<double> Best;
      const Value *BestFrom = nullptr;
      for (const Value *V : From)
        if (std::optional<double> Cost = rebuildCost(*G.Leader, V, SE, DT);
            Cost && (!Best || *Cost < *Best)) {
          Best = Cost;
          BestFrom = V;
        }
      if (!Best)
        continue;
      R.RebuiltIndices[G.Leader] = *Best;
      if (*Best == 0)
        Pinned.insert(BestFrom);
      else
        Tentative[G.Leader] = BestFrom;
    }
  }
  // A folded address is rebased on its group's first: the pointer it was
  // built on is not needed for it (the unrolled convolution's per-column
  // `&sh[tx] + 4 * k`, read only through its rows' folded addresses).
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isa<GetElementPtrInst>(I) && !R.FoldedAddresses.count(&I) &&
          !LSR.PointerIncrements.count(&I) && !LSR.IndexIncrements.count(&I) &&
          !LSR.SharedIncrements.count(&I))
        R.UnusedBases.insert(&I);
  keepOnlyDeadMembers(R.UnusedBases, [&](const Instruction &I, const User *U) {
    auto *UG = dyn_cast<GetElementPtrInst>(U);
    return UG && UG->getPointerOperand() == &I &&
           (R.FoldedAddresses.count(UG) || R.UnusedBases.count(UG));
  });
  // A rebuilding add pays only from a value computed anyway.
  DenseSet<const Instruction *> Dead;
  for (bool Cancelled = true; Cancelled;) {
    DenseSet<const Instruction *> Rebased(R.FoldedAddresses.begin(),
                                          R.FoldedAddresses.end());
    for (const auto &[GEP, Cost] : R.RebuiltIndices)
      Rebased.insert(GEP);
    Dead = deadIndexMath(F, LSR, Rebased, R.UnusedBases, Pinned);
    Cancelled = false;
    for (auto It = Tentative.begin(); It != Tentative.end();) {
      auto Next = std::next(It);
      auto *From = dyn_cast<Instruction>(It->second);
      if (From && Dead.count(From)) {
        R.RebuiltIndices.erase(It->first);
        Tentative.erase(It);
        Cancelled = true;
      }
      It = Next;
    }
  }
  // A GEP whose own index is still computed uses it: nothing to rebuild.
  for (auto &[GEP, Cost] : R.RebuiltIndices) {
    auto *Inner = dyn_cast<Instruction>(
        unextended(variableIndex(*cast<GetElementPtrInst>(GEP))));
    if (!Inner || !Dead.count(Inner))
      Cost = 0;
  }
  R.DeadIndexMath = std::move(Dead);
  return R;
}

} // namespace gpa
