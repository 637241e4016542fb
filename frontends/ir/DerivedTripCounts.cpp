//===- DerivedTripCounts.cpp - Trip counts from the kernel's arguments ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "DerivedTripCounts.h"
#include "Compat.h"
#include "IntegerFold.h"
#include "gpa/common/LabelNumber.h"

#include "gpa/KernelArguments.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include <cmath>
#include <map>
#include <memory>
#include <set>

using namespace llvm;

namespace gpa {

namespace {

constexpr std::uint64_t MaxTrips = 4294967295ull; // as a given count
constexpr std::uint64_t MaxPoints = 65536;        // threads evaluated
constexpr unsigned MaxReachDepth = 32;
/// Operands followed through a value ScalarEvolution leaves opaque (a
/// binary tree: at most 2^8 evaluated per thread).
constexpr unsigned MaxValueDepth = 8;

/// A special register: threadIdx (0), blockIdx (1), blockDim (2),
/// gridDim (3), dimension 0-2; Kind -1: not one.
struct Special {
  int Kind = -1;
  unsigned Dim = 0;
};

Special specialOf(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return {};
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    return {0, 0};
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    return {0, 1};
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    return {0, 2};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    return {1, 0};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    return {1, 1};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    return {1, 2};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    return {2, 0};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    return {2, 1};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    return {2, 2};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    return {3, 0};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    return {3, 1};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return {3, 2};
  default:
    return {};
  }
}

const char *specialName(Special S) {
  static const char *Names[4][3] = {
      {"threadIdx.x", "threadIdx.y", "threadIdx.z"},
      {"blockIdx.x", "blockIdx.y", "blockIdx.z"},
      {"blockDim.x", "blockDim.y", "blockDim.z"},
      {"gridDim.x", "gridDim.y", "gridDim.z"}};
  return Names[S.Kind][S.Dim];
}

/// The kernel argument V is, if any (arguments of device functions are
/// not the launch's).
const Argument *kernelArgument(const Value *V) {
  const auto *A = dyn_cast<Argument>(V);
  if (A && A->getType()->isIntegerTy() && isKernel(*A->getParent()))
    return A;
  return nullptr;
}

/// An entry condition: true, a comparison of two expressions, or the
/// conjunction/disjunction of conditions; Unknown when not evaluable.
struct Cond {
  enum Kind { True, Cmp, And, Or, Unknown } K = True;
  CmpInst::Predicate P = CmpInst::ICMP_EQ;
  const SCEV *A = nullptr, *B = nullptr;
  std::vector<std::shared_ptr<const Cond>> Kids;
};
using CondRef = std::shared_ptr<const Cond>;

CondRef makeCond(Cond::Kind K) {
  auto C = std::make_shared<Cond>();
  C->K = K;
  return C;
}

CondRef both(CondRef X, CondRef Y) {
  if (X->K == Cond::True)
    return Y;
  if (Y->K == Cond::True)
    return X;
  if (X->K == Cond::Unknown || Y->K == Cond::Unknown)
    return makeCond(Cond::Unknown);
  auto C = std::make_shared<Cond>();
  C->K = Cond::And;
  C->Kids = {X, Y};
  return C;
}

/// The condition `V` (an i1) as a comparison of SCEVs, or Unknown.
CondRef compareOf(const Value *V, bool Holds, ScalarEvolution &SE) {
  const auto *IC = dyn_cast<ICmpInst>(V);
  if (!IC || !IC->getOperand(0)->getType()->isIntegerTy())
    return makeCond(Cond::Unknown);
  auto C = std::make_shared<Cond>();
  C->K = Cond::Cmp;
  C->P = Holds ? IC->getPredicate() : IC->getInversePredicate();
  C->A = SE.getSCEV(const_cast<Value *>(IC->getOperand(0)));
  C->B = SE.getSCEV(const_cast<Value *>(IC->getOperand(1)));
  return C;
}

/// Evaluates SCEVs, conditions and counts at one thread of the launch.
class Evaluator {
public:
  Evaluator(const BranchFacts &F) : Facts(F) {
    Dims[2][0] = F.BlockThreadsX;
    Dims[2][1] = F.BlockThreadsY;
    Dims[2][2] = F.BlockThreadsZ;
    Dims[3][0] = F.GridBlocksX;
    Dims[3][1] = F.GridBlocksY;
    Dims[3][2] = F.GridBlocksZ;
  }

