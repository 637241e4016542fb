//===- GridIndependence.cpp - May this kernel's grid shrink? --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The proof rule (GridIndependence.h, docs/launch-rewrite.md) on
// ScalarEvolution and the dominator trees:
//  - grid-stride loops are matched by their induction PHI's SCEV
//    {tid.d + ctaid.d * ntid.d, +, nctaid.d * ntid.d} (casts peeled) and
//    their single latch exit `next < bound` (C1-C3);
//  - "grid-independent value" is a memoised walk over operands (C4): an
//    argument, a constant, an induction variable inside its loop, or an
//    operation on such values; a PHI also needs every branch that chooses
//    its incoming value to be grid-independent; a load also needs C5;
//  - C5 compares every write with every other access to memory that may be
//    the same (distinct globals, restrict or by-value arguments, then alias
//    analysis); two plain pointer arguments may be one buffer and are
//    compared by byte offset from each argument;
//  - C6 walks every instruction for effects other than stores and
//    result-unused commutative integer atomics.
// The first condition that fails is the verdict's reason.
//
//===----------------------------------------------------------------------===//

#include "GridIndependence.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <map>
#include <optional>

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

/// Any special register (thread/block/grid indices, lane, SM, clocks).
bool isSpecialRegisterRead(const Value *V) {
  const auto *Call = dyn_cast<CallInst>(V);
  const Function *F = Call ? Call->getCalledFunction() : nullptr;
  return F && F->getName().starts_with("llvm.nvvm.read.ptx.sreg.");
}

bool isGridRead(const Value *V) {
  Sreg S = sregOf(V);
  return S.Kind == "ctaid" || S.Kind == "nctaid";
}

/// Peels zero and sign extensions, which keep distinct values distinct and
/// preserve the order their signedness compares; never a truncation (which
/// maps distinct indices to one: issue 25) nor a pointer cast.
const SCEV *peelExtensions(const SCEV *S) {
  while (isa<SCEVZeroExtendExpr>(S) || isa<SCEVSignExtendExpr>(S))
    S = cast<SCEVCastExpr>(S)->getOperand();
  return S;
}

bool containsTruncation(const SCEV *S) {
  return SCEVExprContains(
      S, [](const SCEV *X) { return isa<SCEVTruncateExpr>(X); });
}

bool isSreg(const SCEV *S, StringRef Kind, char Dim) {
  const auto *U = dyn_cast<SCEVUnknown>(peelExtensions(S));
  if (!U)
    return false;
  Sreg R = sregOf(U->getValue());
  return R.Kind == Kind && R.Dim == Dim;
}

/// Exactly KindA.d * KindB.d: no other factor, no constant (C2: a step of
/// k grid strides covers only part of the range for k > 1).
bool isExactProduct(const SCEV *S, StringRef KindA, StringRef KindB, char Dim) {
  const auto *Mul = dyn_cast<SCEVMulExpr>(peelExtensions(S));
  if (!Mul || Mul->getNumOperands() != 2)
    return false;
  const SCEV *A = Mul->getOperand(0), *B = Mul->getOperand(1);
  return (isSreg(A, KindA, Dim) && isSreg(B, KindB, Dim)) ||
         (isSreg(B, KindA, Dim) && isSreg(A, KindB, Dim));
}

/// tid.d + ctaid.d * ntid.d
bool isGlobalThreadIndex(const SCEV *S, char Dim) {
  const auto *Add = dyn_cast<SCEVAddExpr>(peelExtensions(S));
  if (!Add || Add->getNumOperands() != 2)
    return false;
  const SCEV *A = Add->getOperand(0), *B = Add->getOperand(1);
  return (isSreg(A, "tid", Dim) && isExactProduct(B, "ctaid", "ntid", Dim)) ||
         (isSreg(B, "tid", Dim) && isExactProduct(A, "ctaid", "ntid", Dim));
}

bool readsSpecialRegister(const SCEV *S) {
  return SCEVExprContains(S, [](const SCEV *X) {
    const auto *U = dyn_cast<SCEVUnknown>(X);
    return U && isSpecialRegisterRead(U->getValue());
  });
}

std::string describe(const Value &V) { return describeForRemark(V); }

} // namespace

std::string describeForRemark(const Value &V) {
  std::string S;
  raw_string_ostream OS(S);
  V.print(OS);
  StringRef Text = StringRef(S).trim();
  size_t Meta = Text.find(", !");
  if (Meta != StringRef::npos)
    Text = Text.take_front(Meta); // no metadata noise in remarks
  return Text.size() > 80 ? (Text.take_front(77) + "...").str() : Text.str();
}

std::string unitDimsText(unsigned UnitDims) {
  std::string Out;
  for (char Dim : {'x', 'y', 'z'})
    if (UnitDims & (1u << unsigned(Dim - 'x')))
      Out += std::string(Out.empty() ? "" : ", ") + "gridDim." + Dim +
             " = blockDim." + Dim + " = 1";
  return Out;
}

namespace {
std::string describe(const SCEV *S) {
  std::string Text;
  raw_string_ostream OS(Text);
  S->print(OS);
  return Text;
}

bool isCommutativeIntegerUpdate(AtomicRMWInst::BinOp Op) {
  switch (Op) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::And:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::Max:
  case AtomicRMWInst::Min:
  case AtomicRMWInst::UMax:
  case AtomicRMWInst::UMin:
    return true;
  default:
    return false;
  }
}

struct GridStrideLoop {
  Loop *L = nullptr;
  PHINode *IV = nullptr;
  Value *Bound = nullptr;
  const SCEV *Start = nullptr;
  const SCEV *BoundS = nullptr;
  char Dim = 0;
  bool Inclusive = false; // continues while next <= bound
};

