//===- BranchDecisions.cpp - The probability each branch runs with --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Rules, first that applies (docs/models.md "Branch weights"):
//  1. the launch file's `branches` give the branch's source line: given;
//  2. the branch carries !prof weights (__builtin_expect; PGO): the
//     heuristics already follow them, labelled given;
//  3. its condition is __builtin_assume'd (an llvm.assume of the same
//     value): always true;
//  4. a thread index (threadIdx.x, or blockIdx.x * blockDim.x +
//     threadIdx.x, through casts) compared with a bound (a constant, or a
//     kernel argument the launch file gives): in bounds with probability
//     min(1, bound / threads launched along x), derived; without the bound
//     or the launch, assumed in bounds (1); and any index ScalarEvolution
//     reads as a * blockIdx + b * threadIdx + c * k + d in one dimension
//     (k a counted loop's counter; an unrolled copy's c * k is in d), with
//     the launch known: the exact share of the launch's (block, thread,
//     iteration) points in bounds (gpa/AffineGuard.h), derived; an
//     equality test on such indices (`tx == 0 && ty == 0`, InstCombine's
//     `(tx | ty) == 0`; `blockIdx.x == 0`): the share of the launch's
//     points with that value, derived; the launch unknown: the heuristics'
//     weight, assumed and labelled;
//  5. else BranchProbabilityInfo's static heuristics, assumed.
//
//===----------------------------------------------------------------------===//
#include "BranchDecisions.h"
#include "Compat.h"
#include "GuardIndex.h"
#include "IntegerFold.h"
#include "SourceLocation.h"
#include "gpa/common/LabelNumber.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"

#include <algorithm>
#include <cmath>
#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace gpa {

