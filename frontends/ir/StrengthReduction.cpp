//===- StrengthReduction.cpp - Address arithmetic after LSR ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A GEP is a pointer increment when ScalarEvolution sees its address as an
// add recurrence of the innermost loop holding it with a constant step, an
// index increment when only its (extended) index is one.
// Index arithmetic is dead when every user is such a GEP or other dead
// index arithmetic of the same loop (a fixed point from "all candidates").
//
// LSR rewrites an equality exit test "counter == constant" as a test of any
// recurrence that starts at 0, scaled (its ICmpZero uses). In an innermost
// loop with a pointer increment, llc's LSR then keeps one 64-bit byte offset
// {0,+,step} for the pointers (base + offset) and the exit test (its
// truncation), and the counter disappears: add.s64 + cvt.u32.u64 + setp in
// the PTX, an IADD3 pair + ISETP in the SASS, where the counter took one add.
// When the counter steps by more than 1 (an unrolled loop) and an index
// increment is present, LSR instead keeps that index's 32-bit recurrence,
// started at 0, for the exit test: an add per iteration, as the counter.
// Observed on llc 22 for sm_80 (docs/ptx-frontend.md "LSR's offset form").
//
//===----------------------------------------------------------------------===//
#include "StrengthReduction.h"
#include "EquivalentInductions.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace gpa {

bool isIndexMath(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
  case Instruction::Or:
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
    return I.getType()->isIntegerTy();
  default:
    return false;
  }
}

void keepOnlyDeadMembers(
    DenseSet<const Instruction *> &Set,
    function_ref<bool(const Instruction &, const User *)> DeadUse) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Set.begin(); It != Set.end();) {
      const Instruction *I = *It;
      ++It;
      bool AllDead = !I->use_empty();
      for (const User *U : I->users())
        AllDead &= DeadUse(*I, U);
      if (!AllDead) {
        Set.erase(I);
        Changed = true;
      }
    }
  }
}

static bool advancesByConstant(const SCEV *S, const Loop *L,
                               ScalarEvolution &SE) {
  auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  return AR && AR->getLoop() == L && AR->isAffine() &&
         isa<SCEVConstant>(AR->getStepRecurrence(SE));
}

/// One variable index, extended from a 32-bit recurrence that
/// ScalarEvolution cannot see through the extension: LSR then cannot make
/// the address a pointer recurrence, and strength-reduces the 32-bit index
/// instead (one add per iteration) feeding an IMAD.WIDE.
static const Value *extendedIndex(const GetElementPtrInst &GEP);

static bool indexAdvancesByConstant(const GetElementPtrInst &GEP, const Loop *L,
                                    ScalarEvolution &SE) {
  const Value *Inner = extendedIndex(GEP);
  return Inner && SE.isSCEVable(Inner->getType()) &&
         advancesByConstant(SE.getSCEV(const_cast<Value *>(Inner)), L, SE);
}

const Value *variableIndex(const GetElementPtrInst &GEP) {
  const Value *Variable = nullptr;
  for (const Use &Idx : GEP.indices()) {
    if (isa<ConstantInt>(Idx))
      continue;
    if (Variable)
      return nullptr;
    Variable = Idx;
  }
  return Variable;
}

/// The extended value of a GEP's single variable index, or null.
static const Value *extendedIndex(const GetElementPtrInst &GEP) {
  auto *Ext = dyn_cast_or_null<CastInst>(variableIndex(GEP));
  if (!Ext || !(isa<SExtInst>(Ext) || isa<ZExtInst>(Ext)))
    return nullptr;
  return Ext->getOperand(0);
}

/// Whether two addresses differ by a loop-invariant constant: LSR then
/// keeps one pointer for both and folds the difference into the [reg+imm]
/// addressing mode of the second access.
static bool constantDistance(const GetElementPtrInst &A,
                             const GetElementPtrInst &B, ScalarEvolution &SE) {
  if (isa<SCEVConstant>(
          SE.getMinusSCEV(SE.getSCEV(const_cast<GetElementPtrInst *>(&A)),
                          SE.getSCEV(const_cast<GetElementPtrInst *>(&B)))))
    return true;
  const Value *IA = extendedIndex(A), *IB = extendedIndex(B);
  return IA && IB && A.getPointerOperand() == B.getPointerOperand() &&
         A.getSourceElementType() == B.getSourceElementType() &&
         IA->getType() == IB->getType() &&
         isa<SCEVConstant>(
             SE.getMinusSCEV(SE.getSCEV(const_cast<Value *>(IA)),
                             SE.getSCEV(const_cast<Value *>(IB))));
}

