//===- AccessFootprint.cpp - Bytes an access touches over the grid --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Interval arithmetic over the address's SCEV. The base pointer counts 0;
// extensions and truncations are looked through (index arithmetic assumed
// not to wrap, as the access facts assume). A loop {s,+,t} over T trips
// spans s + [0, T - 1] x t.
//
//===----------------------------------------------------------------------===//
#include "AccessFootprint.h"
#include "AccessPattern.h"
#include "Compat.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace gpa {

namespace {
struct Range {
  double Lo = 0, Hi = 0;
};

class Spanner {
public:
  Spanner(ScalarEvolution &SE, const LoopTripCounts &Facts, const Value *Base,
          const ThreadPoint *Pin = nullptr)
      : SE(SE), Facts(Facts), Base(Base), Pin(Pin) {}

  std::optional<Range> span(const SCEV *S, unsigned Depth = 0);

private:
  ScalarEvolution &SE;
  const LoopTripCounts &Facts;
  const Value *Base;
  /// One thread (its loops at their first iteration) instead of the grid.
  const ThreadPoint *Pin;

  std::optional<Range> unknown(const Value *V, unsigned Depth);
  std::optional<double> trips(const Loop *L, unsigned Depth);
};

/// [0, N - 1] for an index below N; nullopt when N is unknown.
std::optional<Range> below(std::uint64_t N) {
  if (!N)
    return std::nullopt;
  return Range{0, double(N) - 1};
}

std::optional<Range> exactly(std::uint64_t N) {
  if (!N)
    return std::nullopt;
  return Range{double(N), double(N)};
}

std::optional<Range> Spanner::unknown(const Value *V, unsigned Depth) {
  if (V == Base)
    return Range{0, 0};
  // A value merged after a loop (an unrolled loop's remainder): the union
  // of what flows in (cycles end at the depth limit).
  if (const auto *Phi = dyn_cast<PHINode>(V)) {
    if (Phi->getNumIncomingValues() > 4 || !SE.isSCEVable(Phi->getType()))
      return std::nullopt;
    std::optional<Range> Out;
    for (const Value *In : Phi->incoming_values()) {
      std::optional<Range> R =
          span(SE.getSCEV(const_cast<Value *>(In)), Depth + 1);
      if (!R)
        return std::nullopt;
      Out =
          Out ? Range{std::min(Out->Lo, R->Lo), std::max(Out->Hi, R->Hi)} : *R;
    }
    return Out;
  }
  // Divisions and shifts SCEV leaves opaque (n / 2 of a signed n).
  if (const auto *B = dyn_cast<BinaryOperator>(V)) {
    auto Op = [&](unsigned I) -> std::optional<Range> {
      if (!SE.isSCEVable(B->getOperand(I)->getType()))
        return std::nullopt;
      return span(SE.getSCEV(B->getOperand(I)), Depth + 1);
    };
    unsigned Code = B->getOpcode();
    if (Code == Instruction::SDiv || Code == Instruction::UDiv ||
        Code == Instruction::LShr || Code == Instruction::AShr) {
      std::optional<Range> N = Op(0), D = Op(1);
      if (!N || !D || N->Lo < 0 || D->Lo < 0)
        return std::nullopt;
      if (Code == Instruction::LShr || Code == Instruction::AShr) {
        if (D->Hi >= 63)
          return std::nullopt;
        D = Range{std::ldexp(1.0, int(D->Lo)), std::ldexp(1.0, int(D->Hi))};
      }
      if (D->Lo <= 0)
        return std::nullopt;
      return Range{std::floor(N->Lo / D->Hi), std::floor(N->Hi / D->Lo)};
    }
    // Remainders (x % lx) and masks (col & 1) of one thread's values.
    if (Pin && (Code == Instruction::SRem || Code == Instruction::URem ||
                Code == Instruction::And)) {
      std::optional<Range> N = Op(0), D = Op(1);
      if (!N || !D || N->Lo != N->Hi || D->Lo != D->Hi || N->Lo < 0 ||
          D->Lo < 0 || N->Lo > 9.0e15 || D->Lo > 9.0e15)
        return std::nullopt;
      double V = 0;
      if (Code == Instruction::And)
        V = double(std::uint64_t(N->Lo) & std::uint64_t(D->Lo));
      else if (D->Lo > 0)
        V = std::fmod(N->Lo, D->Lo);
      else
        return std::nullopt;
      return Range{V, V};
    }
  }
  const BranchFacts &F = Facts.Branches;
  if (const auto *A = dyn_cast<Argument>(V)) {
    auto It = F.Arguments.find(A->getArgNo());
    if (It == F.Arguments.end() || !isKernel(*A->getParent()))
      return std::nullopt;
    return Range{double(It->second), double(It->second)};
  }
  const auto *Call = dyn_cast<CallInst>(V);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (!Name.consume_front("llvm.nvvm.read.ptx.sreg."))
    return std::nullopt;
  std::uint64_t Block[3] = {F.BlockThreadsX, F.BlockThreadsY, F.BlockThreadsZ};
  std::uint64_t Grid[3] = {F.GridBlocksX, F.GridBlocksY, F.GridBlocksZ};
  for (unsigned D = 0; D < 3; ++D) {
    std::string Dim(1, "xyz"[D]);
    if (Pin && Name == "tid." + Dim)
      return Range{double(Pin->Tid[D]), double(Pin->Tid[D])};
    if (Pin && Name == "ctaid." + Dim)
      return Range{double(Pin->Ctaid[D]), double(Pin->Ctaid[D])};
    if (Name == "tid." + Dim)
      return below(Block[D]);
    if (Name == "ntid." + Dim)
      return exactly(Block[D]);
    if (Name == "ctaid." + Dim)
      return below(Grid[D]);
    if (Name == "nctaid." + Dim)
      return exactly(Grid[D]);
  }
  return std::nullopt;
}

/// Trips of L: constant, the backedge-taken count + 1 evaluated over the
/// facts, or a count given for its line.
std::optional<double> Spanner::trips(const Loop *L, unsigned Depth) {
  if (unsigned N = SE.getSmallConstantTripCount(L))
    return double(N);
  const SCEV *Taken = SE.getBackedgeTakenCount(L);
  if (!isa<SCEVCouldNotCompute>(Taken))
    if (std::optional<Range> R = span(Taken, Depth + 1))
      return std::max(0.0, R->Hi) + 1;
  unsigned Line = 0;
  if (DebugLoc Start = L->getStartLoc())
    Line = Start.getLine();
  const TripChoice &C = Facts.forLine(Line);
  if (C.Kind == "given")
    return double(C.Count);
  return std::nullopt;
}

std::optional<Range> Spanner::span(const SCEV *S, unsigned Depth) {
  if (Depth > 24)
    return std::nullopt;
  if (const auto *C = dyn_cast<SCEVConstant>(S)) {
    double V = double(C->getAPInt().getSExtValue());
    return Range{V, V};
  }
  if (const auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return span(Cast->getOperand(0), Depth + 1);
  if (const auto *U = dyn_cast<SCEVUnknown>(S))
    return unknown(U->getValue(), Depth);
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    Range Sum;
    for (const SCEV *Op : Add->operands()) {
      std::optional<Range> R = span(Op, Depth + 1);
      if (!R)
        return std::nullopt;
      Sum.Lo += R->Lo;
      Sum.Hi += R->Hi;
    }
    return Sum;
  }
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
    Range P{1, 1};
    for (const SCEV *Op : Mul->operands()) {
      std::optional<Range> R = span(Op, Depth + 1);
      if (!R)
        return std::nullopt;
      double C[4] = {P.Lo * R->Lo, P.Lo * R->Hi, P.Hi * R->Lo, P.Hi * R->Hi};
      P = {*std::min_element(C, C + 4), *std::max_element(C, C + 4)};
    }
    return P;
  }
  if (const auto *Div = dyn_cast<SCEVUDivExpr>(S)) {
    std::optional<Range> N = span(Div->getLHS(), Depth + 1);
    std::optional<Range> D = span(Div->getRHS(), Depth + 1);
    if (!N || !D || N->Lo < 0 || D->Lo <= 0)
      return std::nullopt;
    return Range{std::floor(N->Lo / D->Hi), std::floor(N->Hi / D->Lo)};
  }
  if (const auto *MinMax = dyn_cast<SCEVMinMaxExpr>(S)) {
    std::optional<Range> Out;
    bool Max = isa<SCEVSMaxExpr>(S) || isa<SCEVUMaxExpr>(S);
    for (const SCEV *Op : MinMax->operands()) {
      std::optional<Range> R = span(Op, Depth + 1);
      if (!R)
        return std::nullopt;
      if (!Out)
        Out = R;
      else if (Max)
        Out = Range{std::max(Out->Lo, R->Lo), std::max(Out->Hi, R->Hi)};
      else
        Out = Range{std::min(Out->Lo, R->Lo), std::min(Out->Hi, R->Hi)};
    }
    return Out;
  }
  if (const auto *Rec = dyn_cast<SCEVAddRecExpr>(S)) {
    if (!Rec->isAffine())
      return std::nullopt;
    if (Pin)
      return span(Rec->getStart(), Depth + 1);
    std::optional<Range> Start = span(Rec->getStart(), Depth + 1);
    std::optional<Range> Step = span(Rec->getStepRecurrence(SE), Depth + 1);
    std::optional<double> T = trips(Rec->getLoop(), Depth);
    if (!Start || !Step || !T || *T < 1)
      return std::nullopt;
    double Last = *T - 1;
    return Range{Start->Lo + std::min(0.0, Step->Lo * Last),
                 Start->Hi + std::max(0.0, Step->Hi * Last)};
  }
  return std::nullopt;
}
} // namespace

std::optional<ByteRange> accessFootprint(const Value *Ptr, std::uint64_t Bytes,
                                         ScalarEvolution &SE,
                                         const LoopTripCounts &Facts) {
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return std::nullopt;
  Spanner S(SE, Facts, getUnderlyingObject(Ptr));
  std::optional<Range> R = S.span(addressSCEV(Ptr, SE));
  if (!R || !std::isfinite(R->Lo) || !std::isfinite(R->Hi) || R->Hi < R->Lo)
    return std::nullopt;
  return ByteRange{R->Lo, R->Hi - R->Lo + double(Bytes)};
}

std::optional<double> accessOffsetAt(const Value *Ptr, ScalarEvolution &SE,
                                     const LoopTripCounts &Facts,
                                     const ThreadPoint &Thread) {
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return std::nullopt;
  Spanner S(SE, Facts, getUnderlyingObject(Ptr), &Thread);
  std::optional<Range> R = S.span(addressSCEV(Ptr, SE));
  if (!R || R->Lo != R->Hi || !std::isfinite(R->Lo))
    return std::nullopt;
  return R->Lo;
}

} // namespace gpa