  /// The thread's threadIdx and blockIdx.
  std::uint64_t Index[2][3] = {{0, 0, 0}, {0, 0, 0}};
  /// blockDim, gridDim (0: unknown) at [2] and [3].
  std::uint64_t Dims[4][3] = {};
  const BranchFacts &Facts;

  std::optional<APInt> eval(const SCEV *S, unsigned Depth = 0) {
    if (Depth > 64)
      return std::nullopt;
    unsigned Bits =
        S->getType()->isIntegerTy() ? S->getType()->getIntegerBitWidth() : 64;
    if (const auto *C = dyn_cast<SCEVConstant>(S))
      return C->getAPInt();
    // A given argument, this thread's special register, or what SCEV
    // leaves opaque of them (evalValue reads all three; an argument wider
    // than 64 bits stays unknown: a given value could not hold its sign).
    if (const auto *U = dyn_cast<SCEVUnknown>(S))
      return evalValue(U->getValue(), 0);
    if (const auto *Cast = dyn_cast<SCEVCastExpr>(S)) {
      std::optional<APInt> X = eval(Cast->getOperand(0), Depth + 1);
      if (!X)
        return std::nullopt;
      if (isa<SCEVTruncateExpr>(S))
        return X->zextOrTrunc(Bits);
      if (isa<SCEVSignExtendExpr>(S))
        return X->sextOrTrunc(Bits);
      return X->zextOrTrunc(Bits);
    }
    if (const auto *N = dyn_cast<SCEVNAryExpr>(S)) {
      if (isa<SCEVAddRecExpr>(S))
        return std::nullopt;
      std::optional<APInt> Acc;
      for (const SCEV *Op : N->operands()) {
        std::optional<APInt> X = eval(Op, Depth + 1);
        if (!X)
          return std::nullopt;
        if (X->getBitWidth() != Bits)
          *X = X->zextOrTrunc(Bits);
        if (!Acc) {
          Acc = *X;
          continue;
        }
        switch (S->getSCEVType()) {
        case scAddExpr:
          *Acc += *X;
          break;
        case scMulExpr:
          *Acc *= *X;
          break;
        case scSMaxExpr:
          Acc = APIntOps::smax(*Acc, *X);
          break;
        case scUMaxExpr:
          Acc = APIntOps::umax(*Acc, *X);
          break;
        case scSMinExpr:
          Acc = APIntOps::smin(*Acc, *X);
          break;
        case scUMinExpr:
        case scSequentialUMinExpr:
          Acc = APIntOps::umin(*Acc, *X);
          break;
        default:
          return std::nullopt;
        }
      }
      return Acc;
    }
    if (const auto *D = dyn_cast<SCEVUDivExpr>(S)) {
      std::optional<APInt> L = eval(D->getLHS(), Depth + 1);
      std::optional<APInt> R = eval(D->getRHS(), Depth + 1);
      if (!L || !R || R->isZero())
        return std::nullopt;
      return L->udiv(R->zextOrTrunc(L->getBitWidth()));
    }
    return std::nullopt;
  }