/// The increment of L's counter when L's latch leaves the loop on an
/// equality test of it against a constant ("%n = add %c, step; icmp eq %n,
/// C; br"), the counter being a header phi; null otherwise.
static const BinaryOperator *equalityExitCounter(const Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional() || !L.isLoopExiting(Latch))
    return nullptr;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !Cmp->isEquality() || !Cmp->hasOneUse() ||
      !isa<ConstantInt>(Cmp->getOperand(1)))
    return nullptr;
  auto *Inc = dyn_cast<BinaryOperator>(Cmp->getOperand(0));
  if (!Inc || Inc->getOpcode() != Instruction::Add ||
      !isa<ConstantInt>(Inc->getOperand(1)))
    return nullptr;
  auto *Phi = dyn_cast<PHINode>(Inc->getOperand(0));
  if (!Phi || Phi->getParent() != L.getHeader())
    return nullptr;
  for (const User *U : Inc->users())
    if (U != Cmp && U != Phi)
      return nullptr;
  return Inc;
}

/// Marks the counters that LSR replaces by a 64-bit byte offset (see the
/// file comment): the counter feeds nothing but its increment and dead index
/// arithmetic, the loop is innermost and has a pointer increment of its own,
/// and it steps by 1 or has no index increment.
static void findOffsetCounters(Function &F, LoopInfo &LI, StrengthReduced &R) {
  DenseMap<const Loop *, bool> HasPointer, HasIndex;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (R.SharedIncrements.count(&I))
        continue;
      const Loop *L = LI.getLoopFor(&BB);
      if (R.PointerIncrements.count(&I))
        HasPointer[L] = true;
      else if (R.IndexIncrements.count(&I))
        HasIndex[L] = true;
    }
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost() || !HasPointer.lookup(L))
      continue;
    const BinaryOperator *Inc = equalityExitCounter(*L);
    if (!Inc)
      continue;
    const APInt &Step = cast<ConstantInt>(Inc->getOperand(1))->getValue();
    if (!Step.isOne() && !Step.isAllOnes() && HasIndex.lookup(L))
      continue;
    const Value *Counter = Inc->getOperand(0);
    bool OnlyAddresses = true;
    for (const User *U : Counter->users())
      OnlyAddresses &= U == Inc || R.DeadIndexMath.count(cast<Instruction>(U));
    if (OnlyAddresses)
      R.OffsetCounters.insert(Inc);
  }
}

StrengthReduced strengthReduce(Function &F, LoopInfo &LI, ScalarEvolution &SE) {
  StrengthReduced R;
  DenseSet<const Instruction *> Candidates;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    for (Instruction &I : BB) {
      if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
        if (advancesByConstant(SE.getSCEV(GEP), L, SE))
          R.PointerIncrements.insert(GEP);
        else if (indexAdvancesByConstant(*GEP, L, SE))
          R.IndexIncrements.insert(GEP);
      } else if (isIndexMath(I)) {
        Candidates.insert(&I);
      }
    }
  }
  // Increments at a constant distance from an earlier one in the same loop
  // share its pointer.
  DenseMap<const Loop *, SmallVector<const GetElementPtrInst *, 8>> Leaders;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (!R.PointerIncrements.count(&I) && !R.IndexIncrements.count(&I))
        continue;
      auto &GEP = cast<GetElementPtrInst>(I);
      auto &Ls = Leaders[LI.getLoopFor(&BB)];
      bool Shares = false;
      for (const GetElementPtrInst *Leader : Ls)
        Shares |= constantDistance(GEP, *Leader, SE);
      if (Shares)
        R.SharedIncrements.insert(&GEP);
      else
        Ls.push_back(&GEP);
    }
  auto DeadUse = [&](const Instruction &I, const User *U) {
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI || LI.getLoopFor(UI->getParent()) != LI.getLoopFor(I.getParent()))
      return false;
    if (R.PointerIncrements.count(UI) || R.IndexIncrements.count(UI))
      return cast<GetElementPtrInst>(UI)->getPointerOperand() != &I;
    return Candidates.count(UI) != 0;
  };
  keepOnlyDeadMembers(Candidates, DeadUse);
  R.DeadIndexMath = std::move(Candidates);
  findOffsetCounters(F, LI, R);
  DenseSet<const Instruction *> Uncounted = R.DeadIndexMath;
  Uncounted.insert(R.OffsetCounters.begin(), R.OffsetCounters.end());
  R.DuplicateIncrements = duplicateIncrements(F, LI, SE, Uncounted);
  return R;
}

} // namespace gpa
