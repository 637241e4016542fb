//===- AccessPattern.cpp - Coalescing of a global memory access ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The address's SCEV is evaluated with threadIdx.x = 0 and 1 while every
// other integer unknown (blockIdx, blockDim, kernel arguments, loop
// invariants) is pinned to a constant and every loop recurrence is evaluated
// at a fixed iteration; the difference is the per-thread stride. Repeating
// it with another pinning and another iteration tells a constant stride from
// one that depends on run-time values (a[tid * n]) or on the iteration.
// Unknowns that themselves depend on threadIdx.x through data (a[idx[tid]])
// make the access a gather. Sign and zero extensions keep the pinned
// index's value (the index is assumed not to wrap, as in AccessFacts.cpp).
//
// Transactions per warp come from the shared cost model
// (gpa/InstructionCosts.h): the sectors a constant stride spans, and its one
// policy for run-time and data-dependent strides.
//
//===----------------------------------------------------------------------===//

#include "AccessPattern.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <cmath>
#include <cstdlib>

using namespace llvm;

namespace gpa {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Broadcast:
    return "broadcast";
  case AccessKind::Coalesced:
    return "coalesced";
  case AccessKind::Strided:
    return "strided";
  case AccessKind::VariableStride:
    return "variable_stride";
  case AccessKind::DataDependent:
    return "data_dependent";
  }
  return "unknown";
}

bool isLaneIdValue(const Value *V) {
  auto *CB = dyn_cast<CallBase>(V);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F)
    return false;
  StringRef Name = F->getName();
  return Name == "llvm.nvvm.read.ptx.sreg.tid.x" ||
         Name == "llvm.nvvm.read.ptx.sreg.laneid";
}

/// threadIdx.x (with the lane id) for \p Dim 0, threadIdx.y for 1, .z for 2.
static bool isThreadIndexValue(const Value *V, unsigned Dim) {
  if (Dim == 0)
    return isLaneIdValue(V);
  auto *CB = dyn_cast<CallBase>(V);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == (Dim == 1 ? "llvm.nvvm.read.ptx.sreg.tid.y"
                                        : "llvm.nvvm.read.ptx.sreg.tid.z");
}

/// Whether \p V may depend on a value \p IsSource names, following operands
/// (and load addresses) up to a depth; unknown calls count as dependent, and
/// a special-register read does when \p SregDepends says so of its name.
template <typename SourceFn, typename SregFn>
static bool mayDependOn(const Value *V, const SourceFn &IsSource,
                        const SregFn &SregDepends,
                        SmallPtrSetImpl<const Value *> &Seen, unsigned Depth) {
  if (IsSource(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !Seen.insert(V).second)
    return false;
  if (Depth > 24)
    return true;
  if (auto *CB = dyn_cast<CallBase>(I)) {
    const Function *F = CB->getCalledFunction();
    if (!F || !F->getName().starts_with("llvm.nvvm.read.ptx.sreg."))
      return true;
    return SregDepends(F->getName());
  }
  for (const Value *Op : I->operands())
    if (mayDependOn(Op, IsSource, SregDepends, Seen, Depth + 1))
      return true;
  return false;
}

/// Whether \p V may change with threadIdx.y (\p Dim 1) or threadIdx.z (2)
/// through anything but the index itself: the lane and warp ids, loads from
/// addresses that do, unknown calls.
static bool mayDependOnRow(const Value *V, unsigned Dim,
                           SmallPtrSetImpl<const Value *> &Seen,
                           unsigned Depth) {
  return mayDependOn(
      V, [Dim](const Value *X) { return isThreadIndexValue(X, Dim); },
      [](StringRef Name) {
        return Name == "llvm.nvvm.read.ptx.sreg.laneid" ||
               Name == "llvm.nvvm.read.ptx.sreg.warpid";
      },
      Seen, Depth);
}

/// Whether \p V may differ between the lanes of a warp; other special
/// registers are uniform within a warp.
static bool mayDependOnLane(const Value *V,
                            SmallPtrSetImpl<const Value *> &Seen,
                            unsigned Depth) {
  return mayDependOn(
      V, [](const Value *X) { return isLaneIdValue(X); },
      [](StringRef) { return false; }, Seen, Depth);
}

static AccessPattern analyzeAccessAt(const Value *Ptr, uint64_t Bytes,
                                     ScalarEvolution &SE,
                                     const MemoryGeometry &G, unsigned Depth);

/// Whether \p V comes from data loaded at lane-dependent addresses the
/// analysis follows (a gather: a[idx[tid]], a[b[c[tid]]]): a load among its
/// operands (to a depth) whose own address differs between lanes with a
/// known pattern, or is such a gather. An index loaded at an address that
/// cannot be analysed, or the same for neighbouring lanes, makes no gather
/// (the access is then not analysed).
static bool lanesReachThroughLoad(const Value *V, ScalarEvolution &SE,
                                  const MemoryGeometry &G,
                                  SmallPtrSetImpl<const Value *> &Seen,
                                  unsigned Depth, unsigned LoadDepth) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 24 || !Seen.insert(V).second)
    return false;
  if (auto *L = dyn_cast<LoadInst>(I)) {
    if (LoadDepth > 2)
      return false;
    AccessPattern Q =
        analyzeAccessAt(L->getPointerOperand(), 4, SE, G, LoadDepth + 1);
    return Q.Kind == AccessKind::Coalesced || Q.Kind == AccessKind::Strided ||
           Q.Kind == AccessKind::VariableStride ||
           (Q.Kind == AccessKind::DataDependent && Q.Gather);
  }
  if (isa<CallBase>(I))
    return false;
  for (const Value *Op : I->operands())
    if (lanesReachThroughLoad(Op, SE, G, Seen, Depth + 1, LoadDepth))
      return true;
  return false;
}