  /// A value ScalarEvolution leaves opaque (a signed division, `n / 2`
  /// of matrix-rotate's guard `layer < n / 2`; a remainder; a shift) from
  /// its operands at this thread; nullopt for anything else.
  std::optional<APInt> evalValue(const Value *V, unsigned Depth) {
    if (Depth > MaxValueDepth || !V->getType()->isIntegerTy())
      return std::nullopt;
    unsigned Bits = V->getType()->getIntegerBitWidth();
    if (const auto *C = dyn_cast<ConstantInt>(V))
      return C->getValue();
    if (const Argument *A = kernelArgument(V)) {
      auto It = Facts.Arguments.find(A->getArgNo());
      if (It == Facts.Arguments.end() || Bits > 64)
        return std::nullopt;
      return APInt(Bits, It->second);
    }
    Special Sp = specialOf(V);
    if (Sp.Kind >= 0) {
      std::uint64_t X =
          Sp.Kind < 2 ? Index[Sp.Kind][Sp.Dim] : Dims[Sp.Kind][Sp.Dim];
      if (Sp.Kind >= 2 && X == 0)
        return std::nullopt;
      return APInt(Bits, X);
    }
    if (const auto *Cast = dyn_cast<CastInst>(V)) {
      std::optional<APInt> X = evalValue(Cast->getOperand(0), Depth + 1);
      return X ? foldIntegerCast(*Cast, *X) : std::nullopt;
    }
    const auto *B = dyn_cast<BinaryOperator>(V);
    if (!B)
      return std::nullopt;
    std::optional<APInt> X = evalValue(B->getOperand(0), Depth + 1);
    std::optional<APInt> Y = evalValue(B->getOperand(1), Depth + 1);
    if (!X || !Y)
      return std::nullopt;
    return foldIntegerBinary(B->getOpcode(), *X, *Y);
  }

  /// 1 holds, 0 does not, -1 not evaluable.
  int holds(const Cond &C) {
    switch (C.K) {
    case Cond::True:
      return 1;
    case Cond::Unknown:
      return -1;
    case Cond::Cmp: {
      std::optional<APInt> A = eval(C.A), B = eval(C.B);
      if (!A || !B || A->getBitWidth() != B->getBitWidth())
        return -1;
      return ICmpInst::compare(*A, *B, C.P) ? 1 : 0;
    }
    case Cond::And:
    case Cond::Or: {
      bool Unknown = false;
      for (const CondRef &K : C.Kids) {
        int H = holds(*K);
        if (H < 0)
          Unknown = true;
        else if ((H == 1) == (C.K == Cond::Or))
          return H;
      }
      return Unknown ? -1 : (C.K == Cond::And ? 1 : 0);
    }
    }
    return -1;
  }
};

/// Collects the special registers and arguments an expression reads.
/// The same for a value ScalarEvolution leaves opaque (Evaluator::evalValue
/// reads through its integer casts and binary operators).
void collectValue(const Value *V, std::set<std::pair<int, unsigned>> &Specials,
                  std::set<unsigned> &Args, unsigned Depth) {
  if (Depth > MaxValueDepth)
    return;
  if (const Argument *A = kernelArgument(V))
    Args.insert(A->getArgNo());
  Special Sp = specialOf(V);
  if (Sp.Kind >= 0)
    Specials.insert({Sp.Kind, Sp.Dim});
  if (isa<BinaryOperator>(V) || isa<ZExtInst>(V) || isa<SExtInst>(V) ||
      isa<TruncInst>(V))
    for (const Value *Op : cast<Instruction>(V)->operands())
      collectValue(Op, Specials, Args, Depth + 1);
}

void collect(const SCEV *S, std::set<std::pair<int, unsigned>> &Specials,
             std::set<unsigned> &Args, unsigned Depth = 0) {
  if (Depth > 64)
    return;
  if (const auto *U = dyn_cast<SCEVUnknown>(S)) {
    collectValue(U->getValue(), Specials, Args, 0);
    return;
  }
  for (const SCEV *Op : S->operands())
    collect(Op, Specials, Args, Depth + 1);
}

void collect(const Cond &C, std::set<std::pair<int, unsigned>> &Specials,
             std::set<unsigned> &Args) {
  if (C.A)
    collect(C.A, Specials, Args);
  if (C.B)
    collect(C.B, Specials, Args);
  for (const CondRef &K : C.Kids)
    collect(*K, Specials, Args);
}

/// The condition under which control reaches \p BB from \p Anchor without
/// passing the anchor's back edges: over every predecessor, its own reach
/// and the branch taken to BB (a predecessor inside a loop BB is not in
/// contributes that loop's reach, when the loop has one exit).
class Reach {
public:
  Reach(const BasicBlock *Anchor, const LoopInfo &LI, ScalarEvolution &SE)
      : Anchor(Anchor), LI(LI), SE(SE) {}