namespace {
const Value *stripIntCasts(const Value *V) {
  while (isa<ZExtInst>(V) || isa<SExtInst>(V) || isa<TruncInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  return V;
}

bool isSpecialRegister(const Value *V, StringRef Name) {
  const auto *Call = dyn_cast<CallInst>(stripIntCasts(V));
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name;
}

enum class IndexKind { None, BlockX, GridX };

/// threadIdx.x (BlockX) or blockIdx.x * blockDim.x + threadIdx.x (GridX);
/// blockIdx.x * C + threadIdx.x with a constant C (the block size written
/// out) is GridX with \p Scale = C.
IndexKind threadIndex(const Value *V, std::uint64_t *Scale = nullptr) {
  V = stripIntCasts(V);
  const StringRef Tid = "llvm.nvvm.read.ptx.sreg.tid.x";
  if (isSpecialRegister(V, Tid))
    return IndexKind::BlockX;
  Value *A = nullptr, *B = nullptr;
  if (!match(V, m_Add(m_Value(A), m_Value(B))))
    return IndexKind::None;
  if (!isSpecialRegister(A, Tid))
    std::swap(A, B);
  Value *X = nullptr, *Y = nullptr;
  if (!isSpecialRegister(A, Tid))
    return IndexKind::None;
  const StringRef Ctaid = "llvm.nvvm.read.ptx.sreg.ctaid.x";
  const APInt *C = nullptr;
  const Value *Prod = stripIntCasts(B);
  if (match(Prod, m_Shl(m_Value(X), m_APInt(C))) &&
      isSpecialRegister(X, Ctaid) && C->ult(32)) {
    if (Scale)
      *Scale = std::uint64_t(1) << C->getZExtValue();
    return IndexKind::GridX;
  }
  if (!match(Prod, m_Mul(m_Value(X), m_Value(Y))))
    return IndexKind::None;
  if (!isSpecialRegister(X, Ctaid))
    std::swap(X, Y);
  if (!isSpecialRegister(X, Ctaid))
    return IndexKind::None;
  if (isSpecialRegister(Y, "llvm.nvvm.read.ptx.sreg.ntid.x"))
    return IndexKind::GridX;
  if (const auto *K = dyn_cast<ConstantInt>(stripIntCasts(Y));
      K && !K->isNegative() && K->getZExtValue() > 0) {
    if (Scale)
      *Scale = K->getZExtValue();
    return IndexKind::GridX;
  }
  return IndexKind::None;
}

/// gridDim.x * blockDim.x (a grid-stride loop's stride), through casts.
bool isGridStride(const Value *V) {
  Value *X = nullptr, *Y = nullptr;
  if (!match(stripIntCasts(V), m_Mul(m_Value(X), m_Value(Y))))
    return false;
  const StringRef Ntid = "llvm.nvvm.read.ptx.sreg.ntid.x";
  const StringRef Nctaid = "llvm.nvvm.read.ptx.sreg.nctaid.x";
  return (isSpecialRegister(X, Ntid) && isSpecialRegister(Y, Nctaid)) ||
         (isSpecialRegister(X, Nctaid) && isSpecialRegister(Y, Ntid));
}

/// What an index adds to the thread index: Constant + Strides x
/// (gridDim.x * blockDim.x). `i + k < n` and an unrolled grid-stride
/// loop's entry test `i + 3 * stride < n` compare i shifted by it.
struct IndexOffset {
  std::int64_t Constant = 0;
  std::uint64_t Strides = 0;
};

/// C x stride (C >= 1, as mul or shl by a constant) or a constant.
bool offsetTerm(const Value *V, IndexOffset &Off) {
  V = stripIntCasts(V);
  if (const auto *C = dyn_cast<ConstantInt>(V)) {
    if (C->getBitWidth() > 64)
      return false;
    Off.Constant += C->getSExtValue();
    return true;
  }
  if (isGridStride(V)) {
    Off.Strides += 1;
    return true;
  }
  Value *X = nullptr;
  const APInt *C = nullptr;
  if (match(V, m_Mul(m_Value(X), m_APInt(C))) && isGridStride(X) &&
      C->ule(1u << 20)) {
    Off.Strides += C->getZExtValue();
    return true;
  }
  if (match(V, m_Shl(m_Value(X), m_APInt(C))) && isGridStride(X) &&
      C->ult(20)) {
    Off.Strides += std::uint64_t(1) << C->getZExtValue();
    return true;
  }
  return false;
}

/// threadIndex of V, or of V less offset terms added to it.
IndexKind shiftedThreadIndex(const Value *V, std::uint64_t *Scale,
                             IndexOffset &Off, unsigned Depth = 0) {
  IndexKind K = threadIndex(V, Scale);
  if (K != IndexKind::None || Depth > 3)
    return K;
  Value *A = nullptr, *B = nullptr;
  if (!match(stripIntCasts(V), m_Add(m_Value(A), m_Value(B))))
    return IndexKind::None;
  for (int Side = 0; Side < 2; ++Side, std::swap(A, B)) {
    IndexOffset Try = Off;
    if (!offsetTerm(B, Try))
      continue;
    K = shiftedThreadIndex(A, Scale, Try, Depth + 1);
    if (K != IndexKind::None) {
      Off = Try;
      return K;
    }
  }
  return IndexKind::None;
}

/// V as the kernel computes it from constants and kernel arguments (glu's
/// `M * split_dim_size * N`, burger's `x_points - 1`, matrix-rotate's
/// `n / 2`), in V's own width so that it wraps as the kernel's does;
/// nullopt for anything else or an argument the facts do not give.
/// \p ArgNo is set to the first kernel argument V reads.
std::optional<APInt> argumentExpression(const Value *V,
                                        const BranchFacts &Facts, int &ArgNo,
                                        unsigned Depth = 0) {
  if (!V->getType()->isIntegerTy() || Depth > 6)
    return std::nullopt;
  unsigned Width = V->getType()->getIntegerBitWidth();
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue();
  if (const auto *A = dyn_cast<Argument>(V)) {
    if (!isKernel(*A->getParent()))
      return std::nullopt;
    if (ArgNo < 0)
      ArgNo = int(A->getArgNo());
    auto It = Facts.Arguments.find(A->getArgNo());
    if (It == Facts.Arguments.end() || Width > 64)
      return std::nullopt;
    return APInt(Width, It->second);
  }
  const auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return std::nullopt;
  if (const auto *Cast = dyn_cast<CastInst>(I)) {
    auto X = argumentExpression(Cast->getOperand(0), Facts, ArgNo, Depth + 1);
    return X ? foldIntegerCast(*Cast, *X) : std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(I);
  if (!B)
    return std::nullopt;
  auto X = argumentExpression(B->getOperand(0), Facts, ArgNo, Depth + 1);
  auto Y = argumentExpression(B->getOperand(1), Facts, ArgNo, Depth + 1);
  if (!X || !Y)
    return std::nullopt;
  return foldIntegerBinary(B->getOpcode(), *X, *Y);
}

/// The bound's value: a constant (signed as the compare reads it), a kernel
/// argument the facts give, or an expression of them (argumentExpression).
/// \p ArgNo is set for a bound that reads an argument.
std::optional<double> boundValue(const Value *V, bool Signed,
                                 const BranchFacts &Facts, int &ArgNo) {
  V = stripIntCasts(V);
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return Signed ? double(C->getSExtValue()) : double(C->getZExtValue());
  if (const auto *A = dyn_cast<Argument>(V)) {
    if (!isKernel(*A->getParent()))
      return std::nullopt;
    ArgNo = int(A->getArgNo());
    auto It = Facts.Arguments.find(A->getArgNo());
    if (It != Facts.Arguments.end())
      return double(It->second);
    return std::nullopt;
  }
  // Only an expression of arguments the facts give bounds the data: with
  // one unknown the branch keeps the rules it had (ArgNo stays unset).
  int Read = -1;
  std::optional<APInt> E = argumentExpression(V, Facts, Read);
  if (!E || Read < 0 || E->getBitWidth() > 64)
    return std::nullopt;
  ArgNo = Read;
  return Signed ? double(E->getSExtValue()) : double(E->getZExtValue());
}

/// Rule 4 for the compare \p Cmp; false when it is no bounds guard.
bool decideGuard(const ICmpInst &Cmp, const BranchFacts &Facts,
                 BranchDecision &D) {
  CmpInst::Predicate Pred = Cmp.getPredicate();
  const Value *Index = Cmp.getOperand(0), *Bound = Cmp.getOperand(1);
  std::uint64_t Scale = 0;
  IndexOffset Off;
  IndexKind Kind = shiftedThreadIndex(Index, &Scale, Off);
  if (Kind == IndexKind::None) {
    Off = IndexOffset();
    Kind = shiftedThreadIndex(Bound, &Scale, Off);
    std::swap(Index, Bound);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (Kind == IndexKind::None || Cmp.isEquality() ||
      threadIndex(Bound) != IndexKind::None)
    return false;
  // index < B, index <= B: in bounds when true; index > B, index >= B:
  // in bounds when false. Exclusive bound: B, or B + 1 for <= and >.
  bool InWhenTrue = Pred == CmpInst::ICMP_ULT || Pred == CmpInst::ICMP_SLT ||
                    Pred == CmpInst::ICMP_ULE || Pred == CmpInst::ICMP_SLE;
  bool Inclusive = Pred == CmpInst::ICMP_ULE || Pred == CmpInst::ICMP_SLE ||
                   Pred == CmpInst::ICMP_UGT || Pred == CmpInst::ICMP_SGT;
  int ArgNo = -1;
  std::optional<double> B =
      boundValue(Bound, CmpInst::isSigned(Pred), Facts, ArgNo);
  // Only a constant or a kernel argument bounds the data the launch covers;
  // a loop variable (an anti-diagonal's t <= m) keeps the heuristics.
  if (!B && ArgNo < 0)
    return false;
  std::string IndexText = Kind == IndexKind::BlockX
                              ? "threadIdx.x"
                              : "blockIdx.x * blockDim.x + threadIdx.x";
  std::uint64_t Threads = Kind == IndexKind::BlockX ? Facts.BlockThreadsX
                          : Scale                   ? Facts.GridBlocksX * Scale
                                                    : Facts.GridThreadsX;
  if (Scale)
    IndexText = "blockIdx.x * C + threadIdx.x";
  if (Off.Strides)
    IndexText +=
        " + " + std::to_string(Off.Strides) + " * gridDim.x * blockDim.x";
  if (Off.Constant)
    IndexText +=
        (Off.Constant > 0 ? " + " : " - ") +
        std::to_string(Off.Constant > 0 ? Off.Constant : -Off.Constant);
  std::string BoundText =
      ArgNo >= 0 ? "argument " + std::to_string(ArgNo) : "a constant";
  D.ThreadGuard = true;
  // threadIdx.x, and blockIdx.x for the grid's index (gpa::indexTerms).
  D.GuardDims = Kind == IndexKind::BlockX ? 1u : 1u | 8u;
  // The shift by whole strides needs the threads launched along x.
  bool ShiftKnown = !Off.Strides || Facts.GridThreadsX;
  if (B && Threads && ShiftKnown) {
    // index + shift < B  <=>  index < B - shift.
    double Exclusive = *B + (Inclusive ? 1 : 0) - double(Off.Constant) -
                       double(Off.Strides) * double(Facts.GridThreadsX);
    double In = guardProbability(Exclusive, double(Threads));
    D.InBounds = In;
    D.TrueProbability = InWhenTrue ? In : 1 - In;
    D.Kind = "derived";
    D.Source = std::string("bounds guard on ") + IndexText + ": min(1, " +
               exactNumber(Exclusive) + " / " + exactNumber(double(Threads)) +
               " threads) in bounds (" + Facts.LaunchSource +
               (ArgNo >= 0 ? "; " + Facts.ArgumentsSource : "") + ")";
    return true;
  }
  D.TrueProbability = InWhenTrue ? 1 : 0;
  D.Kind = "assumed";
  D.Source = std::string("bounds guard on ") + IndexText + " against " +
             BoundText + ": assumed in bounds (" +
             (B ? std::string("threads launched unknown")
                : "the bound's value unknown") +
             "; give the launch's grid and block and the kernel's arguments, "
             "or this line's probability, in a launch file)";
  return true;
}

/// Rule 4 for an index that is not the contiguous thread index (a tile
/// loop's `y + tj * stride < n`, a block index scaled by a tile, an index
/// along y or z): the exact share of the launch in bounds. False when the
/// index is no such form, the bound or the launch is unknown (the rule
/// above or the heuristics then decide), or the contiguous rule says the
/// same.
bool decideAffineGuard(const ICmpInst &Cmp, const BranchFacts &Facts,
                       ScalarEvolution *SE, const LoopInfo &LI,
                       BranchDecision &D, bool TakeContiguous = false) {
  if (!SE || Cmp.isEquality())
    return false;
  for (unsigned Side = 0; Side < 2; ++Side) {
    CmpInst::Predicate Pred =
        Side ? Cmp.getSwappedPredicate() : Cmp.getPredicate();
    const Value *Index = Cmp.getOperand(Side),
                *Bound = Cmp.getOperand(1 - Side);
    int ArgNo = -1;
    bool Signed = CmpInst::isSigned(Pred);
    std::optional<double> B = boundValue(Bound, Signed, Facts, ArgNo);
    if (!B || std::fabs(*B) > 9.0e15)
      continue;
    std::optional<GuardIndex> G =
        guardIndexOf(Index, *Cmp.getParent(), *SE, LI, Facts);
    if (!G)
      continue;
    bool InWhenTrue = Pred == CmpInst::ICMP_ULT || Pred == CmpInst::ICMP_SLT ||
                      Pred == CmpInst::ICMP_ULE || Pred == CmpInst::ICMP_SLE;
    bool Inclusive = Pred == CmpInst::ICMP_ULE || Pred == CmpInst::ICMP_SLE ||
                     Pred == CmpInst::ICMP_UGT || Pred == CmpInst::ICMP_SGT;
    std::optional<GuardShare> S = shareOfLaunch(
        *G, std::int64_t(*B) + (Inclusive ? 1 : 0), Signed, Facts, false);
    if (!S || (S->Contiguous && !TakeContiguous))
      return false;
    D.ThreadGuard = true;
    D.InBounds = S->InBounds;
    D.GuardDims = indexTerms(*G);
    D.TrueProbability = InWhenTrue ? S->InBounds : 1 - S->InBounds;
    D.Kind = "derived";
    D.Source = "bounds guard on " + S->Words + " (" + S->LaunchSource +
               (ArgNo >= 0 ? "; " + Facts.ArgumentsSource : "") + ")";
    return true;
  }
  return false;
}

/// The values an equality with 0 tests through `or`s: (a | b) == 0 holds
/// when a == 0 and b == 0 (InstCombine's form of `tx == 0 && ty == 0`).
void orParts(const Value *V, SmallVectorImpl<const Value *> &Out,
             unsigned Depth = 0) {
  Value *A = nullptr, *B = nullptr;
  if (Depth < 4 && match(V, m_Or(m_Value(A), m_Value(B)))) {
    orParts(A, Out, Depth + 1);
    orParts(B, Out, Depth + 1);
    return;
  }
  Out.push_back(V);
}

/// Rule 4 for an equality test on thread or block indices (`threadIdx.x ==
/// 0`, `tx == 0 && ty == 0`, `blockIdx.x == 0`): the share of the launch's
/// points with that value, the tests on disjoint index terms multiplied;
/// with the launch unknown, the heuristics' weight, assumed and labelled.
/// False when the compared value is no index.
bool decideEqualityGuard(const ICmpInst &Cmp, const BranchFacts &Facts,
                         ScalarEvolution *SE, const LoopInfo &LI,
                         BranchDecision &D) {
  if (!SE || !Cmp.isEquality())
    return false;
  for (unsigned Side = 0; Side < 2; ++Side) {
    const auto *C = dyn_cast<ConstantInt>(Cmp.getOperand(1 - Side));
    if (!C || C->getBitWidth() > 64)
      continue;
    std::int64_t Tested = C->getSExtValue();
    SmallVector<const Value *, 4> Parts;
    if (Tested == 0)
      orParts(Cmp.getOperand(Side), Parts);
    else
      Parts.push_back(Cmp.getOperand(Side));
    EqualityShares Tests;
    for (const Value *Part : Parts) {
      std::optional<GuardIndex> G =
          guardIndexOf(Part, *Cmp.getParent(), *SE, LI, Facts);
      if (!G || !Tests.add(*G, Tested, Facts, false))
        return false;
    }
    bool Equal = Cmp.getPredicate() == CmpInst::ICMP_EQ;
    unsigned Terms = Tests.terms();
    double Share = Tests.share();
    D.GuardDims = Terms;
    D.IndexTest = true;
    if (!Tests.known()) {
      D.Kind = "assumed";
      D.Source = "equality test on " + indexTermNames(Terms, false) +
                 ": the launch's shape along it unknown, LLVM's static "
                 "branch heuristics (BranchProbabilityInfo) assumed; give the "
                 "launch's grid and block in a launch file";
      return true;
    }
    D.TrueProbability = Equal ? Share : 1 - Share;
    D.Kind = "derived";
    D.Source = "equality test " + Tests.words() + ": " + exactNumber(Share) +
               " of the launch (" + Tests.launchSource() + ")";
    return true;
  }
  return false;
}

/// Rule 4, either form.
bool decideAnyGuard(const ICmpInst &Cmp, const BranchFacts &Facts,
                    ScalarEvolution *SE, const LoopInfo &LI,
                    BranchDecision &D) {
  // The contiguous index the rule for it does not read (clang's
  // `(threadIdx.x + 1) + blockIdx.x * blockDim.x`: burger-cuda's `j`) is
  // counted as any launch-affine index.
  return decideAffineGuard(Cmp, Facts, SE, LI, D) ||
         decideGuard(Cmp, Facts, D) ||
         decideAffineGuard(Cmp, Facts, SE, LI, D, true) ||
         decideEqualityGuard(Cmp, Facts, SE, LI, D);
}

/// Rule 4 for guards on different dimensions joined into one condition
/// (`x < n && y < m`: `and i1`, or `select i1 a, b, false`; `||`: `or i1`,
/// `select i1 a, true, b`): over the launch's grid the dimensions are
/// independent, so the shares multiply. Both must be derived.
bool decideJoinedGuards(const Value *Cond, const BranchFacts &Facts,
                        ScalarEvolution *SE, const LoopInfo &LI,
                        BranchDecision &D, unsigned Depth = 0) {
  const Value *A = nullptr, *B = nullptr;
  bool And = match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)));
  if (Depth > 6 || (!And && !match(Cond, m_LogicalOr(m_Value(A), m_Value(B)))))
    return false;
  // Each side a guard, or itself such a join (`ix < 400 && iy < 400 &&
  // iz < 400`: ace-cuda's swapGrid).
  auto Side = [&](const Value *V, BranchDecision &Out) {
    const auto *C = dyn_cast<ICmpInst>(V);
    return C ? decideAnyGuard(*C, Facts, SE, LI, Out)
             : decideJoinedGuards(V, Facts, SE, LI, Out, Depth + 1);
  };
  BranchDecision DA = D, DB = D;
  if (!Side(A, DA) || !Side(B, DB) || DA.Kind != "derived" ||
      DB.Kind != "derived" || !DA.GuardDims || !DB.GuardDims ||
      (DA.GuardDims & DB.GuardDims))
    return false;
  double PA = DA.TrueProbability, PB = DB.TrueProbability;
  // An equality test's share is no bound's: listed as the branch's weight.
  D.ThreadGuard = DA.ThreadGuard && DB.ThreadGuard;
  D.IndexTest = !D.ThreadGuard;
  D.GuardDims = DA.GuardDims | DB.GuardDims;
  D.InBounds = DA.InBounds * DB.InBounds;
  D.TrueProbability = And ? PA * PB : 1 - (1 - PA) * (1 - PB);
  D.Kind = "derived";
  D.Source = "both of (" + DA.Source + ") and (" + DB.Source + ")";
  return true;
}

/// The leaves of a tree of one logical operator (`a && (b && c)`: `and
/// i1` or `select i1 a, b, false`; `||` likewise), at most 16.
bool joinLeaves(const Value *Cond, bool And,
                SmallVectorImpl<const Value *> &Out, unsigned Depth = 0) {
  const Value *A = nullptr, *B = nullptr;
  bool Match = And ? match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)))
                   : match(Cond, m_LogicalOr(m_Value(A), m_Value(B)));
  if (!Match || Depth > 8) {
    Out.push_back(Cond);
    return Out.size() <= 16;
  }
  return joinLeaves(A, And, Out, Depth + 1) &&
         joinLeaves(B, And, Out, Depth + 1);
}