namespace {
struct UnknownCollector {
  SmallVector<const SCEVUnknown *, 8> Unknowns;
  bool follow(const SCEV *S) {
    if (auto *U = dyn_cast<SCEVUnknown>(S))
      Unknowns.push_back(U);
    return true;
  }
  bool isDone() const { return false; }
};
} // namespace

/// The quotient or remainder of a lane-dependent index by a divisor that is
/// the same for every lane and no constant (`i / n`, `i % n`, n a kernel
/// argument): within a row of n the quotient does not change from lane to
/// lane and the remainder moves as the index does, so a warp whose lanes
/// stay in one row touches what the index alone would (heat2d's
/// `y*lx + (x+1)%lx`, gru's `(i/hsz)*3*hsz + i%hsz`). Only a row end splits
/// a warp; the rows are assumed at least a warp long (listed by the
/// counter). Null unless \p V is such a division.
static const BinaryOperator *rowDivision(const Value *V) {
  auto *B = dyn_cast<BinaryOperator>(V);
  if (!B)
    return nullptr;
  switch (B->getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    break;
  default:
    return nullptr;
  }
  const Value *Divisor = B->getOperand(1);
  if (isa<Constant>(Divisor))
    return nullptr;
  SmallPtrSet<const Value *, 16> Seen;
  if (mayDependOnLane(Divisor, Seen, 0))
    return nullptr;
  return B;
}

static bool isRemainder(const BinaryOperator *B) {
  return B->getOpcode() == Instruction::SRem ||
         B->getOpcode() == Instruction::URem;
}

/// Whether every lane-dependent unknown of \p S is the lane id or a row
/// division whose dividend is such an expression again (`(i / n + 1) % m`).
static bool rowsOfLane(const SCEV *S, ScalarEvolution &SE, unsigned Depth) {
  UnknownCollector Collector;
  visitAll(S, Collector);
  for (const SCEVUnknown *U : Collector.Unknowns) {
    if (isLaneIdValue(U->getValue()))
      continue;
    if (const BinaryOperator *Row = rowDivision(U->getValue())) {
      if (Depth >= 8 ||
          !rowsOfLane(SE.getSCEV(Row->getOperand(0)), SE, Depth + 1))
        return false;
      continue;
    }
    SmallPtrSet<const Value *, 16> Seen;
    if (mayDependOnLane(U->getValue(), Seen, 0))
      return false;
  }
  return true;
}

