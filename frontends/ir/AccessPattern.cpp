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
// make the access a gather.
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

/// Whether \p V may differ between the lanes of a warp, following operands
/// (and load addresses) up to a depth; unknown calls count as divergent.
static bool mayDependOnLane(const Value *V,
                            SmallPtrSetImpl<const Value *> &Seen,
                            unsigned Depth) {
  if (isLaneIdValue(V))
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
    return false; // other special registers are uniform within a warp
  }
  for (const Value *Op : I->operands())
    if (mayDependOnLane(Op, Seen, Depth + 1))
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

namespace {
/// Pins integer unknowns to constants and evaluates every add recurrence at
/// a fixed iteration, so that a thread's address folds to base + constant.
class PinRewriter : public SCEVRewriteVisitor<PinRewriter> {
public:
  PinRewriter(ScalarEvolution &SE, int64_t Lane, int64_t Pin, unsigned Iter)
      : SCEVRewriteVisitor(SE), Lane(Lane), Pin(Pin), Iter(Iter) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    Type *Ty = U->getType();
    if (!Ty->isIntegerTy())
      return U; // pointer bases cancel in the difference
    return SE.getConstant(Ty, isLaneIdValue(U->getValue()) ? Lane : Pin,
                          /*isSigned=*/true);
  }

  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    const SCEV *Start = visit(AR->getStart());
    if (Iter == 0 || !AR->isAffine())
      return Start;
    return SE.getAddExpr(Start, visit(AR->getStepRecurrence(SE)));
  }

private:
  int64_t Lane, Pin;
  unsigned Iter;
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
  return EqualPhiRewriter(SE, 0).visit(SE.getSCEV(const_cast<Value *>(Ptr)));
}

/// Address(lane 1) - Address(lane 0) at loop iteration \p Iter with the
/// other integer unknowns pinned to \p Pin; nullopt unless it folds to a
/// constant.
static std::optional<int64_t> strideAt(const SCEV *Addr, int64_t Pin,
                                       unsigned Iter, ScalarEvolution &SE) {
  const SCEV *A0 = PinRewriter(SE, 0, Pin, Iter).visit(Addr);
  const SCEV *A1 = PinRewriter(SE, 1, Pin, Iter).visit(Addr);
  const SCEV *Diff = SE.getMinusSCEV(A1, A0);
  if (auto *C = dyn_cast_or_null<SCEVConstant>(Diff))
    return C->getAPInt().getSExtValue();
  return std::nullopt;
}

AccessPattern analyzeAccess(const Value *Ptr, uint64_t Bytes,
                            ScalarEvolution &SE, const MemoryGeometry &G) {
  AccessPattern P;
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return P;
  const SCEV *Addr = addressSCEV(Ptr, SE);
  UnknownCollector Collector;
  visitAll(Addr, Collector);

  bool HasLane = false;
  for (const SCEVUnknown *U : Collector.Unknowns) {
    if (isLaneIdValue(U->getValue())) {
      HasLane = true;
      continue;
    }
    SmallPtrSet<const Value *, 16> Seen;
    if (mayDependOnLane(U->getValue(), Seen, 0)) {
      P.Kind = AccessKind::DataDependent;
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

} // namespace gpa