/// Rule 4 for a join in which several tests read one index (a stencil's
/// interior, `ix > 0 && ix < 399 && iy > 0 && ...`, ace-cuda; InstCombine
/// writes `ix > 0` as `ix != 0`): the tests on one index intersect over its
/// points, disjoint indices multiply (gpa::IndexTestJoin). Every leaf must
/// compare a launch-affine index with a constant or a given argument
/// expression; false otherwise, or when no index carries two tests (the
/// pairwise rule above decides those).
bool decideIndexJoin(const Value *Cond, const BranchFacts &Facts,
                     ScalarEvolution *SE, const LoopInfo &LI,
                     BranchDecision &D) {
  if (!SE)
    return false;
  bool And = match(Cond, m_LogicalAnd(m_Value(), m_Value()));
  if (!And && !match(Cond, m_LogicalOr(m_Value(), m_Value())))
    return false;
  SmallVector<const Value *, 8> Leaves;
  if (!joinLeaves(Cond, And, Leaves))
    return false;
  // `||` passes where not every negated test holds.
  IndexTestJoin Join;
  bool ReadsArgument = false;
  for (const Value *Leaf : Leaves) {
    const auto *Cmp = dyn_cast<ICmpInst>(Leaf);
    if (!Cmp)
      return false;
    bool Added = false;
    for (unsigned Side = 0; Side < 2 && !Added; ++Side) {
      CmpInst::Predicate Pred =
          Side ? Cmp->getSwappedPredicate() : Cmp->getPredicate();
      const Value *Index = Cmp->getOperand(Side),
                  *Bound = Cmp->getOperand(1 - Side);
      bool Signed = CmpInst::isSigned(Pred);
      int ArgNo = -1;
      std::optional<double> B = boundValue(Bound, Signed, Facts, ArgNo);
      if (!B || std::fabs(*B) > 9.0e15)
        continue;
      std::optional<GuardIndex> G =
          guardIndexOf(Index, *Cmp->getParent(), *SE, LI, Facts);
      if (!G)
        continue;
      IndexTestOp Op;
      switch (Pred) {
      case CmpInst::ICMP_ULT:
      case CmpInst::ICMP_SLT:
        Op = IndexTestOp::Lt;
        break;
      case CmpInst::ICMP_ULE:
      case CmpInst::ICMP_SLE:
        Op = IndexTestOp::Le;
        break;
      case CmpInst::ICMP_UGT:
      case CmpInst::ICMP_SGT:
        Op = IndexTestOp::Gt;
        break;
      case CmpInst::ICMP_UGE:
      case CmpInst::ICMP_SGE:
        Op = IndexTestOp::Ge;
        break;
      case CmpInst::ICMP_EQ:
        Op = IndexTestOp::Eq;
        break;
      default:
        Op = IndexTestOp::Ne;
        break;
      }
      if (!And)
        Op = IndexTestJoin::negated(Op);
      if (!Join.add(*G, Op, std::int64_t(*B), Signed))
        return false;
      ReadsArgument |= ArgNo >= 0;
      Added = true;
    }
    if (!Added)
      return false;
  }
  if (!Join.overlaps())
    return false;
  std::optional<GuardShare> S = Join.share(Facts, false);
  if (!S)
    return false;
  // Listed as the branch's weight: a join with equality tests has no one
  // bound.
  D.ThreadGuard = false;
  D.IndexTest = true;
  D.GuardDims = Join.terms();
  D.InBounds = S->InBounds;
  D.TrueProbability = And ? S->InBounds : 1 - S->InBounds;
  D.Kind = "derived";
  D.Source = IndexTestJoin::source(And, *S, ReadsArgument, Facts);
  return true;
}

