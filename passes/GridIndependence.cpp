//===- GridIndependence.cpp - May this kernel's grid shrink? --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Works on ScalarEvolution: a grid-stride loop is a header PHI whose SCEV is
// {tid.d + ctaid.d * ntid.d, +, k * nctaid.d * ntid.d} (casts peeled). Then
// every use of a blockIdx/gridDim read is followed forward until it reaches
// one of those PHIs (as their start), their increments (as the step) or a
// zero-trip guard; any other use is a reason to refuse.
//
//===----------------------------------------------------------------------===//

#include "GridIndependence.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

namespace {
/// "ctaid", "nctaid", "ntid", "tid" and the dimension of a special-register
/// read, or an empty kind.
struct Sreg {
  StringRef Kind;
  char Dim = 0;
};

Sreg sregOf(const Value *V) {
  const auto *Call = dyn_cast<CallInst>(V);
  const Function *F = Call ? Call->getCalledFunction() : nullptr;
  if (!F)
    return {};
  StringRef Name = F->getName();
  if (!Name.consume_front("llvm.nvvm.read.ptx.sreg.") || Name.size() < 3)
    return {};
  char Dim = Name.back();
  Name = Name.drop_back(2); // ".x"
  if (Name != "ctaid" && Name != "nctaid" && Name != "ntid" && Name != "tid")
    return {};
  return {Name, Dim};
}

bool isGridRead(const Value *V) {
  Sreg S = sregOf(V);
  return S.Kind == "ctaid" || S.Kind == "nctaid";
}

const SCEV *peelCasts(const SCEV *S) {
  while (const auto *C = dyn_cast<SCEVCastExpr>(S))
    S = C->getOperand();
  return S;
}

bool isSreg(const SCEV *S, StringRef Kind, char Dim) {
  const auto *U = dyn_cast<SCEVUnknown>(peelCasts(S));
  if (!U)
    return false;
  Sreg R = sregOf(U->getValue());
  return R.Kind == Kind && R.Dim == Dim;
}

/// A product that contains (at least) the factors KindA.d and KindB.d.
bool isProductOf(const SCEV *S, StringRef KindA, StringRef KindB, char Dim) {
  const auto *Mul = dyn_cast<SCEVMulExpr>(peelCasts(S));
  if (!Mul)
    return false;
  bool A = false, B = false;
  for (const SCEV *Op : Mul->operands()) {
    A |= isSreg(Op, KindA, Dim);
    B |= isSreg(Op, KindB, Dim);
    if (!isSreg(Op, KindA, Dim) && !isSreg(Op, KindB, Dim) &&
        !isa<SCEVConstant>(Op))
      return false;
  }
  return A && B;
}

/// tid.d + ctaid.d * ntid.d
bool isGlobalThreadIndex(const SCEV *S, char Dim) {
  const auto *Add = dyn_cast<SCEVAddExpr>(peelCasts(S));
  if (!Add || Add->getNumOperands() != 2)
    return false;
  const SCEV *A = Add->getOperand(0), *B = Add->getOperand(1);
  return (isSreg(A, "tid", Dim) && isProductOf(B, "ctaid", "ntid", Dim)) ||
         (isSreg(B, "tid", Dim) && isProductOf(A, "ctaid", "ntid", Dim));
}

bool dependsOnGrid(const SCEV *S) {
  return SCEVExprContains(S, [](const SCEV *X) {
    const auto *U = dyn_cast<SCEVUnknown>(X);
    return U && isGridRead(U->getValue());
  });
}

struct GridStrideLoop {
  Loop *L;
  PHINode *IV;
  Instruction *Increment; // the IV's value from the latch
  const SCEV *Start;
};

/// Recognises L as a grid-stride loop; Why says what is missing.
bool matchGridStrideLoop(Loop *L, ScalarEvolution &SE, GridStrideLoop &Out) {
  BasicBlock *Latch = L->getLoopLatch();
  if (!Latch || L->getExitingBlock() != Latch)
    return false; // one exit, at the latch: no data-dependent breaks
  for (PHINode &P : L->getHeader()->phis()) {
    if (!SE.isSCEVable(P.getType()))
      continue;
    const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&P));
    if (!AR || AR->getLoop() != L || !AR->isAffine())
      continue;
    const SCEV *Start = AR->getStart(), *Step = AR->getStepRecurrence(SE);
    for (char Dim : {'x', 'y', 'z'}) {
      if (!isGlobalThreadIndex(Start, Dim) ||
          !isProductOf(Step, "nctaid", "ntid", Dim))
        continue;
      // The exit compares the IV (or its increment) with a bound that
      // does not depend on the grid.
      auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
      auto *Cmp = Br && Br->isConditional()
                      ? dyn_cast<ICmpInst>(Br->getCondition())
                      : nullptr;
      auto *Inc = dyn_cast<Instruction>(P.getIncomingValueForBlock(Latch));
      if (!Cmp || !Inc)
        return false;
      for (unsigned I = 0; I < 2; ++I) {
        Value *IVSide = Cmp->getOperand(I), *Bound = Cmp->getOperand(1 - I);
        if ((IVSide == &P || IVSide == Inc) && L->isLoopInvariant(Bound) &&
            !dependsOnGrid(SE.getSCEV(Bound))) {
          Out = {L, &P, Inc, Start};
          return true;
        }
      }
    }
  }
  return false;
}