namespace {
/// Pins integer unknowns to constants and evaluates every add recurrence at
/// a fixed iteration, so that a thread's address folds to base + constant.
class PinRewriter : public SCEVRewriteVisitor<PinRewriter> {
public:
  /// \p Lane is the value of the thread index along \p Dim (0: x).
  PinRewriter(ScalarEvolution &SE, int64_t Lane, int64_t Pin, unsigned Iter,
              unsigned Dim = 0, unsigned Depth = 0)
      : SCEVRewriteVisitor(SE), Lane(Lane), Pin(Pin), Iter(Iter), Dim(Dim),
        Depth(Depth) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    Type *Ty = U->getType();
    if (!Ty->isIntegerTy())
      return U; // pointer bases cancel in the difference
    // Within a row the remainder is its dividend less a constant (the row
    // times the divisor, which cancels in the difference); the quotient is
    // pinned like any value the lanes share.
    if (const BinaryOperator *Row = rowDivision(U->getValue()))
      if (isRemainder(Row) && Depth < 8)
        return PinRewriter(SE, Lane, Pin, Iter, Dim, Depth + 1)
            .visit(SE.getSCEV(Row->getOperand(0)));
    return SE.getConstant(Ty,
                          isThreadIndexValue(U->getValue(), Dim) ? Lane : Pin,
                          /*isSigned=*/true);
  }

  // An extension keeps the index's value: a pinning can make an index that
  // the code guards non-negative (m - t under `t <= m`, zext nneg) negative
  // for lane 1, where a zero extension would wrap it to 2^32 - 1. Like the
  // linear form (AccessFacts.cpp) and the PTX front-end, assume the index
  // does not wrap.
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) {
    return extendedValue(E);
  }
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    return extendedValue(E);
  }

  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    const SCEV *Start = visit(AR->getStart());
    if (Iter == 0 || !AR->isAffine())
      return Start;
    return SE.getAddExpr(Start, visit(AR->getStepRecurrence(SE)));
  }

private:
  const SCEV *extendedValue(const SCEVCastExpr *E) {
    const SCEV *Op = visit(E->getOperand(0));
    if (auto *C = dyn_cast<SCEVConstant>(Op))
      return SE.getConstant(E->getType(), C->getAPInt().getSExtValue(),
                            /*isSigned=*/true);
    return isa<SCEVZeroExtendExpr>(E) ? SE.getZeroExtendExpr(Op, E->getType())
                                      : SE.getSignExtendExpr(Op, E->getType());
  }

  int64_t Lane, Pin;
  unsigned Iter, Dim, Depth;
};
} // namespace

namespace {
/// Replaces a phi's unknown by the expression all its incoming values share,
/// when that expression holds no loop recurrence (it is then the same value
/// on every edge).
class EqualPhiRewriter : public SCEVRewriteVisitor<EqualPhiRewriter> {
public:
  EqualPhiRewriter(ScalarEvolution &SE, unsigned Depth)
      : SCEVRewriteVisitor(SE), Depth(Depth) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *Phi = dyn_cast<PHINode>(U->getValue());
    if (!Phi || Phi->getNumIncomingValues() == 0 || Depth > 4 ||
        !SE.isSCEVable(Phi->getType()))
      return U;
    const SCEV *Common = nullptr;
    for (Value *In : Phi->incoming_values()) {
      if (In == Phi)
        return U;
      const SCEV *S = SE.getSCEV(In);
      if (Common && S != Common)
        return U;
      Common = S;
    }
    if (SCEVExprContains(Common,
                         [](const SCEV *S) { return isa<SCEVAddRecExpr>(S); }))
      return U;
    return EqualPhiRewriter(SE, Depth + 1).visit(Common);
  }

private:
  unsigned Depth;
};
} // namespace

const SCEV *addressSCEV(const Value *Ptr, ScalarEvolution &SE) {
  // ScalarEvolution stops at an addrspacecast (an unknown that depends on
  // the lane), but a cast between pointers of one width keeps the address:
  // __ldg's and clang's `ptr -> ptr addrspace(1)` before ld.global.nc.
  while (auto *Cast = dyn_cast<Operator>(Ptr)) {
    if (Cast->getOpcode() != Instruction::AddrSpaceCast ||
        !SE.isSCEVable(Cast->getOperand(0)->getType()) ||
        SE.getTypeSizeInBits(Cast->getType()) !=
            SE.getTypeSizeInBits(Cast->getOperand(0)->getType()))
      break;
    Ptr = Cast->getOperand(0);
  }
  return EqualPhiRewriter(SE, 0).visit(SE.getSCEV(const_cast<Value *>(Ptr)));
}