  CondRef of(const BasicBlock *BB, unsigned Depth) {
    if (BB == Anchor)
      return makeCond(Cond::True);
    if (Depth > MaxReachDepth || pred_empty(BB))
      return makeCond(Cond::Unknown);
    if (auto It = Memo.find(BB); It != Memo.end())
      return It->second;
    auto Any = std::make_shared<Cond>();
    Any->K = Cond::Or;
    const Loop *Here = LI.getLoopFor(BB);
    if (Here && Here->getHeader() == BB)
      return Memo[BB] = makeCond(Cond::Unknown); // only the anchor is one
    for (const BasicBlock *P : predecessors(BB)) {
      // The outermost loop holding P but not BB: P leaves it for BB.
      const Loop *Inner = LI.getLoopFor(P);
      while (Inner && Inner->getParentLoop() &&
             !Inner->getParentLoop()->contains(BB))
        Inner = Inner->getParentLoop();
      if (Inner && !Inner->contains(BB)) {
        // Leaving a sibling loop: reached when the loop was.
        const BasicBlock *Pre = Inner->getLoopPredecessor();
        if (!Pre || !Inner->getExitingBlock())
          return Memo[BB] = makeCond(Cond::Unknown);
        Any->Kids.push_back(of(Pre, Depth + 1));
        continue;
      }
      Any->Kids.push_back(both(of(P, Depth + 1), edge(P, BB)));
    }
    CondRef Out = Any;
    for (const Instruction &I : *BB)
      if (const auto *II = dyn_cast<IntrinsicInst>(&I))
        if (II->getIntrinsicID() == Intrinsic::assume)
          Out = both(Out, compareOf(II->getArgOperand(0), true, SE));
    for (const CondRef &K : Any->Kids)
      if (K->K == Cond::Unknown)
        Out = makeCond(Cond::Unknown);
    return Memo[BB] = Out;
  }

  /// The condition of the branch from P to its successor BB.
  CondRef edge(const BasicBlock *P, const BasicBlock *BB) {
    const auto *Br = dyn_cast<BranchInst>(P->getTerminator());
    if (!Br)
      return makeCond(Cond::Unknown);
    if (!Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return makeCond(Cond::True);
    return compareOf(Br->getCondition(), Br->getSuccessor(0) == BB, SE);
  }

private:
  const BasicBlock *Anchor;
  const LoopInfo &LI;
  ScalarEvolution &SE;
  std::map<const BasicBlock *, CondRef> Memo;
};

/// The count of a loop whose backedge-taken count ScalarEvolution cannot
/// compute but whose only exit is its latch testing an affine induction
/// {Start, +, Step} against a loop-invariant bound: the grid-stride loop.
struct LatchTest {
  const SCEV *Start = nullptr, *Step = nullptr, *Bound = nullptr;
  CmpInst::Predicate Continue = CmpInst::ICMP_SLT; // stays while this holds
};

std::optional<LatchTest> latchTest(const Loop &L, ScalarEvolution &SE) {
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Latch || L.getExitingBlock() != Latch)
    return std::nullopt;
  const auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Br || !Br->isConditional())
    return std::nullopt;
  const auto *IC = dyn_cast<ICmpInst>(Br->getCondition());
  if (!IC || !IC->getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  bool StayOnTrue = L.contains(Br->getSuccessor(0));
  CmpInst::Predicate P =
      StayOnTrue ? IC->getPredicate() : IC->getInversePredicate();
  const SCEV *X = SE.getSCEV(const_cast<Value *>(IC->getOperand(0)));
  const SCEV *B = SE.getSCEV(const_cast<Value *>(IC->getOperand(1)));
  if (!isa<SCEVAddRecExpr>(X)) {
    std::swap(X, B);
    P = CmpInst::getSwappedPredicate(P);
  }
  const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
      !SE.isLoopInvariant(B, &L))
    return std::nullopt;
  if (P != CmpInst::ICMP_SLT && P != CmpInst::ICMP_ULT)
    return std::nullopt;
  return LatchTest{AR->getStart(), AR->getStepRecurrence(SE), B, P};
}