class Prover {
public:
  Prover(Function &K, FunctionAnalysisManager &FAM)
      : K(K), LI(FAM.getResult<LoopAnalysis>(K)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(K)),
        DT(FAM.getResult<DominatorTreeAnalysis>(K)),
        PDT(FAM.getResult<PostDominatorTreeAnalysis>(K)),
        AA(FAM.getResult<AAManager>(K)) {}

  GridVerdict run() {
    bool ReadsGrid = false;
    for (Instruction &I : instructions(K))
      ReadsGrid |= isGridRead(&I);
    if (!ReadsGrid)
      return refuse("reads no blockIdx/gridDim: not a grid-stride kernel, "
                    "nothing to shrink");
    for (Loop *L : LI.getLoopsInPreorder()) {
      GridStrideLoop G;
      std::string Why;
      if (matchGridStrideLoop(L, G, Why))
        Loops.push_back(G);
      else if (!Why.empty())
        NotGridStride[L] = Why;
    }
    if (!checkEffects() || !checkLoopBounds() || !checkMemory())
      return refuse(Reason);
    GridVerdict V{
        true, false,
        "every side effect is in a grid-stride loop and a function "
        "of its index only (C1-C6: start blockIdx*blockDim+threadIdx, "
        "step exactly gridDim*blockDim, grid-independent bound)"};
    V.UnitDims = UnitDims;
    if (UnitDims)
      V.Reason += "; launch requires " + unitDimsText(UnitDims) +
                  " (no grid-stride loop covers them; the runtime checks it)";
    return V;
  }

private:
  GridVerdict refuse(const std::string &Why) { return {false, false, Why}; }

  bool fail(const std::string &Why) {
    if (Reason.empty())
      Reason = Why;
    return false;
  }

  /// Puts what failed in context: "<Prefix><inner reason>".
  bool wrap(const std::string &Prefix) {
    Reason = Prefix + Reason;
    return false;
  }