/// Address(lane 1) - Address(lane 0) at loop iteration \p Iter with the
/// other integer unknowns pinned to \p Pin; nullopt unless it folds to a
/// constant.
static std::optional<int64_t> strideAt(const SCEV *Addr, int64_t Pin,
                                       unsigned Iter, ScalarEvolution &SE,
                                       unsigned Dim = 0) {
  const SCEV *A0 = PinRewriter(SE, 0, Pin, Iter, Dim).visit(Addr);
  const SCEV *A1 = PinRewriter(SE, 1, Pin, Iter, Dim).visit(Addr);
  const SCEV *Diff = SE.getMinusSCEV(A1, A0);
  if (auto *C = dyn_cast_or_null<SCEVConstant>(Diff))
    return C->getAPInt().getSExtValue();
  return std::nullopt;
}

/// A select or if/else join of addresses (clang's `c ? A[i] : sh[j]`, a
/// generic pointer to global or shared memory): the arm that costs more,
/// when every arm can be analysed; nothing otherwise.
static std::optional<AccessPattern> selectArms(const Value *Ptr, uint64_t Bytes,
                                               ScalarEvolution &SE,
                                               const MemoryGeometry &G,
                                               unsigned Depth);

static AccessPattern analyzeAccessAt(const Value *Ptr, uint64_t Bytes,
                                     ScalarEvolution &SE,
                                     const MemoryGeometry &G, unsigned Depth);

AccessPattern analyzeAccess(const Value *Ptr, uint64_t Bytes,
                            ScalarEvolution &SE, const MemoryGeometry &G) {
  return analyzeAccessAt(Ptr, Bytes, SE, G, 0);
}

static std::optional<AccessPattern> selectArms(const Value *Ptr, uint64_t Bytes,
                                               ScalarEvolution &SE,
                                               const MemoryGeometry &G,
                                               unsigned Depth) {
  const Value *V = Ptr->stripPointerCasts();
  if (Depth > 2 || !SE.isSCEVable(V->getType()) ||
      !isa<SCEVUnknown>(SE.getSCEV(const_cast<Value *>(V))))
    return std::nullopt;
  SmallVector<const Value *, 4> Arms;
  if (auto *Sel = dyn_cast<SelectInst>(V)) {
    Arms = {Sel->getTrueValue(), Sel->getFalseValue()};
  } else if (auto *Phi = dyn_cast<PHINode>(V)) {
    // The join of an if/else (each side computes its address); not a
    // recurrence.
    for (const Value *In : Phi->incoming_values()) {
      if (In == Phi)
        return std::nullopt;
      Arms.push_back(In);
    }
  }
  if (Arms.empty() || Arms.size() > 4)
    return std::nullopt;
  std::optional<AccessPattern> Worst;
  for (const Value *Arm : Arms) {
    AccessPattern A = analyzeAccessAt(Arm, Bytes, SE, G, Depth + 1);
    if (A.Kind == AccessKind::DataDependent)
      return std::nullopt;
    if (!Worst || A.TransactionsPerWarp > Worst->TransactionsPerWarp)
      Worst = A;
  }
  return Worst;
}

