//===- GuardIndex.cpp - A guarded index as launch-affine terms -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "GuardIndex.h"

#include "gpa/BranchFacts.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace gpa {

namespace {
constexpr std::int64_t MaxFactor = std::int64_t(1) << 24;

/// The special register V reads: Kind 't' (tid), 'b' (ctaid), 'n' (ntid),
/// 'g' (nctaid) and its dimension; false for anything else.
bool specialRegister(const Value *V, char &Kind, int &Dim) {
  const auto *Call = dyn_cast<CallInst>(V);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  if (!Name.consume_front("llvm.nvvm.read.ptx.sreg."))
    return false;
  static const struct {
    const char *Prefix;
    char Kind;
  } Registers[] = {
      {"tid.", 't'}, {"ctaid.", 'b'}, {"ntid.", 'n'}, {"nctaid.", 'g'}};
  for (const auto &R : Registers) {
    StringRef Rest = Name;
    if (!Rest.consume_front(R.Prefix) || Rest.size() != 1 || Rest[0] < 'x' ||
        Rest[0] > 'z')
      continue;
    Kind = R.Kind;
    Dim = Rest[0] - 'x';
    return true;
  }
  return false;
}

struct Reader {
  const BasicBlock &At;
  ScalarEvolution &SE;
  const LoopInfo &LI;
  const BranchFacts &Facts;
  GuardIndex G;
  bool HasCounter = false;

  /// blockDim or gridDim along a dimension, when the launch gives it.
  std::optional<std::int64_t> launchConstant(const SCEV *S) const {
    while (const auto *C = dyn_cast<SCEVCastExpr>(S))
      S = C->getOperand(0);
    const auto *U = dyn_cast<SCEVUnknown>(S);
    char Kind = 0;
    int Dim = 0;
    if (!U || !specialRegister(U->getValue(), Kind, Dim))
      return std::nullopt;
    const std::uint64_t Block[3] = {Facts.BlockThreadsX, Facts.BlockThreadsY,
                                    Facts.BlockThreadsZ};
    const std::uint64_t Grid[3] = {Facts.GridBlocksX, Facts.GridBlocksY,
                                   Facts.GridBlocksZ};
    std::uint64_t V = Kind == 'n' ? Block[Dim] : Kind == 'g' ? Grid[Dim] : 0;
    if (!V || V > std::uint64_t(MaxFactor))
      return std::nullopt;
    return std::int64_t(V);
  }

  static bool scale(std::int64_t &Factor, std::int64_t By) {
    if (By > MaxFactor || By < -MaxFactor)
      return false;
    Factor *= By;
    return Factor <= MaxFactor && Factor >= -MaxFactor;
  }

  /// Adds Factor x S to G.
  bool add(const SCEV *S, std::int64_t Factor) {
    if (const auto *C = dyn_cast<SCEVConstant>(S)) {
      if (C->getAPInt().getBitWidth() > 64)
        return false;
      std::int64_t V = C->getAPInt().getSExtValue();
      if (V > MaxFactor * MaxFactor || V < -MaxFactor * MaxFactor)
        return false;
      G.Offset += Factor * V;
      return true;
    }
    if (const auto *C = dyn_cast<SCEVCastExpr>(S))
      return add(C->getOperand(0), Factor);
    if (const auto *A = dyn_cast<SCEVAddExpr>(S)) {
      for (const SCEV *Op : A->operands())
        if (!add(Op, Factor))
          return false;
      return true;
    }
    if (const auto *M = dyn_cast<SCEVMulExpr>(S)) {
      const SCEV *Term = nullptr;
      for (const SCEV *Op : M->operands()) {
        if (const auto *C = dyn_cast<SCEVConstant>(Op)) {
          if (C->getAPInt().getBitWidth() > 64 ||
              !scale(Factor, C->getAPInt().getSExtValue()))
            return false;
        } else if (auto K = launchConstant(Op)) {
          if (!scale(Factor, *K))
            return false;
        } else if (Term) {
          return false; // a product of two variables
        } else {
          Term = Op;
        }
      }
      return Term ? add(Term, Factor) : true;
    }
    if (const auto *R = dyn_cast<SCEVAddRecExpr>(S)) {
      const Loop *L = R->getLoop();
      if (HasCounter || !R->isAffine() || !L->contains(&At))
        return false;
      const auto *Step = dyn_cast<SCEVConstant>(R->getStepRecurrence(SE));
      unsigned Trips = SE.getSmallConstantTripCount(L);
      if (!Step || !Trips || Step->getAPInt().getBitWidth() > 64)
        return false;
      std::int64_t Counter = Factor;
      if (!scale(Counter, Step->getAPInt().getSExtValue()))
        return false;
      HasCounter = true;
      G.Counter = Counter;
      G.Trips = Trips;
      return add(R->getStart(), Factor);
    }
    if (const auto *U = dyn_cast<SCEVUnknown>(S)) {
      char Kind = 0;
      int Dim = 0;
      if (!specialRegister(U->getValue(), Kind, Dim))
        return false;
      if (Kind == 't')
        G.Thread[Dim] += Factor;
      else if (Kind == 'b')
        G.Block[Dim] += Factor;
      else if (auto K = launchConstant(S))
        G.Offset += Factor * *K;
      else
        return false;
      return true;
    }
    return false;
  }
};
} // namespace

std::optional<GuardIndex> guardIndexOf(const Value *V, const BasicBlock &At,
                                       ScalarEvolution &SE, const LoopInfo &LI,
                                       const BranchFacts &Facts) {
  if (!V->getType()->isIntegerTy() || V->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  Reader R{At, SE, LI, Facts, {}, false};
  if (!R.add(SE.getSCEV(const_cast<Value *>(V)), 1))
    return std::nullopt;
  return R.G;
}

} // namespace gpa