bool assumedTrue(const Value *Cond) {
  return any_of(Cond->users(), [](const User *U) {
    const auto *II = dyn_cast<IntrinsicInst>(U);
    return II && II->getIntrinsicID() == Intrinsic::assume;
  });
}
} // namespace

std::vector<BranchDecision>
decideBranches(const Function &F, BranchProbabilityInfo &BPI,
               const LoopInfo &LI, const BranchFacts &Facts,
               const std::vector<const BasicBlock *> &LoopGuards,
               ScalarEvolution *SE) {
  std::vector<BranchDecision> Out;
  for (const BasicBlock &BB : F) {
    const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    // A loop's zero-trip guard is assumed entered (BlockWeights.cpp) unless
    // it is a bounds guard: then the launch decides how many threads enter.
    bool IsLoopGuard = is_contained(LoopGuards, &BB);
    if (IsLoopGuard) {
      const auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
      BranchDecision Probe;
      // An equality test the launch does not decide keeps the loop entered.
      if (!Cmp || !decideAnyGuard(*Cmp, Facts, SE, LI, Probe) ||
          (!Probe.ThreadGuard && Probe.Kind != "derived"))
        continue;
    }
    if (const Loop *L = LI.getLoopFor(&BB))
      if (any_of(successors(&BB), [&](const BasicBlock *S) {
            return S == L->getHeader() || !L->contains(S);
          }))
        continue; // loop control: the trip count weighs it
    BranchDecision D;
    D.Block = &BB;
    BranchProbability P = BPI.getEdgeProbability(&BB, 0u);
    D.HeuristicTrue =
        double(P.getNumerator()) / double(BranchProbability::getDenominator());
    D.TrueProbability = D.HeuristicTrue;
    if (const DILocation *Loc = Br->getDebugLoc().get()) {
      D.File = relativeFile(*Loc);
      D.Line = Loc->getLine();
      D.Column = Loc->getColumn();
    }
    const Value *Cond = Br->getCondition();
    auto Given = D.Line ? Facts.ByLine.find(D.Line) : Facts.ByLine.end();
    const auto *Cmp = dyn_cast<ICmpInst>(Cond);
    if (Given != Facts.ByLine.end()) {
      D.TrueProbability = Given->second;
      D.Kind = "given";
      D.Source = Facts.ByLineSource + " line " + std::to_string(D.Line);
    } else if (Br->hasMetadata(LLVMContext::MD_prof)) {
      D.Kind = "given";
      D.Stated = true;
      D.Source = "the branch's weights in the IR (__builtin_expect)";
    } else if (assumedTrue(Cond)) {
      D.TrueProbability = 1;
      D.Kind = "given";
      D.Stated = true;
      D.Source = "__builtin_assume of the condition";
    } else if ((!Cmp || !decideAnyGuard(*Cmp, Facts, SE, LI, D)) &&
               !decideJoinedGuards(Cond, Facts, SE, LI, D) &&
               !decideIndexJoin(Cond, Facts, SE, LI, D)) {
      D.Kind = "assumed";
      D.Source = "LLVM's static branch heuristics (BranchProbabilityInfo)";
    }
    Out.push_back(std::move(D));
  }
  return Out;
}

