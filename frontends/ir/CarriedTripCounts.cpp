//===- CarriedTripCounts.cpp - Counters carried across a loop -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// clang -O3's IR of ccglib's producer (nvcc's PTX: PtxCarriedTripCounts.cpp):
//   P:  %kb = phi i64 [ 0, %entry ], [ %kb.next, %P.latch ]
//       %k  = phi i64 [ 0, %entry ], [ %k.next, %P.latch ]
//       %bound = add (umin %k, 62), 2          ; min(k + NBUFFER, K_TILES)
//       br (icmp ult %kb, %bound), %L, %L.exit ; the zero-trip guard
//   L:  %x = phi i64 [ %kb, %P ], [ %x.next, %L.latch ] ...
//       %x.next = add %x, 1
//       br (icmp ult %x.next, %bound), %L, %L.exit
//   L.exit: %kb.next = phi [ %kb, %P ], [ %x.next, %L.latch ]
// Every value of %x from the start below the bound at the parent's last
// iteration runs once over the whole parent loop.
//
//===----------------------------------------------------------------------===//

#include "CarriedTripCounts.h"
#include "gpa/common/LabelNumber.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <cmath>
#include <set>

using namespace llvm;

namespace gpa {

namespace {
/// S at the parent loop P's iteration It: constants, P's affine recurrences
/// and their sums, products, min/max and casts; nullopt otherwise.
std::optional<std::int64_t> valueAt(const SCEV *S, const Loop &P,
                                    std::int64_t It, ScalarEvolution &SE,
                                    unsigned Depth = 0) {
  if (Depth > 16)
    return std::nullopt;
  if (const auto *C = dyn_cast<SCEVConstant>(S)) {
    if (C->getAPInt().getActiveBits() > 62)
      return std::nullopt;
    return C->getAPInt().getSExtValue();
  }
  if (const auto *A = dyn_cast<SCEVAddRecExpr>(S)) {
    if (A->getLoop() != &P || !A->isAffine())
      return std::nullopt;
    auto B = valueAt(A->getStart(), P, It, SE, Depth + 1);
    auto St = valueAt(A->getStepRecurrence(SE), P, It, SE, Depth + 1);
    if (!B || !St)
      return std::nullopt;
    return *B + It * *St;
  }
  if (const auto *C = dyn_cast<SCEVCastExpr>(S))
    return valueAt(C->getOperand(0), P, It, SE, Depth + 1);
  std::vector<std::int64_t> Ops;
  if (const auto *N = dyn_cast<SCEVNAryExpr>(S)) {
    for (const SCEV *O : N->operands()) {
      auto V = valueAt(O, P, It, SE, Depth + 1);
      if (!V)
        return std::nullopt;
      Ops.push_back(*V);
    }
  } else {
    return std::nullopt;
  }
  std::int64_t Out = Ops[0];
  for (std::size_t K = 1; K < Ops.size(); ++K) {
    std::int64_t X = Ops[K];
    switch (S->getSCEVType()) {
    case scAddExpr:
      Out += X;
      break;
    case scMulExpr:
      Out *= X;
      break;
    case scUMinExpr:
    case scSMinExpr:
      Out = std::min(Out, X);
      break;
    case scUMaxExpr:
    case scSMaxExpr:
      Out = std::max(Out, X);
      break;
    default:
      return std::nullopt;
    }
  }
  return Out;
}

/// Whether V is what the parent's phi K carries on: K itself, L's variable
/// X or its stepped value, or a phi of those (the loop's exit merging the
/// guard's skip).
bool carries(const Value *V, const PHINode *K, const PHINode *X,
             const Value *XNext, const Value *ExitValue, unsigned Depth = 0) {
  if (V == K || V == X || V == XNext || (ExitValue && V == ExitValue))
    return true;
  const auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || Depth > 4)
    return false;
  for (const Value *In : Phi->incoming_values())
    if (!carries(In, K, X, XNext, ExitValue, Depth + 1))
      return false;
  return true;
}

} // namespace