  /// C1-C3 for one loop. Why stays empty for loops with no induction
  /// variable starting at the global thread index (plain inner loops).
  bool matchGridStrideLoop(Loop *L, GridStrideLoop &Out, std::string &Why) {
    for (PHINode &P : L->getHeader()->phis()) {
      if (!SE.isSCEVable(P.getType()))
        continue;
      const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&P));
      if (!AR || AR->getLoop() != L || !AR->isAffine())
        continue;
      const SCEV *Start = AR->getStart(), *Step = AR->getStepRecurrence(SE);
      if ((containsTruncation(Start) || containsTruncation(Step)) &&
          (readsSpecialRegister(Start) || readsSpecialRegister(Step))) {
        Why = "C1 start: the loop over " + describe(P) +
              " truncates its start or step (" + describe(AR) +
              "): distinct threads may share an index";
        return false;
      }
      for (char Dim : {'x', 'y', 'z'}) {
        if (!isGlobalThreadIndex(Start, Dim))
          continue;
        std::string D(1, Dim);
        if (!isExactProduct(Step, "nctaid", "ntid", Dim)) {
          Why = "C2 step: the loop over " + describe(P) + " steps by " +
                describe(Step) + ", not exactly gridDim." + D + "*blockDim." +
                D;
          return false;
        }
        return matchExit(L, P, Start, Dim, Out, Why);
      }
    }
    // Name C1 only for loops that touch the grid at all (in the PHI or in
    // what it starts from: a masked 16-bit index is no recurrence).
    auto ReadsGrid = [this](Value *V) {
      return SE.isSCEVable(V->getType()) &&
             SCEVExprContains(SE.getSCEV(V), [](const SCEV *X) {
               const auto *U = dyn_cast<SCEVUnknown>(X);
               return U && isGridRead(U->getValue());
             });
    };
    for (PHINode &P : L->getHeader()->phis())
      if (ReadsGrid(&P) || any_of(P.incoming_values(), ReadsGrid)) {
        Why = "C1 start: the loop over " + describe(P) +
              " does not start at blockIdx.d*blockDim.d+threadIdx.d with "
              "step gridDim.d*blockDim.d";
        return false;
      }
    return false;
  }

  /// C3: one exit, at the latch, continuing while next < bound (or <=),
  /// the bound loop-invariant, and the first iteration guarded by
  /// start < bound.
  bool matchExit(Loop *L, PHINode &P, const SCEV *Start, char Dim,
                 GridStrideLoop &Out, std::string &Why) {
    BasicBlock *Latch = L->getLoopLatch();
    auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
    if (!Br || !Br->isConditional() || L->getExitingBlock() != Latch) {
      Why = "C3 bound: the grid-stride loop over " + describe(P) +
            " leaves other than at its latch (break, return, goto)";
      return false;
    }
    auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
    Value *Next = P.getIncomingValueForBlock(Latch);
    if (Cmp) {
      CmpInst::Predicate Pred = Cmp->getPredicate();
      if (Br->getSuccessor(0) != L->getHeader())
        Pred = CmpInst::getInversePredicate(Pred);
      Value *Lhs = Cmp->getOperand(0), *Rhs = Cmp->getOperand(1);
      if (Rhs == Next) {
        std::swap(Lhs, Rhs);
        Pred = CmpInst::getSwappedPredicate(Pred);
      }
      bool Below = Pred == CmpInst::ICMP_SLT || Pred == CmpInst::ICMP_ULT ||
                   Pred == CmpInst::ICMP_SLE || Pred == CmpInst::ICMP_ULE;
      if (Lhs == Next && Below && L->isLoopInvariant(Rhs)) {
        const SCEV *Bound = SE.getSCEV(Rhs);
        if (containsTruncation(Bound)) {
          Why = "C3 bound: the bound of the grid-stride loop over " +
                describe(P) + " is truncated (" + describe(Bound) + ")";
          return false;
        }
        if (!SE.isLoopEntryGuardedByCond(L, Pred, Start, Bound)) {
          Why = "C3 bound: the first iteration of the grid-stride loop over " +
                describe(P) + " is not guarded by start < bound";
          return false;
        }
        Out = {L,
               &P,
               Rhs,
               Start,
               Bound,
               Dim,
               Pred == CmpInst::ICMP_SLE || Pred == CmpInst::ICMP_ULE};
        return true;
      }
    }
    Why = "C3 bound: the grid-stride loop over " + describe(P) +
          " does not continue while its next index is below a loop-invariant "
          "bound";
    return false;
  }

  const GridStrideLoop *gridStrideLoopOf(const Loop *L) const {
    for (const GridStrideLoop &G : Loops)
      if (G.L == L)
        return &G;
    return nullptr;
  }

  /// The innermost grid-stride loop containing BB.
  const GridStrideLoop *innermostGridStride(const BasicBlock *BB) const {
    for (Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop())
      if (const GridStrideLoop *G = gridStrideLoopOf(L))
        return G;
    return nullptr;
  }

  /// The grid-stride loops enclosing BB, innermost first.
  SmallVector<const GridStrideLoop *, 3> chainOf(const BasicBlock *BB) const {
    SmallVector<const GridStrideLoop *, 3> Chain;
    for (Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop())
      if (const GridStrideLoop *G = gridStrideLoopOf(L))
        Chain.push_back(G);
    return Chain;
  }

  static unsigned dimBit(char Dim) { return 1u << unsigned(Dim - 'x'); }

  /// C1 coverage: nested grid-stride loops stride over distinct dimensions
  /// (two loops over x visit only the pairs whose indices fall to the same
  /// thread: issue 25's nested_rows); a dimension no loop around I covers
  /// must be 1 at launch (else every block along it repeats I's work), a
  /// requirement the verdict carries to the runtime.
  bool checkCoverage(Instruction &I) {
    unsigned Covered = 0;
    SmallVector<const GridStrideLoop *, 3> Chain = chainOf(I.getParent());
    for (const GridStrideLoop *G : Chain) {
      if (Covered & dimBit(G->Dim)) {
        const GridStrideLoop *Inner = nullptr;
        for (const GridStrideLoop *H : Chain)
          if (H->Dim == G->Dim && H != G && !Inner)
            Inner = H;
        return fail("C1 start: the grid-stride loop over " +
                    describe(*Inner->IV) + " is nested in one over " +
                    describe(*G->IV) +
                    " that strides over the same "
                    "dimension (" +
                    std::string(1, G->Dim) +
                    "): together they visit only the index pairs that fall "
                    "to one thread");
      }
      Covered |= dimBit(G->Dim);
    }
    UnitDims |= 7u & ~Covered;
    return true;
  }

  bool checkLoopBounds() {
    for (const GridStrideLoop &G : Loops)
      if (!isGridIndependent(G.Bound, G.L->getLoopPreheader()
                                          ? G.L->getLoopPreheader()
                                          : G.L->getHeader()))
        return wrap("C3 bound: the bound of the grid-stride loop over " +
                    describe(*G.IV) + " is not grid-independent: ");
    return true;
  }

  /// C6 and C0: the effects there are, and that each sits in a grid-stride
  /// loop with grid-independent address, value and control (C4).
  bool checkEffects() {
    for (Instruction &I : instructions(K)) {
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        if (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd())
          continue; // markers, not effects
      if (isa<AllocaInst>(I))
        return fail("C5 memory: thread-private memory (" + describe(I) +
                    ") is not analysed");
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        const Function *F = Call->getCalledFunction();
        if (!F || !F->isIntrinsic())
          return fail("C6 effects: calls " +
                      (F ? F->getName().str()
                       : Call->isInlineAsm()
                           ? std::string("inline assembly")
                           : std::string("through a pointer")) +
                      ": its effects are not analysed");
        if (Call->isConvergent())
          return fail("C6 effects: " + F->getName().str() +
                      " synchronises or exchanges data between threads "
                      "(barrier, shuffle, vote)");
        if (Call->mayWriteToMemory())
          return fail("C6 effects: " + F->getName().str() +
                      " writes memory that is not analysed");
        continue;
      }
      if (isa<FenceInst>(I) || isa<AtomicCmpXchgInst>(I))
        return fail("C6 effects: " + describe(I) +
                    " communicates between threads");
      if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
        if (!isCommutativeIntegerUpdate(A->getOperation()) || A->isVolatile())
          return fail("C6 effects: atomic " + describe(I) +
                      " is not a commutative integer update (float rounding "
                      "or exchange depends on the order)");
        if (!A->use_empty())
          return fail("C6 effects: the result of atomic " + describe(I) +
                      " is used (cross-thread communication)");
        if (!checkStoreLike(I, A->getPointerOperand(), A->getValOperand()))
          return false;
        continue;
      }
      if (auto *S = dyn_cast<StoreInst>(&I)) {
        if (!S->isSimple())
          return fail("C6 effects: volatile or atomic store " + describe(I));
        if (!checkStoreLike(I, S->getPointerOperand(), S->getValueOperand()))
          return false;
        continue;
      }
      if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        if (!Ld->isSimple())
          return fail("C6 effects: volatile or atomic load " + describe(I));
        continue;
      }
      if (I.mayWriteToMemory())
        return fail("C6 effects: " + describe(I) + " writes memory");
    }
    return true;
  }

  bool checkStoreLike(Instruction &I, Value *Ptr, Value *Val) {
    const GridStrideLoop *G = innermostGridStride(I.getParent());
    if (!G) {
      Loop *L = LI.getLoopFor(I.getParent());
      for (; L; L = L->getParentLoop())
        if (NotGridStride.count(L))
          return fail(NotGridStride[L]);
      return fail(Loops.empty()
                      ? "C1 start: one thread per element (no grid-stride "
                        "loop around " +
                            describe(I) +
                            "): which elements are covered depends on the "
                            "grid"
                      : "C1 start: writes memory outside its grid-stride "
                        "loops (" +
                            describe(I) + ")");
    }
    // A loop between the store and its grid-stride loop that reads the
    // grid but is no grid-stride loop itself: name why (C1-C3).
    for (Loop *L = LI.getLoopFor(I.getParent()); L && L != G->L;
         L = L->getParentLoop())
      if (NotGridStride.count(L))
        return fail(NotGridStride[L]);
    if (!checkCoverage(I))
      return false;
    if (!isGridIndependent(Ptr, I.getParent()))
      return wrap("C4 values: the address of " + describe(I) +
                  " is not a function of the grid-stride index: ");
    if (!isGridIndependent(Val, I.getParent()))
      return wrap("C4 values: the value stored by " + describe(I) +
                  " is not a function of the grid-stride index: ");
    if (!controlIsGridIndependent(I.getParent()))
      return wrap("C4 values: whether " + describe(I) +
                  " runs is not a function of the grid-stride index: ");
    return true;
  }

  /// The blocks whose branch BB is directly control dependent on: a
  /// successor of X is post-dominated by BB, X is not.
  SmallVector<BasicBlock *, 4> controllingBlocks(BasicBlock *BB) {
    SmallVector<BasicBlock *, 4> Out;
    for (BasicBlock &X : K) {
      if (X.getTerminator()->getNumSuccessors() < 2 ||
          PDT.properlyDominates(BB, &X))
        continue;
      if (any_of(successors(&X),
                 [&](BasicBlock *S) { return PDT.dominates(BB, S); }))
        Out.push_back(&X);
    }
    return Out;
  }

  /// Every branch that decides, transitively, whether BB runs is
  /// grid-independent, but for the latches and zero-trip guards of the
  /// grid-stride loops enclosing BB (they decide which indices run).
  bool controlIsGridIndependent(BasicBlock *BB) {
    if (!ControlChecked.insert(BB).second)
      return true; // every block checked so far passed
    SmallVector<const GridStrideLoop *, 4> Chain;
    for (Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop())
      if (const GridStrideLoop *G = gridStrideLoopOf(L))
        Chain.push_back(G);
    SmallVector<BasicBlock *, 16> Work{BB};
    SmallPtrSet<BasicBlock *, 32> Seen{BB};
    while (!Work.empty()) {
      for (BasicBlock *X : controllingBlocks(Work.pop_back_val())) {
        if (!Seen.insert(X).second)
          continue;
        if (!checkBranch(X->getTerminator(), Chain))
          return false;
        Work.push_back(X);
      }
    }
    return true;
  }

  bool isZeroTripGuard(const Value *Cond, const GridStrideLoop &G) {
    const auto *Cmp = dyn_cast<ICmpInst>(Cond);
    if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
      return false;
    const SCEV *A = peelExtensions(SE.getSCEV(Cmp->getOperand(0)));
    const SCEV *B = peelExtensions(SE.getSCEV(Cmp->getOperand(1)));
    const SCEV *S = peelExtensions(G.Start), *N = peelExtensions(G.BoundS);
    return (A == S && B == N) || (A == N && B == S);
  }

  bool checkBranch(Instruction *Term, ArrayRef<const GridStrideLoop *> Chain) {
    Value *Cond = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(Term))
      Cond = Br->isConditional() ? Br->getCondition() : nullptr;
    else if (auto *Sw = dyn_cast<SwitchInst>(Term))
      Cond = Sw->getCondition();
    else if (Term->getNumSuccessors() > 1)
      return fail("C4 values: control flow through " + describe(*Term));
    if (!Cond)
      return true;
    for (const GridStrideLoop *G : Chain)
      if (isZeroTripGuard(Cond, *G) ||
          Term->getParent() == G->L->getLoopLatch())
        return true;
    if (!isGridIndependent(Cond, Term->getParent()))
      return wrap("a branch on " + describe(*Cond) + ": ");
    return true;
  }

  /// C4: V (used in UseBlock) is a function of grid-stride indices, kernel
  /// arguments, constants and memory C5 allows to read.
  bool isGridIndependent(Value *V, BasicBlock *UseBlock) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return isa<Constant>(V) || isa<Argument>(V) ||
             fail("uses " + describe(*V));
    // A value computed in a grid-stride loop and used after it depends on
    // which iterations this thread ran.
    for (const GridStrideLoop &G : Loops)
      if (G.L->contains(I) && !G.L->contains(UseBlock))
        return fail(describe(*I) +
                    " is computed in a grid-stride loop and used after it");
    auto [It, New] = Memo.try_emplace(I, true); // optimistic inside cycles
    if (!New)
      return It->second;
    // The walk recurses along operands: bound it, the plugin must not
    // overflow its stack on machine-generated expressions.
    if (Depth >= MaxDepth)
      return fail("an expression deeper than " + std::to_string(MaxDepth) +
                  " operations is not analysed");
    ++Depth;
    bool Ok = valueIsGridIndependent(*I);
    --Depth;
    Memo[I] = Ok;
    return Ok;
  }

  bool operandsAreGridIndependent(Instruction &I) {
    for (Value *Op : I.operands())
      if (!isa<BasicBlock>(Op) && !isGridIndependent(Op, I.getParent()))
        return false;
    return true;
  }

  bool valueIsGridIndependent(Instruction &I) {
    if (auto *P = dyn_cast<PHINode>(&I))
      return phiIsGridIndependent(*P);
    if (isSpecialRegisterRead(&I))
      return fail("reads " + describe(I) +
                  " other than as a grid-stride induction variable");
    if (auto *Ld = dyn_cast<LoadInst>(&I)) {
      if (!Ld->isSimple())
        return fail("uses volatile or atomic " + describe(I));
      return operandsAreGridIndependent(I); // what it reads: C5
    }
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      const Function *F = Call->getCalledFunction();
      if (!F || !F->isIntrinsic() || !Call->doesNotAccessMemory() ||
          Call->isConvergent())
        return fail("uses the result of " + describe(I));
      for (Value *Arg : Call->args())
        if (!isGridIndependent(Arg, I.getParent()))
          return false;
      return true;
    }
    if (I.mayReadOrWriteMemory() || isa<AllocaInst>(I) || I.isTerminator())
      return fail("uses " + describe(I));
    return operandsAreGridIndependent(I);
  }

  bool phiIsGridIndependent(PHINode &P) {
    BasicBlock *BB = P.getParent();
    Loop *L = LI.getLoopFor(BB);
    if (L && L->getHeader() == BB) {
      if (const GridStrideLoop *G = gridStrideLoopOf(L)) {
        if (G->IV == &P)
          return true;
        return fail(describe(P) +
                    " is carried from one grid-stride iteration to the next "
                    "(a running sum, counter, maximum or bumped pointer)");
      }
      // A plain loop: which iteration it is in must not depend on the grid.
      SmallVector<BasicBlock *, 4> Exiting;
      L->getExitingBlocks(Exiting);
      for (BasicBlock *E : Exiting)
        if (!checkBranch(E->getTerminator(), {}))
          return false;
      for (Value *In : P.incoming_values())
        if (!isGridIndependent(In, BB))
          return false;
      return true;
    }
    for (unsigned I = 0; I < P.getNumIncomingValues(); ++I)
      if (!isGridIndependent(P.getIncomingValue(I), P.getIncomingBlock(I)))
        return false;
    if (P.getNumIncomingValues() < 2)
      return true;
    // A join: every branch between its immediate dominator and it chooses
    // the value.
    DomTreeNode *Node = DT.getNode(BB);
    BasicBlock *IDom =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    SmallVector<BasicBlock *, 16> Work(pred_begin(BB), pred_end(BB));
    SmallPtrSet<BasicBlock *, 32> Seen;
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (!Seen.insert(B).second)
        continue;
      if (!checkBranch(B->getTerminator(), {}))
        return wrap(describe(P) + " is chosen by ");
      if (B != IDom)
        Work.append(pred_begin(B), pred_end(B));
    }
    return true;
  }

  /// C5 helpers: the address of an access as "offset + Stride * index" of
  /// its innermost grid-stride loop, when that is how it is computed.
  std::optional<int64_t> strideInIndex(Value *Ptr, const GridStrideLoop &G) {
    const SCEV *S = SE.getSCEV(Ptr);
    const SCEV *Base = SE.getPointerBase(S);
    if (!isa<SCEVUnknown>(Base) || readsSpecialRegister(Base) ||
        !SE.isLoopInvariant(Base, G.L))
      return std::nullopt;
    const SCEV *Off = SE.removePointerBase(S);
    RowsProven = false;
    std::optional<int64_t> Stride = linearIn(Off, G);
    // Every enclosing grid-stride loop's index must take part: an address
    // of x alone in a loop over y is stored by every y (issue 25).
    if (Stride && chainOf(G.L->getHeader()).size() > 1 && !RowsProven)
      return std::nullopt;
    return Stride;
  }

  /// The same in every iteration of every loop and every thread: no
  /// recurrence and no value computed in a loop (an inner or outer loop's
  /// index could make two iterations' slots overlap), no special register.
  bool isFixedOffset(const SCEV *S) const {
    return !readsSpecialRegister(S) &&
           !SCEVExprContains(S, [this](const SCEV *X) {
             if (isa<SCEVAddRecExpr>(X) || isa<SCEVCouldNotCompute>(X))
               return true;
             const auto *U = dyn_cast<SCEVUnknown>(X);
             const auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
             return I && LI.getLoopFor(I->getParent());
           });
  }

  /// {A, +, C*T} with the index {I0, +, T}: C when the recurrence is
  /// (A - C*I0) + C*index with A - C*I0 thread-independent.
  std::optional<int64_t> coefficientOf(const SCEVAddRecExpr *AR,
                                       const GridStrideLoop &G) {
    const auto *IVR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(G.IV));
    if (!AR->isAffine() || !IVR)
      return std::nullopt;
    const SCEV *Step = AR->getStepRecurrence(SE);
    const SCEV *T = IVR->getStepRecurrence(SE);
    SmallVector<int64_t, 2> Candidates{1};
    if (const auto *M = dyn_cast<SCEVMulExpr>(Step))
      if (const auto *C = dyn_cast<SCEVConstant>(M->getOperand(0)))
        Candidates.push_back(C->getAPInt().getSExtValue());
    Type *Ty = Step->getType();
    if (SE.getTypeSizeInBits(T->getType()) > SE.getTypeSizeInBits(Ty))
      return std::nullopt; // the address would truncate the index
    for (int64_t C : Candidates)
      for (bool Signed : {true, false}) {
        auto Ext = [&](const SCEV *X) {
          return Signed ? SE.getTruncateOrSignExtend(X, Ty)
                        : SE.getTruncateOrZeroExtend(X, Ty);
        };
        const SCEV *CS = SE.getConstant(Ty, C, /*isSigned=*/true);
        const SCEV *Rest = SE.getMinusSCEV(
            AR->getStart(), SE.getMulExpr(CS, Ext(IVR->getStart())));
        if (Step != SE.getMulExpr(CS, Ext(T)))
          continue;
        if (isFixedOffset(Rest) && chainOf(G.L->getHeader()).size() == 1)
          return C;
        if (C > 0 && disjointRows(Rest, G, C)) {
          RowsProven = true;
          return C;
        }
      }
    return std::nullopt;
  }

  /// Step / (nctaid.d * ntid.d) of G, when Step is that product times
  /// other factors.
  const SCEV *perIndex(const SCEV *Step, const GridStrideLoop &G) {
    const auto *IVR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(G.IV));
    const auto *T =
        IVR ? dyn_cast<SCEVMulExpr>(IVR->getStepRecurrence(SE)) : nullptr;
    if (!T || T->getType() != Step->getType())
      return nullptr;
    if (Step == T)
      return SE.getOne(Step->getType());
    const auto *M = dyn_cast<SCEVMulExpr>(Step);
    if (!M)
      return nullptr;
    SmallVector<const SCEV *, 4> Rest(M->operands().begin(),
                                      M->operands().end());
    for (const SCEV *Factor : T->operands()) {
      auto *It = find(Rest, Factor);
      if (It == Rest.end())
        return nullptr;
      Rest.erase(It);
    }
    return Rest.empty() ? SE.getOne(Step->getType()) : SE.getMulExpr(Rest);
  }

  /// Nested grid-stride loops (2D, 3D): Rest, the inner index's row offset,
  /// is {R0, +, Cy*Ty} over the next enclosing grid-stride loop with
  /// Cy >= Cx * inner extent, so rows never overlap (indices start >= 0:
  /// thread and block indices are unsigned), and so on outwards through
  /// every enclosing grid-stride loop: the address is injective in all of
  /// their indices.
  bool disjointRows(const SCEV *Rest, const GridStrideLoop &Inner, int64_t Cx) {
    Type *Ty = Rest->getType();
    if (Inner.BoundS->getType() != Ty)
      return false;
    const SCEV *Extent = SE.getMulExpr(
        SE.getConstant(Ty, Cx), Inner.Inclusive
                                    ? SE.getAddExpr(Inner.BoundS, SE.getOne(Ty))
                                    : Inner.BoundS);
    SmallVector<const GridStrideLoop *, 3> Chain =
        chainOf(Inner.L->getHeader()); // Chain[0] is Inner
    for (size_t Level = 1; Level < Chain.size(); ++Level) {
      const GridStrideLoop *Outer = Chain[Level];
      const auto *AR = dyn_cast<SCEVAddRecExpr>(Rest);
      if (!AR || AR->getLoop() != Outer->L || !AR->isAffine() ||
          Outer->BoundS->getType() != Ty)
        return false;
      const SCEV *Cy = perIndex(AR->getStepRecurrence(SE), *Outer);
      const auto *OR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Outer->IV));
      if (!Cy || !OR || OR->getStart()->getType() != Ty ||
          !SE.isKnownPredicate(CmpInst::ICMP_SGE, Cy, Extent))
        return false;
      Rest = SE.getMinusSCEV(AR->getStart(), SE.getMulExpr(Cy, OR->getStart()));
      Extent = SE.getMulExpr(
          Cy, Outer->Inclusive ? SE.getAddExpr(Outer->BoundS, SE.getOne(Ty))
                               : Outer->BoundS);
    }
    return isFixedOffset(Rest);
  }

  /// Off = invariant + C * ext(IV) in SCEV's unsimplified form (the index
  /// extension could not be distributed).
  std::optional<int64_t> linearIn(const SCEV *Off, const GridStrideLoop &G) {
    const SCEV *IV = SE.getSCEV(G.IV);
    Off = peelExtensions(Off); // extensions keep distinct indices distinct
    if (Off == IV)
      return 1;
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Off))
      return AR->getLoop() == G.L ? coefficientOf(AR, G) : std::nullopt;
    if (const auto *Add = dyn_cast<SCEVAddExpr>(Off)) {
      std::optional<int64_t> Found;
      for (const SCEV *Op : Add->operands()) {
        if (isFixedOffset(Op))
          continue;
        if (Found)
          return std::nullopt;
        Found = linearIn(Op, G);
        if (!Found)
          return std::nullopt;
      }
      return Found;
    }
    if (const auto *Mul = dyn_cast<SCEVMulExpr>(Off))
      if (Mul->getNumOperands() == 2)
        if (const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0)))
          if (auto Inner = linearIn(Mul->getOperand(1), G))
            return C->getAPInt().getSExtValue() * *Inner;
    return std::nullopt;
  }

  static std::optional<MemoryLocation> locationOf(Instruction *I) {
    if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I))
      return MemoryLocation::get(I);
    return std::nullopt;
  }

  static Value *pointerOf(Instruction *I) {
    if (auto *L = dyn_cast<LoadInst>(I))
      return L->getPointerOperand();
    if (auto *S = dyn_cast<StoreInst>(I))
      return S->getPointerOperand();
    return cast<AtomicRMWInst>(I)->getPointerOperand();
  }

  /// An argument the caller promises no other pointer of the kernel reaches:
  /// `__restrict__` (noalias) or a by-value copy (a struct parameter).
  static bool isPrivateArgument(const Value *V) {
    const auto *Arg = dyn_cast<Argument>(V);
    return Arg &&
           (Arg->hasNoAliasAttr() || Arg->hasPassPointeeByValueCopyAttr());
  }

  /// Two pointer arguments that may be the same buffer at the same offset:
  /// distinct pointer arguments are assumed distinct *or equal*
  /// (docs/launch-rewrite.md), so `a[i] = b[i + 1]` launched with b == a
  /// must be refused; `__restrict__` on either keeps them apart.
  static bool mayBeSameBuffer(const Value *OA, const Value *OB) {
    return OA != OB && isa<Argument>(OA) && isa<Argument>(OB) &&
           !isPrivateArgument(OA) && !isPrivateArgument(OB);
  }

  /// Memory that may be another object's: an argument without
  /// `__restrict__` and a `__device__` global (the host may pass the
  /// global's address, cudaGetSymbolAddress), or two such arguments.
  static bool mayOverlap(const Value *OA, const Value *OB) {
    auto Shared = [](const Value *V) {
      return isa<Argument>(V) && !isPrivateArgument(V);
    };
    return mayBeSameBuffer(OA, OB) || (Shared(OA) && isa<GlobalVariable>(OB)) ||
           (Shared(OB) && isa<GlobalVariable>(OA));
  }

  /// Alias analysis answers for one execution of both accesses; across
  /// iterations it is only trusted for different underlying objects that
  /// may not overlap: two globals, a restrict or by-value argument, and
  /// what basic alias analysis separates without types. Not for two plain
  /// arguments, nor an argument and a global: the host may pass one buffer
  /// as both, as an int and as a float pointer.
  bool differentMemory(Instruction *W, Instruction *A) {
    const Value *OW = getUnderlyingObject(pointerOf(W));
    const Value *OA = getUnderlyingObject(pointerOf(A));
    if (OW == OA || mayOverlap(OW, OA))
      return false;
    // Without the access tags: type-based (and scoped) alias analysis
    // would separate an int and a float pointer that one buffer may serve
    // (two pointers loaded from a struct, a select between arguments).
    MemoryLocation LW = *locationOf(W), LA = *locationOf(A);
    LW.AATags = AAMDNodes();
    LA.AATags = AAMDNodes();
    return (isa<GlobalVariable>(OW) && isa<GlobalVariable>(OA)) ||
           AA.isNoAlias(LW, LA);
  }

  /// " through arguments %b and %a, which may be one buffer (...)" when W
  /// and A reach memory through two plain pointer arguments, else "".
  std::string sameBufferNote(Instruction *W, Instruction *A) {
    const Value *OW = getUnderlyingObject(pointerOf(W));
    const Value *OA = getUnderlyingObject(pointerOf(A));
    if (!mayBeSameBuffer(OW, OA))
      return "";
    auto Name = [](const Value *V) {
      return "argument " + std::to_string(cast<Argument>(V)->getArgNo() + 1) +
             " (" + describe(*V) + ")";
    };
    return " (through pointer " + Name(OA) + " and " + Name(OW) +
           ", which may be one buffer: distinct pointer arguments are "
           "assumed distinct or equal; __restrict__ says they never alias)";
  }

  /// The byte offset of Ptr from its underlying pointer argument, when
  /// ScalarEvolution's pointer base is that argument itself (no cast or
  /// offset hidden in an opaque base).
  const SCEV *offsetFromArgument(Value *Ptr) {
    const auto *Arg = dyn_cast<Argument>(getUnderlyingObject(Ptr));
    if (!Arg || !SE.isSCEVable(Ptr->getType()))
      return nullptr;
    const SCEV *S = SE.getSCEV(Ptr);
    const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(S));
    if (!Base || Base->getValue()->stripPointerCasts() != Arg)
      return nullptr;
    return SE.removePointerBase(S);
  }

  /// C5: no access reads or writes memory that another iteration writes.
  bool checkMemory() {
    SmallVector<Instruction *, 16> Writes, Accesses;
    for (Instruction &I : instructions(K)) {
      if (isa<StoreInst>(I) || isa<AtomicRMWInst>(I))
        Writes.push_back(&I);
      if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I))
        Accesses.push_back(&I);
    }
    if (Writes.size() * Accesses.size() > MaxAccessPairs)
      return fail("C5 memory: " + std::to_string(Writes.size()) + " writes x " +
                  std::to_string(Accesses.size()) +
                  " accesses are more pairs than are compared (" +
                  std::to_string(MaxAccessPairs) + ")");
    for (Instruction *W : Writes) {
      const GridStrideLoop *G = innermostGridStride(W->getParent());
      std::optional<int64_t> Stride;
      uint64_t Size = locationOf(W)->Size.hasValue()
                          ? locationOf(W)->Size.getValue().getKnownMinValue()
                          : 0;
      if (isa<StoreInst>(W)) {
        Stride = strideInIndex(pointerOf(W), *G);
        if (!Stride || Size == 0 || uint64_t(std::abs(*Stride)) < Size)
          return fail("C5 memory: the address of " + describe(*W) +
                      " does not identify its grid-stride indices (it is "
                      "no injective function of every enclosing "
                      "grid-stride loop's index: two iterations may store "
                      "to one location)");
      }
      for (Instruction *A : Accesses) {
        if (A == W || differentMemory(W, A))
          continue;
        auto *AW = dyn_cast<AtomicRMWInst>(W),
             *AAc = dyn_cast<AtomicRMWInst>(A);
        if (AW || AAc) {
          if (AW && AAc && AW->getOperation() == AAc->getOperation() &&
              AW->getValOperand()->getType() == AAc->getValOperand()->getType())
            continue; // the same commutative update, of the same width
          Instruction *Atomic = AW ? W : A, *Other = AW ? A : W;
          return fail(
              "C5 memory: " + describe(*Other) + " and atomic " +
              describe(*Atomic) +
              (AW && AAc ? " may update the same memory with a different "
                           "operation or width (the order matters)"
                         : " may access the same memory (the order matters)") +
              sameBufferNote(W, A));
        }
        if (!sameIterationSlot(W, A, *G, *Stride, Size))
          return fail("C5 memory: " + describe(*A) +
                      " may access what another iteration writes with " +
                      describe(*W) + sameBufferNote(W, A));
      }
    }
    return true;
  }

  /// A - B when it is a constant; also through a common constant factor
  /// and sign extension (4 * sext(2i + 1) - 4 * sext(2i) = 4), which
  /// ScalarEvolution does not distribute: int index arithmetic does not
  /// wrap (undefined in C++ for int, assumed in docs/launch-rewrite.md).
  /// Not through a narrower type or a truncation: (signed char)(i + 1)
  /// wraps by definition.
  std::optional<int64_t> constantDifference(const SCEV *A, const SCEV *B) {
    if (A->getType() != B->getType())
      return std::nullopt;
    if (const auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, B)))
      return D->getAPInt().getSExtValue();
    const auto *MA = dyn_cast<SCEVMulExpr>(A), *MB = dyn_cast<SCEVMulExpr>(B);
    if (MA && MB && MA->getNumOperands() == 2 && MB->getNumOperands() == 2 &&
        isa<SCEVConstant>(MA->getOperand(0)) &&
        MA->getOperand(0) == MB->getOperand(0))
      if (auto Inner = constantDifference(MA->getOperand(1), MB->getOperand(1)))
        return cast<SCEVConstant>(MA->getOperand(0))
                   ->getAPInt()
                   .getSExtValue() *
               *Inner;
    const auto *SA = dyn_cast<SCEVSignExtendExpr>(A),
               *SB = dyn_cast<SCEVSignExtendExpr>(B);
    if (SA && SB && SE.getTypeSizeInBits(SA->getOperand()->getType()) >= 32 &&
        !containsTruncation(SA) && !containsTruncation(SB))
      return constantDifference(SA->getOperand(), SB->getOperand());
    // base + offset on both sides (pointers): compare the rest.
    const auto *AddA = dyn_cast<SCEVAddExpr>(A),
               *AddB = dyn_cast<SCEVAddExpr>(B);
    if (AddA && AddB && AddA->getNumOperands() == 2 &&
        AddB->getNumOperands() == 2)
      for (unsigned Same : {0u, 1u})
        if (AddA->getOperand(Same) == AddB->getOperand(Same))
          return constantDifference(AddA->getOperand(1 - Same),
                                    AddB->getOperand(1 - Same));
    return std::nullopt;
  }

  /// A touches the same location as W in the same iteration, or a disjoint
  /// part of W's iteration's slot (out[2*i] and out[2*i+1]).
  bool sameIterationSlot(Instruction *W, Instruction *A,
                         const GridStrideLoop &G, int64_t Stride,
                         uint64_t Size) {
    if (innermostGridStride(A->getParent()) != &G)
      return false;
    const SCEV *PW = SE.getSCEV(pointerOf(W)), *PA = SE.getSCEV(pointerOf(A));
    std::optional<MemoryLocation> LA = locationOf(A);
    uint64_t SizeA = LA->Size.hasValue()
                         ? LA->Size.getValue().getKnownMinValue()
                         : UINT64_MAX;
    // Two plain pointer arguments may be one buffer at the same offset:
    // compare their byte offsets as if the bases were equal, whatever the
    // element types (a[i] = b[i] stays proven, a[i] = b[i + 1] does not).
    if (mayBeSameBuffer(getUnderlyingObject(pointerOf(W)),
                        getUnderlyingObject(pointerOf(A)))) {
      PW = offsetFromArgument(pointerOf(W));
      PA = offsetFromArgument(pointerOf(A));
      if (!PW || !PA || PW->getType() != PA->getType())
        return false;
    } else if (SE.getPointerBase(PW) != SE.getPointerBase(PA)) {
      return false;
    }
    if (PW == PA && SizeA <= Size)
      return true;
    std::optional<int64_t> D = constantDifference(PA, PW);
    if (!D || SizeA == UINT64_MAX)
      return false;
    int64_t Slot = std::abs(Stride);
    int64_t Delta = *D % Slot;
    if (Delta < 0)
      Delta += Slot;
    // Both repeat every Slot bytes: W covers [0, Size) of each slot and A
    // [Delta, Delta + SizeA).
    return Delta >= int64_t(Size) && Delta + int64_t(SizeA) <= Slot;
  }

  Function &K;
  LoopInfo &LI;
  ScalarEvolution &SE;
  DominatorTree &DT;
  PostDominatorTree &PDT;
  AAResults &AA;
  SmallVector<GridStrideLoop, 4> Loops;
  std::map<const Loop *, std::string> NotGridStride;
  std::map<const Instruction *, bool> Memo;
  SmallPtrSet<const BasicBlock *, 16> ControlChecked;
  unsigned Depth = 0;
  static constexpr unsigned MaxDepth = 1000;
  static constexpr size_t MaxAccessPairs = 1000000;
  std::string Reason;
  unsigned UnitDims = 0;   // bit d: gridDim.d and blockDim.d must be 1
  bool RowsProven = false; // strideInIndex: disjointRows covered the chain
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