bool isCommutativeIntegerUpdate(const AtomicRMWInst &A) {
  switch (A.getOperation()) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::And:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::Max:
  case AtomicRMWInst::Min:
  case AtomicRMWInst::UMax:
  case AtomicRMWInst::UMin:
    return A.use_empty();
  default:
    return false;
  }
}

std::string describe(const Instruction &I) {
  std::string S;
  raw_string_ostream OS(S);
  I.print(OS);
  StringRef Text = StringRef(S).trim();
  return Text.size() > 80 ? (Text.take_front(77) + "...").str() : Text.str();
}

class Prover {
public:
  Prover(Function &K, FunctionAnalysisManager &FAM)
      : K(K), LI(FAM.getResult<LoopAnalysis>(K)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(K)) {}

  GridVerdict run() {
    for (Loop *L : LI.getLoopsInPreorder()) {
      GridStrideLoop G;
      if (matchGridStrideLoop(L, SE, G))
        Loops.push_back(G);
    }
    std::string Why;
    bool ReadsGrid = false;
    for (Instruction &I : instructions(K))
      if (!checkSideEffect(I, Why))
        return {false, false, Why};
    for (Instruction &I : instructions(K)) {
      ReadsGrid |= isGridRead(&I);
      if (isGridRead(&I) && !checkGridUses(I, Why))
        return {false, false, Why};
    }
    if (!ReadsGrid)
      return {false, false,
              "reads no blockIdx/gridDim: not a grid-stride "
              "kernel, nothing to shrink"};
    return {true, false,
            "every side effect is in a grid-stride loop (blockIdx*blockDim+"
            "threadIdx, step gridDim*blockDim) with a grid-independent bound"};
  }

private:
  bool inGridStrideLoop(const Instruction &I) const {
    for (const GridStrideLoop &G : Loops)
      if (G.L->contains(&I))
        return true;
    return false;
  }

