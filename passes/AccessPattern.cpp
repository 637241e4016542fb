//===- AccessPattern.cpp - Coalescing of a global memory access ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The address's SCEV is evaluated twice with threadIdx.x = 0 and 1 while
// every other integer unknown (blockIdx, blockDim, kernel arguments, loop
// invariants) is pinned to a constant; the difference is the per-thread
// stride. Doing it for two different pinnings tells a constant stride from
// one that depends on run-time values (a[tid * n]). Unknowns that themselves
// depend on threadIdx.x through data (a[idx[tid]]) make the access a gather.
//
// Transactions per warp (32-byte sectors): min(32, ceil(32 * stride / 32)),
// i.e. one sector per 32 bytes spanned, at most one per thread; run-time and
// data-dependent strides are assumed fully uncoalesced (32).
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

/// Address(lane = 1) - Address(lane = 0) with the other integer unknowns
/// pinned to \p Pin; nullopt if SCEV cannot fold it to a constant.
static std::optional<int64_t>
strideWithPin(const SCEV *Addr, ArrayRef<const SCEVUnknown *> Unknowns,
              int64_t Pin, ScalarEvolution &SE) {
  ValueToSCEVMapTy Lane0, Lane1;
  for (const SCEVUnknown *U : Unknowns) {
    Type *Ty = U->getType();
    if (!Ty->isIntegerTy())
      continue; // pointer bases cancel in the difference
    Value *V = U->getValue();
    if (isLaneIdValue(V)) {
      Lane0[V] = SE.getConstant(Ty, 0);
      Lane1[V] = SE.getConstant(Ty, 1);
    } else {
      Lane0[V] = Lane1[V] = SE.getConstant(Ty, Pin, /*isSigned=*/true);
    }
  }
  const SCEV *A0 = SCEVParameterRewriter::rewrite(Addr, SE, Lane0);
  const SCEV *A1 = SCEVParameterRewriter::rewrite(Addr, SE, Lane1);
  const SCEV *Diff = SE.getMinusSCEV(A1, A0);
  if (auto *C = dyn_cast<SCEVConstant>(Diff))
    return C->getAPInt().getSExtValue();
  return std::nullopt;
}

AccessPattern analyzeAccess(const Value *Ptr, uint64_t Bytes,
                            ScalarEvolution &SE) {
  AccessPattern P;
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return P;
  const SCEV *Addr = SE.getSCEV(const_cast<Value *>(Ptr));
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
      P.TransactionsPerWarp = 32;
      return P;
    }
  }
  if (!HasLane) {
    P.Kind = AccessKind::Broadcast;
    return P;
  }
  std::optional<int64_t> S1 = strideWithPin(Addr, Collector.Unknowns, 3, SE);
  std::optional<int64_t> S2 = strideWithPin(Addr, Collector.Unknowns, 5, SE);
  if (!S1 || !S2 || *S1 != *S2) {
    P.Kind = AccessKind::VariableStride;
    P.TransactionsPerWarp = 32;
    return P;
  }
  int64_t Stride = std::llabs(*S1);
  P.StrideBytes = *S1;
  if (Stride == 0) {
    P.Kind = AccessKind::Broadcast;
  } else if (uint64_t(Stride) <= Bytes) {
    P.Kind = AccessKind::Coalesced;
    // A warp spans 32 * Bytes bytes: one transaction per 32-byte sector
    // beyond the first is what the timing model's coalesced latency covers.
  } else {
    P.Kind = AccessKind::Strided;
    P.TransactionsPerWarp = std::min<double>(32, std::ceil(32.0 * Stride / 32));
  }
  return P;
}

} // namespace gpa
