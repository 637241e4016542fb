//===- EquivalentInductions.cpp - One register per recurrence -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "EquivalentInductions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace gpa {

DenseSet<const Instruction *>
duplicateIncrements(Function &F, LoopInfo &LI, ScalarEvolution &SE,
                    const DenseSet<const Instruction *> &Uncounted) {
  (void)F;
  DenseSet<const Instruction *> Out;
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      continue;
    SmallPtrSet<const SCEV *, 4> Seen;
    for (PHINode &Phi : L->getHeader()->phis()) {
      if (!Phi.getType()->isIntegerTy())
        continue;
      auto *Inc = dyn_cast<BinaryOperator>(Phi.getIncomingValueForBlock(Latch));
      if (!Inc || Inc->getOpcode() != Instruction::Add ||
          Inc->getOperand(0) != &Phi || Uncounted.count(Inc))
        continue;
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Inc));
      if (!AR || AR->getLoop() != L)
        continue;
      if (!Seen.insert(AR).second)
        Out.insert(Inc);
    }
  }
  return Out;
}

} // namespace gpa
