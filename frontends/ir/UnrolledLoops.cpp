//===- UnrolledLoops.cpp - A runtime-unrolled loop and its remainder ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// clang -O3 on `for (int i = 0; i < n; ++i) s += a[i];` (sm_80, LLVM 22):
//   %5:  %6 = and i32 %n, 3 ; br (n u< 4), %12 (remainder), %8 (unrolled)
//   %32: ... %56 = add %35, 4 ; br (%56 == n & -4), %10, %32   {4,+,4}
//   %10: br (%6 == 0), %27 (exit), %12
//   %16: ... %25 = add %19, 1 ; br (%25 == %6), %27, %16        {1,+,1}
// The latches' counters step 4 and 1: U = 4.
//
//===----------------------------------------------------------------------===//

#include "UnrolledLoops.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <optional>

using namespace llvm;

namespace gpa {

/// |step| of the counter L's latch compares with a loop-invariant value,
/// when it is an affine recurrence of L with a constant step.
static std::optional<std::uint64_t> counterStep(const Loop &L,
                                                ScalarEvolution &SE) {
  if (SE.getSmallConstantTripCount(&L))
    return std::nullopt;
  ICmpInst *Cmp = L.getLatchCmpInst();
  if (!Cmp)
    return std::nullopt;
  std::optional<std::uint64_t> Found;
  for (Value *Op : Cmp->operands()) {
    if (!SE.isSCEVable(Op->getType()))
      return std::nullopt;
    const SCEV *S = SE.getSCEV(Op);
    const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    if (AR && AR->getLoop() == &L && AR->isAffine()) {
      const auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (!C || C->getAPInt().isZero() || Found)
        return std::nullopt;
      Found = C->getAPInt().abs().getLimitedValue();
    } else if (!SE.isLoopInvariant(S, &L)) {
      return std::nullopt;
    }
  }
  return Found;
}

static unsigned lineOf(const Loop &L) {
  DebugLoc Start = L.getStartLoc();
  return Start ? Start.getLine() : 0;
}

/// Is R entered within a few blocks of M's exits (blocks outside M)?
static bool follows(const Loop &M, const Loop &R) {
  SmallVector<BasicBlock *, 4> Work;
  M.getExitBlocks(Work);
  SmallPtrSet<const BasicBlock *, 16> Seen;
  for (unsigned Steps = 0; Steps < 4 && !Work.empty(); ++Steps) {
    SmallVector<BasicBlock *, 4> Next;
    for (BasicBlock *B : Work) {
      if (B == R.getHeader())
        return true;
      if (!Seen.insert(B).second || M.contains(B) || R.contains(B))
        continue;
      append_range(Next, successors(B));
    }
    Work = std::move(Next);
  }
  return false;
}

/// Entry's only predecessor, when its branch goes to Entry or skips both
/// loops to an exit block of either.
static const BasicBlock *pairGuard(const BasicBlock *Entry, const Loop &M,
                                   const Loop &R) {
  const BasicBlock *P = Entry->getSinglePredecessor();
  const auto *Br = P ? dyn_cast<BranchInst>(P->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional())
    return nullptr;
  SmallVector<BasicBlock *, 4> Exits;
  M.getExitBlocks(Exits);
  R.getExitBlocks(Exits);
  for (unsigned I = 0; I < 2; ++I)
    if (Br->getSuccessor(I) == Entry &&
        is_contained(Exits, Br->getSuccessor(1 - I)))
      return P;
  return nullptr;
}

std::vector<UnrolledPair> findUnrolledPairs(const LoopInfo &LI,
                                            ScalarEvolution &SE,
                                            const DominatorTree &DT) {
  std::vector<UnrolledPair> Out;
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  std::vector<std::optional<std::uint64_t>> Steps;
  for (Loop *L : Loops)
    Steps.push_back(counterStep(*L, SE));
  SmallPtrSet<const Loop *, 8> Taken;
  for (unsigned M = 0; M < Loops.size(); ++M) {
    if (!Steps[M] || Taken.count(Loops[M]))
      continue;
    for (unsigned R = 0; R < Loops.size(); ++R) {
      const Loop &LM = *Loops[M], &LR = *Loops[R];
      if (M == R || !Steps[R] || Taken.count(&LR) || *Steps[M] <= *Steps[R] ||
          *Steps[M] % *Steps[R] ||
          *Steps[M] / *Steps[R] > 64 || // an unroll factor, not a stride
          LM.getParentLoop() != LR.getParentLoop() ||
          (lineOf(LM) && lineOf(LR) && lineOf(LM) != lineOf(LR)) ||
          !follows(LM, LR))
        continue;
      BasicBlock *PM = LM.getLoopPredecessor();
      BasicBlock *PR = LR.getLoopPredecessor();
      if (!PM || !PR)
        continue;
      UnrolledPair P;
      P.Main = &LM;
      P.Remainder = &LR;
      P.Factor = unsigned(*Steps[M] / *Steps[R]);
      P.Entry = DT.findNearestCommonDominator(PM, PR);
      if (!P.Entry || LM.contains(P.Entry) || LR.contains(P.Entry))
        continue;
      P.Guard = pairGuard(P.Entry, LM, LR);
      Taken.insert(&LM);
      Taken.insert(&LR);
      Out.push_back(P);
      break;
    }
  }
  return Out;
}

} // namespace gpa