std::optional<DerivedTrip> carriedTripCount(const Loop &L,
                                            ScalarEvolution &SE) {
  using namespace PatternMatch;
  const Loop *P = L.getParentLoop();
  if (!P)
    return std::nullopt;
  unsigned ParentTrips = SE.getSmallConstantTripCount(P);
  const BasicBlock *Exiting = L.getExitingBlock();
  const BasicBlock *Latch = L.getLoopLatch();
  if (!ParentTrips || !Exiting || Exiting != Latch)
    return std::nullopt;
  const auto *Br = dyn_cast<BranchInst>(Exiting->getTerminator());
  if (!Br || !Br->isConditional())
    return std::nullopt;
  bool StayOnTrue = L.contains(Br->getSuccessor(0));
  // The tests that must hold to go on: one compare, or two joined by a
  // logical and (stay when true) / or (leave when true).
  std::vector<const ICmpInst *> Tests;
  Value *C = Br->getCondition();
  Value *A = nullptr, *B = nullptr;
  if (StayOnTrue && match(C, m_LogicalAnd(m_Value(A), m_Value(B))))
    Tests = {dyn_cast<ICmpInst>(A), dyn_cast<ICmpInst>(B)};
  else if (!StayOnTrue && match(C, m_LogicalOr(m_Value(A), m_Value(B))))
    Tests = {dyn_cast<ICmpInst>(A), dyn_cast<ICmpInst>(B)};
  else
    Tests = {dyn_cast<ICmpInst>(C)};
  // The variable: a header phi {Start,+,Step}<L>, Step > 0, Start a phi of
  // the parent's header that carries L's last value on.
  for (const PHINode &X : L.getHeader()->phis()) {
    const auto *AR =
        dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<PHINode *>(&X)));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      continue;
    const auto *StepC = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    const auto *StartU = dyn_cast<SCEVUnknown>(AR->getStart());
    if (!StepC || !StartU || StepC->getAPInt().isNonPositive() ||
        StepC->getAPInt().getActiveBits() > 32)
      continue;
    std::int64_t Step = StepC->getAPInt().getSExtValue();
    const auto *K = dyn_cast<PHINode>(StartU->getValue());
    if (!K || K->getParent() != P->getHeader())
      continue;
    const Value *XNext = X.getIncomingValueForBlock(Latch);
    // Leaving on `XNext == Y`, X leaves with Y's value: LLVM's exit value
    // may be Y itself (indvars' `%k_buf.1.lcssa = phi [.., %indvars.iv]`).
    const Value *ExitValue = nullptr;
    if (Tests.size() == 1 && Tests[0]) {
      CmpInst::Predicate Leave = StayOnTrue ? Tests[0]->getInversePredicate()
                                            : Tests[0]->getPredicate();
      if (Leave == CmpInst::ICMP_EQ && Tests[0]->getOperand(0) == XNext)
        ExitValue = Tests[0]->getOperand(1);
      else if (Leave == CmpInst::ICMP_EQ && Tests[0]->getOperand(1) == XNext)
        ExitValue = Tests[0]->getOperand(0);
    }
    std::optional<std::int64_t> Start;
    bool Carried = true;
    for (unsigned I = 0; I < K->getNumIncomingValues(); ++I) {
      const Value *In = K->getIncomingValue(I);
      if (!P->contains(K->getIncomingBlock(I))) {
        const auto *CI = dyn_cast<ConstantInt>(In);
        if (!CI || CI->getValue().getActiveBits() > 62 ||
            (Start && *Start != CI->getSExtValue()))
          Carried = false;
        else
          Start = CI->getSExtValue();
      } else if (!carries(In, K, &X, XNext, ExitValue)) {
        Carried = false;
      }
    }
    if (!Carried || !Start || *Start < 0)
      continue;
    // Every test compares the stepped variable `<` (or `<=`) a bound.
    const SCEV *Stepped = SE.getAddExpr(AR, StepC);
    std::optional<std::int64_t> Limit;
    std::string Bounds;
    bool Ok = !Tests.empty();
    for (const ICmpInst *T : Tests) {
      if (!T) {
        Ok = false;
        break;
      }
      CmpInst::Predicate Pred =
          StayOnTrue ? T->getPredicate() : T->getInversePredicate();
      const SCEV *LHS = SE.getSCEV(T->getOperand(0));
      const SCEV *RHS = SE.getSCEV(T->getOperand(1));
      if (RHS == Stepped) {
        std::swap(LHS, RHS);
        Pred = CmpInst::getSwappedPredicate(Pred);
      }
      // `!=` of a variable stepping by 1 from below its bound (the guard
      // skips the loop otherwise) stops where `<` does (NBUFFER = 1: LLVM
      // tests k_buf + 1 == k + 1).
      if (Pred == CmpInst::ICMP_NE && Step == 1)
        Pred = CmpInst::ICMP_ULT;
      bool Le = Pred == CmpInst::ICMP_ULE || Pred == CmpInst::ICMP_SLE;
      if (LHS != Stepped ||
          !(Le || Pred == CmpInst::ICMP_ULT || Pred == CmpInst::ICMP_SLT) ||
          !SE.isLoopInvariant(RHS, &L)) {
        Ok = false;
        break;
      }
      std::optional<std::int64_t> Last =
          valueAt(RHS, *P, std::int64_t(ParentTrips) - 1, SE);
      if (!Last || *Last < 0) {
        Ok = false;
        break;
      }
      std::int64_t End = *Last + (Le ? 1 : 0);
      Limit = Limit ? std::min(*Limit, End) : End;
      std::string Shown;
      raw_string_ostream OS(Shown);
      RHS->print(OS);
      Bounds += (Bounds.empty() ? "" : " and ") +
                std::string(Le ? "<= " : "< ") + OS.str() + " (" +
                std::to_string(*Last) + " at its last iteration)";
    }
    if (!Ok || !Limit)
      continue;
    // A zero-trip guard: L's one predecessor outside it branches past L to
    // L's exit.
    const BasicBlock *Pre = L.getLoopPredecessor();
    const auto *GBr =
        Pre ? dyn_cast<BranchInst>(Pre->getTerminator()) : nullptr;
    const BasicBlock *ExitBB = L.getUniqueExitBlock();
    if (!GBr || !GBr->isConditional() || !ExitBB ||
        (GBr->getSuccessor(0) != ExitBB && GBr->getSuccessor(1) != ExitBB))
      return std::nullopt;
    double Total =
        *Limit > *Start ? std::ceil(double(*Limit - *Start) / double(Step)) : 0;
    DerivedTrip D;
    D.PerAnchor = true;
    D.Count = Total / double(ParentTrips);
    D.Kind = "derived";
    D.Source = "the loop's counter carries across the enclosing loop (" +
               std::to_string(ParentTrips) + " iterations): it starts at " +
               std::to_string(*Start) + " before it, steps by " +
               std::to_string(Step) + " while " + Bounds + ": " +
               shortNumber(Total) + " iterations in all, " +
               shortNumber(D.Count) + " per iteration of the enclosing loop";
    return D;
  }
  return std::nullopt;
}

} // namespace gpa