  bool checkSideEffect(Instruction &I, std::string &Why) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      if (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd())
        return true; // markers, not effects
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      const Function *F = Call->getCalledFunction();
      if (!F || !F->isIntrinsic()) {
        Why = "calls " +
              (F ? F->getName().str() : std::string("through a pointer")) +
              ": its effects cannot be proven grid-independent";
        return false;
      }
      if (F->getName().contains("barrier") ||
          F->getName().contains("bar.sync")) {
        Why = "synchronises with a barrier: block-level cooperation";
        return false;
      }
    }
    if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
      if (!isCommutativeIntegerUpdate(*A)) {
        Why = "atomic " + describe(I) +
              " returns a value or is not a commutative integer update: "
              "cross-block communication";
        return false;
      }
    } else if (isa<AtomicCmpXchgInst>(I)) {
      Why = "compare-and-swap: cross-block communication";
      return false;
    }
    if (!I.mayWriteToMemory())
      return true;
    if (!inGridStrideLoop(I)) {
      Why = Loops.empty()
                ? "one thread per element (no grid-stride loop): which "
                  "elements are covered depends on the grid"
                : "writes memory outside its grid-stride loops (" +
                      describe(I) + ")";
      return false;
    }
    return true;
  }

  /// Every forward use of a blockIdx/gridDim read ends at a grid-stride
  /// loop's start, its step, or a zero-trip guard.
  bool checkGridUses(Instruction &Read, std::string &Why) {
    SmallVector<Instruction *, 16> Work{&Read};
    SmallPtrSet<Instruction *, 16> Seen;
    while (!Work.empty()) {
      Instruction *V = Work.pop_back_val();
      if (!Seen.insert(V).second)
        continue;
      for (User *U : V->users()) {
        auto *UI = dyn_cast<Instruction>(U);
        if (!UI || isSink(UI, V))
          continue;
        if (isa<CastInst>(UI) || isa<BinaryOperator>(UI)) {
          Work.push_back(UI);
          continue;
        }
        Why = "uses blockIdx/gridDim beyond a grid-stride loop (" +
              describe(*UI) + ")";
        return false;
      }
    }
    return true;
  }

  bool isSink(Instruction *U, Value *From) const {
    for (const GridStrideLoop &G : Loops) {
      if (U == G.IV || U == G.Increment)
        return true;
      // A zero-trip guard compares the loop's start with its bound.
      if (auto *Cmp = dyn_cast<ICmpInst>(U)) {
        Value *Other = Cmp->getOperand(Cmp->getOperand(0) == From ? 1 : 0);
        const SCEV *S = SE.getSCEV(From);
        if (peelCasts(S) == peelCasts(G.Start) &&
            !dependsOnGrid(SE.getSCEV(Other)) &&
            all_of(Cmp->users(), [](User *B) { return isa<BranchInst>(B); }))
          return true;
      }
    }
    return false;
  }

  Function &K;
  LoopInfo &LI;
  ScalarEvolution &SE;
  SmallVector<GridStrideLoop, 4> Loops;
};
} // namespace

bool isAnnotatedGridIndependent(const Function &Kernel) {
  const GlobalVariable *GA =
      Kernel.getParent()->getNamedGlobal("llvm.global.annotations");
  const auto *Array = GA && GA->hasInitializer()
                          ? dyn_cast<ConstantArray>(GA->getInitializer())
                          : nullptr;
  if (!Array)
    return false;
  for (const Use &Entry : Array->operands()) {
    const auto *S = dyn_cast<ConstantStruct>(Entry.get());
    if (!S || S->getNumOperands() < 2 ||
        S->getOperand(0)->stripPointerCasts() != &Kernel)
      continue;
    const auto *Str =
        dyn_cast<GlobalVariable>(S->getOperand(1)->stripPointerCasts());
    const auto *Data = Str && Str->hasInitializer()
                           ? dyn_cast<ConstantDataArray>(Str->getInitializer())
                           : nullptr;
    if (Data && Data->isCString() &&
        Data->getAsCString() == "gpa.grid_independent")
      return true;
  }
  return false;
}

GridVerdict analyzeGridIndependence(Function &Kernel,
                                    FunctionAnalysisManager &FAM) {
  if (isAnnotatedGridIndependent(Kernel))
    return {true, true, "annotated GPA_GRID_INDEPENDENT by its author"};
  if (Kernel.isDeclaration())
    return {false, false, "no body"};
  return Prover(Kernel, FAM).run();
}

} // namespace gpa
