//===- BlockWaiting.cpp - Do a kernel's blocks wait for each other? -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What clang 22 emits for cooperative_groups::this_grid().sync() (CUDA 13
// headers, all inlined): the grid workspace read with
// `mov.u32 $0, %envreg1/2` inline assembly, an `atom.add.release.gpu`
// arrival and an `ld.acquire.gpu` spin loop. The spin loop is caught by the
// general rule below, the workspace read names the cause.
//
//===----------------------------------------------------------------------===//
#include "BlockWaiting.h"
#include "GridIndependence.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace gpa {

namespace {
constexpr unsigned SharedAddressSpace = 3, LocalAddressSpace = 5;

std::string describe(const Instruction &I) { return describeForRemark(I); }

bool isBlockPrivate(const Value *Ptr) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  return AS == SharedAddressSpace || AS == LocalAddressSpace;
}

bool isCooperativeGridSync(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return false;
  if (const auto *Asm = dyn_cast<InlineAsm>(Call->getCalledOperand()))
    return StringRef(Asm->getAsmString()).contains("%envreg");
  const Function *F = Call->getCalledFunction();
  if (!F)
    return false;
  StringRef Name = F->getName();
  return Name.contains("cudaCGSynchronizeGrid") ||
         Name.contains("cudaCGGetIntrinsicHandle") ||
         Name.contains("cudaCGSynchronize") || Name.contains("sync_grids");
}

/// A read whose value another block may change while this one waits.
bool readsSharedState(const Instruction &I) {
  if (const auto *Ld = dyn_cast<LoadInst>(&I))
    return !Ld->isUnordered() && !isBlockPrivate(Ld->getPointerOperand());
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return !isBlockPrivate(RMW->getPointerOperand());
  if (const auto *Cas = dyn_cast<AtomicCmpXchgInst>(&I))
    return !isBlockPrivate(Cas->getPointerOperand());
  if (const auto *Call = dyn_cast<CallBase>(&I)) {
    if (isa<InlineAsm>(Call->getCalledOperand()))
      return Call->mayReadOrWriteMemory();
    const Function *F = Call->getCalledFunction();
    if (!F)
      return true;
    if (F->isIntrinsic())
      return F->getName().starts_with("llvm.nvvm.ld.") ||
             F->getName().starts_with("llvm.nvvm.atomic") ||
             (Call->mayReadFromMemory() && Call->mayWriteToMemory() &&
              !isa<MemIntrinsic>(Call));
    return F->isDeclaration() && Call->mayReadFromMemory();
  }
  return false;
}

/// The instruction of L that L's exit condition Cond depends on and that
/// reads what another block may write; null when none.
const Instruction *spinSource(const Value *Cond, const Loop &L) {
  SmallVector<const Value *, 16> Work{Cond};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second || Seen.size() > 4096)
      continue;
    if (readsSharedState(*I))
      return I;
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return nullptr;
}
} // namespace

std::string whyBlocksMayWait(const SmallPtrSetImpl<const Function *> &Reached,
                             FunctionAnalysisManager &FAM) {
  for (const Function *CF : Reached) {
    auto &F = const_cast<Function &>(*CF);
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F))
      if (isCooperativeGridSync(I))
        return "it synchronises the grid (cooperative groups: " + describe(I) +
               ")";
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    for (Loop *L : LI.getLoopsInPreorder()) {
      SmallVector<BasicBlock *, 4> Exiting;
      L->getExitingBlocks(Exiting);
      for (BasicBlock *E : Exiting) {
        const Instruction *Term = E->getTerminator();
        const Value *Cond = nullptr;
        if (const auto *Br = dyn_cast<BranchInst>(Term))
          Cond = Br->isConditional() ? Br->getCondition() : nullptr;
        else if (const auto *Sw = dyn_cast<SwitchInst>(Term))
          Cond = Sw->getCondition();
        if (!Cond)
          continue;
        if (const Instruction *Src = spinSource(Cond, *L))
          return "a loop in " + demangle(F.getName()) +
                 " waits on memory other blocks may write (its exit depends "
                 "on " +
                 describe(*Src) + ")";
      }
    }
  }
  return "";
}

} // namespace gpa