/// Header executions of the latch test at one thread: 1 + the tests that
/// hold of Start, Start + Step, ...; nullopt if not evaluable.
std::optional<std::uint64_t> latchTrips(const LatchTest &T, Evaluator &E) {
  std::optional<APInt> S = E.eval(T.Start), St = E.eval(T.Step),
                       B = E.eval(T.Bound);
  if (!S || !St || !B)
    return std::nullopt;
  bool Signed = T.Continue == CmpInst::ICMP_SLT;
  auto Wide = [&](const APInt &V) {
    return double(Signed ? V.getSExtValue() : std::int64_t(V.getZExtValue()));
  };
  double Start = Wide(*S), Step = Wide(*St), Bound = Wide(*B);
  if (!(Step > 0))
    return std::nullopt;
  if (!(Start < Bound))
    return 1;
  double N = 1 + std::ceil((Bound - Start) / Step);
  if (N > double(MaxTrips))
    return std::nullopt;
  return std::uint64_t(N);
}

/// An expression for labels, C-like, with the parameters' names.
std::string show(const SCEV *S, const BranchFacts &F, unsigned Depth = 0) {
  if (Depth > 16)
    return "...";
  if (const auto *C = dyn_cast<SCEVConstant>(S)) {
    const APInt &V = C->getAPInt();
    return V.getSignificantBits() <= 64 ? std::to_string(V.getSExtValue())
                                        : std::to_string(V.getZExtValue());
  }
  if (const auto *U = dyn_cast<SCEVUnknown>(S)) {
    if (const Argument *A = kernelArgument(U->getValue()))
      return parameterLabel(F, A->getArgNo());
    Special Sp = specialOf(U->getValue());
    return Sp.Kind >= 0 ? specialName(Sp) : "?";
  }
  auto Paren = [&](const SCEV *X) {
    std::string T = show(X, F, Depth + 1);
    bool Simple = isa<SCEVConstant>(X) || isa<SCEVUnknown>(X) ||
                  (isa<SCEVCastExpr>(X) && !isa<SCEVTruncateExpr>(X) &&
                   (isa<SCEVUnknown>(cast<SCEVCastExpr>(X)->getOperand(0)) ||
                    isa<SCEVConstant>(cast<SCEVCastExpr>(X)->getOperand(0))));
    return Simple ? T : "(" + T + ")";
  };
  if (const auto *T = dyn_cast<SCEVTruncateExpr>(S)) {
    unsigned Bits = T->getType()->getIntegerBitWidth();
    std::string Of = Paren(T->getOperand(0));
    return Bits < 63 ? Of + " mod " + std::to_string(std::uint64_t(1) << Bits)
                     : Of;
  }
  if (const auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return show(Cast->getOperand(0), F, Depth + 1);
  if (const auto *D = dyn_cast<SCEVUDivExpr>(S))
    return Paren(D->getLHS()) + " / " + Paren(D->getRHS());
  if (const auto *A = dyn_cast<SCEVAddExpr>(S)) {
    std::string Out, Constant;
    for (const SCEV *Op : A->operands()) {
      if (const auto *C = dyn_cast<SCEVConstant>(Op)) {
        std::int64_t V = C->getAPInt().getSExtValue();
        Constant =
            V < 0 ? " - " + std::to_string(-V) : " + " + std::to_string(V);
        continue;
      }
      Out += (Out.empty() ? "" : " + ") +
             (isa<SCEVAddExpr>(Op) ? Paren(Op) : show(Op, F, Depth + 1));
    }
    return Out + Constant;
  }
  if (const auto *M = dyn_cast<SCEVMulExpr>(S)) {
    std::string Out;
    for (const SCEV *Op : M->operands()) {
      if (const auto *C = dyn_cast<SCEVConstant>(Op))
        if (C->getAPInt().isAllOnes()) {
          Out = "-" + Out;
          continue;
        }
      Out += (Out.empty() || Out == "-" ? "" : " * ") + Paren(Op);
    }
    return Out;
  }
  if (const auto *MM = dyn_cast<SCEVMinMaxExpr>(S)) {
    bool Max = isa<SCEVSMaxExpr>(S) || isa<SCEVUMaxExpr>(S);
    std::string Out = Max ? "max(" : "min(";
    bool First = true;
    for (const SCEV *Op : MM->operands()) {
      Out += (First ? "" : ", ") + show(Op, F, Depth + 1);
      First = false;
    }
    return Out + ")";
  }
  return "?";
}

} // namespace