std::vector<BranchDecision> decideSwitches(const Function &F,
                                           BranchProbabilityInfo &BPI,
                                           const LoopInfo &LI,
                                           const BranchFacts &Facts,
                                           ScalarEvolution *SE) {
  std::vector<BranchDecision> Out;
  for (const BasicBlock &BB : F) {
    const auto *Sw = dyn_cast<SwitchInst>(BB.getTerminator());
    if (!Sw)
      continue;
    if (const Loop *L = LI.getLoopFor(&BB))
      if (any_of(successors(&BB), [&](const BasicBlock *S) {
            return S == L->getHeader() || !L->contains(S);
          }))
        continue; // loop control: the trip count weighs it
    unsigned N = Sw->getNumSuccessors();
    bool Stated = Sw->hasMetadata(LLVMContext::MD_prof);
    // A switch on a thread or block index: each case value's share of the
    // launch (the values are distinct, so the default takes the rest).
    std::optional<GuardIndex> G;
    if (SE && !Stated)
      G = guardIndexOf(Sw->getCondition(), BB, *SE, LI, Facts);
    unsigned Terms = G ? indexTerms(*G) : 0;
    std::vector<double> Chosen(N, 0);
    std::vector<std::string> Words(N);
    bool Known = Terms != 0;
    std::string Launch;
    for (unsigned I = 1; Terms && I < N; ++I) {
      const ConstantInt *V = (Sw->case_begin() + (I - 1))->getCaseValue();
      EqualityShares Test;
      if (V->getBitWidth() > 64 ||
          !Test.add(*G, V->getSExtValue(), Facts, false) || !Test.known()) {
        Known = false;
        break;
      }
      Chosen[I] = Test.share();
      Words[I] = Test.words();
      Launch = Test.launchSource();
      Chosen[0] += Test.share();
    }
    Chosen[0] = std::max(0.0, 1 - Chosen[0]);
    for (unsigned I = 0; I < N; ++I) {
      BranchProbability P = BPI.getEdgeProbability(&BB, I);
      double Share = double(P.getNumerator()) /
                     double(BranchProbability::getDenominator());
      BranchDecision D;
      D.Block = &BB;
      D.SwitchCase = true;
      D.Successor = I;
      // Successor 0 is the default; successor I > 0 is case I - 1.
      D.CaseText = I == 0
                       ? std::string("default")
                       : "case " + std::to_string((Sw->case_begin() + (I - 1))
                                                      ->getCaseValue()
                                                      ->getSExtValue());
      D.TrueProbability = D.HeuristicTrue = Share;
      if (const DILocation *Loc = Sw->getDebugLoc().get()) {
        D.File = relativeFile(*Loc);
        D.Line = Loc->getLine();
        D.Column = Loc->getColumn();
      }
      if (Stated) {
        D.Kind = "given";
        D.Stated = true;
        D.Source = "the switch's weights in the IR (__builtin_expect)";
      } else if (Known) {
        D.TrueProbability = Chosen[I];
        D.IndexTest = true;
        D.GuardDims = Terms;
        D.Kind = "derived";
        D.Source = (I ? "equality test " + Words[I]
                      : "none of the switch's " + std::to_string(N - 1) +
                            " case values on " + indexTermNames(Terms, false)) +
                   ": " + exactNumber(Chosen[I]) + " of the launch (" + Launch +
                   ")";
      } else {
        D.Kind = "assumed";
        D.Source = "LLVM's static branch heuristics (BranchProbabilityInfo) "
                   "for one of the switch's " +
                   std::to_string(N) + " successors";
        if (Terms)
          D.Source += " on " + indexTermNames(Terms, false) +
                      " (the launch's shape along it unknown; give the "
                      "launch's grid and block in a launch file)";
      }
      Out.push_back(std::move(D));
    }
    // Cases that share a destination move its weight together.
    std::size_t First = Out.size() - N;
    for (unsigned I = 0; I < N; ++I) {
      const BasicBlock *Dest = Sw->getSuccessor(I);
      bool Seen = false;
      for (unsigned J = 0; J < I; ++J)
        Seen |= Sw->getSuccessor(J) == Dest;
      if (Seen)
        continue;
      BranchDecision &D = Out[First + I];
      D.FirstOfDestination = true;
      for (unsigned J = I; J < N; ++J)
        if (Sw->getSuccessor(J) == Dest)
          D.DestinationChosen += Out[First + J].TrueProbability;
      BranchProbability P = BPI.getEdgeProbability(&BB, Dest);
      D.DestinationHeuristic = double(P.getNumerator()) /
                               double(BranchProbability::getDenominator());
    }
  }
  return Out;
}

} // namespace gpa