static AccessPattern analyzeAccessAt(const Value *Ptr, uint64_t Bytes,
                                     ScalarEvolution &SE,
                                     const MemoryGeometry &G, unsigned Depth) {
  AccessPattern P;
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return P;
  if (std::optional<AccessPattern> Arm = selectArms(Ptr, Bytes, SE, G, Depth))
    return *Arm;
  const SCEV *Addr = addressSCEV(Ptr, SE);
  UnknownCollector Collector;
  visitAll(Addr, Collector);

  bool HasLane = false;
  for (const SCEVUnknown *U : Collector.Unknowns) {
    if (isLaneIdValue(U->getValue())) {
      HasLane = true;
      continue;
    }
    if (const BinaryOperator *Row = rowDivision(U->getValue()))
      if (rowsOfLane(SE.getSCEV(Row->getOperand(0)), SE, 0)) {
        HasLane = P.DivisorRows = true;
        continue;
      }
    SmallPtrSet<const Value *, 16> Seen;
    if (mayDependOnLane(U->getValue(), Seen, 0)) {
      P.Kind = AccessKind::DataDependent;
      P.DivisorRows = false;
      SmallPtrSet<const Value *, 16> LoadSeen;
      P.Gather =
          lanesReachThroughLoad(U->getValue(), SE, G, LoadSeen, 0, Depth);
      P.TransactionsPerWarp = unanalysableTransactionsPerWarp(Bytes, G);
      return P;
    }
  }
  if (!HasLane) {
    P.Kind = AccessKind::Broadcast;
    return P;
  }
  // The stride must not change with the pinned values or the iteration.
  std::optional<int64_t> S1 = strideAt(Addr, 3, 0, SE);
  bool Constant = S1.has_value();
  for (auto [Pin, Iter] : {std::pair<int64_t, unsigned>{5, 0}, {3, 1}})
    Constant = Constant && strideAt(Addr, Pin, Iter, SE) == S1;
  if (!Constant) {
    P.Kind = AccessKind::VariableStride;
    P.DivisorRows = false;
    P.TransactionsPerWarp = unanalysableTransactionsPerWarp(Bytes, G);
    return P;
  }
  int64_t Stride = std::llabs(*S1);
  P.StrideBytes = *S1;
  if (Stride == 0) {
    P.Kind = AccessKind::Broadcast;
  } else if (uint64_t(Stride) <= Bytes) {
    P.Kind = AccessKind::Coalesced; // the timing model's coalesced case
  } else {
    P.Kind = AccessKind::Strided;
    P.TransactionsPerWarp = transactionsPerWarp(Stride, Bytes, G);
  }
  return P;
}

/// Whether \p S is affine in the thread index along \p Dim: the index
/// appears only under additions, constant factors, extensions and loop
/// recurrences (two evaluations, at index 0 and 1, then give the stride;
/// (ty / 2) * 64 would look constant there).
static bool affineIn(const SCEV *S, unsigned Dim, unsigned Depth = 0) {
  auto HasIndex = [Dim](const SCEV *X) {
    return SCEVExprContains(X, [Dim](const SCEV *Y) {
      auto *U = dyn_cast<SCEVUnknown>(Y);
      return U && isThreadIndexValue(U->getValue(), Dim);
    });
  };
  if (Depth > 16)
    return !HasIndex(S);
  if (isa<SCEVConstant>(S) || isa<SCEVUnknown>(S))
    return true;
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return affineIn(Cast->getOperand(0), Dim, Depth + 1);
  if (auto *Add = dyn_cast<SCEVAddExpr>(S))
    return all_of(Add->operands(),
                  [&](const SCEV *Op) { return affineIn(Op, Dim, Depth + 1); });
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S))
    if (Mul->getNumOperands() == 2 && isa<SCEVConstant>(Mul->getOperand(0)))
      return affineIn(Mul->getOperand(1), Dim, Depth + 1);
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S))
    return all_of(Rec->operands(),
                  [&](const SCEV *Op) { return affineIn(Op, Dim, Depth + 1); });
  return !HasIndex(S);
}

std::optional<int64_t> threadStrideBytes(const Value *Ptr, unsigned Dim,
                                         ScalarEvolution &SE) {
  if (!Ptr || !SE.isSCEVable(Ptr->getType()) || Dim < 1 || Dim > 2)
    return std::nullopt;
  const SCEV *Addr = addressSCEV(Ptr, SE);
  if (!affineIn(Addr, Dim))
    return std::nullopt;
  UnknownCollector Collector;
  visitAll(Addr, Collector);
  for (const SCEVUnknown *U : Collector.Unknowns) {
    if (isThreadIndexValue(U->getValue(), Dim))
      continue;
    SmallPtrSet<const Value *, 16> Seen;
    if (mayDependOnRow(U->getValue(), Dim, Seen, 0))
      return std::nullopt;
  }
  // As the lane stride: the same with other pinnings and iterations.
  std::optional<int64_t> S1 = strideAt(Addr, 3, 0, SE, Dim);
  for (auto [Pin, Iter] : {std::pair<int64_t, unsigned>{5, 0}, {3, 1}})
    if (!S1 || strideAt(Addr, Pin, Iter, SE, Dim) != S1)
      return std::nullopt;
  return S1;
}

} // namespace gpa