std::optional<DerivedTrip> deriveTripCount(const Loop &L, ScalarEvolution &SE,
                                           const LoopInfo &LI,
                                           const BranchFacts &Facts) {
  // Only the arguments or the launch make a count derivable; the launch
  // alone does for a loop started at a thread index with a constant bound
  // (a convolution's `for (i = ty; i < 18; i++)` staging rows).
  if (Facts.Arguments.empty() && Facts.BlockThreadsX == 0 &&
      Facts.GridThreadsX == 0)
    return std::nullopt;
  // Trips: the backedge-taken count + 1, or the latch's test.
  const SCEV *Trips = nullptr;
  std::optional<LatchTest> Test;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (!isa<SCEVCouldNotCompute>(Taken))
    Trips = SE.getAddExpr(Taken, SE.getOne(Taken->getType()));
  else if (!(Test = latchTest(L, SE)))
    return std::nullopt;

  const BasicBlock *Pre = L.getLoopPredecessor();
  const Loop *Parent = L.getParentLoop();
  const BasicBlock *Anchor = Parent
                                 ? Parent->getHeader()
                                 : &L.getHeader()->getParent()->getEntryBlock();
  Reach R(Anchor, LI, SE);
  // The loop is entered when its predecessor is reached and branches to
  // the header: without a dedicated preheader that branch is the guard
  // (`br i1 (s < n), header, exit`), and a thread that fails it runs 0
  // iterations, not ScalarEvolution's count of an entered loop.
  CondRef Enter = Pre ? both(R.of(Pre, 0), R.edge(Pre, L.getHeader()))
                      : makeCond(Cond::Unknown);

  std::set<std::pair<int, unsigned>> Specials;
  std::set<unsigned> Args;
  if (Trips)
    collect(Trips, Specials, Args);
  else
    for (const SCEV *S : {Test->Start, Test->Step, Test->Bound})
      collect(S, Specials, Args);
  bool PerAnchor = Enter->K != Cond::Unknown;
  if (PerAnchor)
    collect(*Enter, Specials, Args);

  // The threads to evaluate: the ranges of the indices read.
  Evaluator E(Facts);
  std::vector<std::pair<int, unsigned>> Varying;
  double Total = 1;
  for (const auto &[Kind, Dim] : Specials) {
    std::uint64_t Range = E.Dims[Kind < 2 ? Kind + 2 : Kind][Dim];
    if (Range == 0)
      return std::nullopt; // blockDim / gridDim not given
    if (Kind < 2) {
      Varying.push_back({Kind, Dim});
      Total *= double(Range);
    }
  }
  std::uint64_t Points =
      Total <= double(MaxPoints) ? std::uint64_t(Total) : MaxPoints;
  double Sum = 0;
  std::uint64_t Entered = 0;
  for (std::uint64_t K = 0; K < Points; ++K) {
    // The K-th evenly spread thread, digits in Varying's order.
    double Linear =
        Points == std::uint64_t(Total)
            ? double(K)
            : std::floor((double(K) + 0.5) * Total / double(Points));
    for (const auto &[Kind, Dim] : Varying) {
      double Range = double(E.Dims[Kind + 2][Dim]);
      double Digit = std::fmod(Linear, Range);
      E.Index[Kind][Dim] = std::uint64_t(Digit);
      Linear = std::floor(Linear / Range);
    }
    if (PerAnchor) {
      int H = E.holds(*Enter);
      if (H < 0) {
        PerAnchor = false; // count per entry instead, every thread entering
      } else if (H == 0) {
        continue;
      }
    }
    std::uint64_t N = 0;
    if (Trips) {
      std::optional<APInt> V = E.eval(Trips);
      // 0, or a count negative in its own type, is a wrapped count: the
      // loop is not entered with these values (a thread whose start lies
      // past its bound), and averaging ~2^32 in would invent iterations.
      if (!V || V->getActiveBits() > 32 || V->isZero() || V->isNegative())
        return std::nullopt;
      N = V->getZExtValue();
    } else {
      std::optional<std::uint64_t> V = latchTrips(*Test, E);
      if (!V)
        return std::nullopt;
      N = *V;
    }
    ++Entered;
    Sum += double(N);
  }
  if (!PerAnchor && Entered < Points)
    return std::nullopt; // an unevaluable entry after some skipped: start over
                         // is not worth it; keep the assumed count

  DerivedTrip D;
  D.PerAnchor = PerAnchor;
  D.Count = Points ? Sum / double(Points) : 0;
  // What the count was derived from, in the label.
  std::string With;
  for (unsigned A : Args)
    With += (With.empty() ? "" : ", ") + parameterLabel(Facts, A) + " = " +
            std::to_string(Facts.Arguments.at(A));
  for (const auto &[Kind, Dim] : Specials)
    if (Kind >= 2)
      With += (With.empty() ? "" : ", ") +
              std::string(specialName({Kind, Dim})) + " = " +
              std::to_string(E.Dims[Kind][Dim]);
  std::string From = Facts.ArgumentsSource +
                     (Specials.empty() ? "" : "; " + Facts.LaunchSource);
  const SCEV *Bare = Trips;
  while (Bare && isa<SCEVCastExpr>(Bare))
    Bare = cast<SCEVCastExpr>(Bare)->getOperand(0);
  const auto *U = dyn_cast_or_null<SCEVUnknown>(Bare);
  if (U && kernelArgument(U->getValue()) && Entered == Points &&
      Varying.empty()) {
    D.Kind = "given";
    D.Source = From + ": " + With;
    return D;
  }
  D.Kind = "derived";
  std::string Expr =
      Trips ? show(Trips, Facts)
            : "ceil((" + show(Test->Bound, Facts) + " - (" +
                  show(SE.getMinusSCEV(Test->Start, Test->Step), Facts) +
                  ")) / " +
                  (isa<SCEVUnknown>(Test->Step) || isa<SCEVConstant>(Test->Step)
                       ? show(Test->Step, Facts)
                       : "(" + show(Test->Step, Facts) + ")") +
                  ")";
  D.Source = Expr + " with " + With;
  if (!Varying.empty())
    D.Source += ", averaged over " +
                (Points == std::uint64_t(Total)
                     ? shortNumber(Total) + " threads"
                     : std::to_string(Points) + " of " + shortNumber(Total) +
                           " threads evenly spread");
  if (PerAnchor && Entered < Points)
    D.Source += Entered ? ", " + std::to_string(Entered) + " of " +
                              std::to_string(Points) + " entering the loop"
                        : ", not entered";
  D.Source += " (" + From + ")";
  return D;
}

} // namespace gpa
