//===- AccessFacts.cpp - Facts about a global access for the model --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The group of an access is its address as a linear form without the
// constant term (a[i-1], a[i], a[i+1] share "4*i + 1*arg0" and differ by -4,
// 0, 4), written as the PTX front-end writes it (PtxAccessFacts.cpp) so that
// both report the same facts; the base is the underlying object (a kernel
// argument or a global variable, whose size is the working set).
//
//===----------------------------------------------------------------------===//

#include "AccessFacts.h"
#include "Compat.h"
#include "InstructionClassifier.h"

#include "gpa/SharedBankConflicts.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>

using namespace llvm;

namespace gpa {

static AccessShape shapeOf(AccessKind K) {
  switch (K) {
  case AccessKind::Broadcast:
    return AccessShape::Broadcast;
  case AccessKind::Coalesced:
    return AccessShape::Coalesced;
  case AccessKind::Strided:
    return AccessShape::Strided;
  case AccessKind::VariableStride:
  case AccessKind::DataDependent:
    return AccessShape::Gather;
  }
  return AccessShape::Gather;
}

static std::string baseName(const Value *Base) {
  if (auto *A = dyn_cast<Argument>(Base))
    return "arg" + std::to_string(A->getArgNo());
  if (auto *GV = dyn_cast<GlobalVariable>(Base))
    return "@" + GV->getName().str();
  return Base->hasName() ? "%" + Base->getName().str() : "unknown";
}

namespace {
/// An address as a linear form over atoms plus a constant, the way the PTX
/// front-end writes it (PtxAccessFacts.cpp): extensions and truncations are
/// looked through (both assume the index does not wrap), a loop recurrence
/// {s,+,t} is s plus the atom {0,+,t}, a product without a constant factor
/// and anything else is an atom of its own.
struct LinearAddress {
  std::map<std::string, int64_t> Terms;
  int64_t Const = 0;
};

/// Where a SCEV's text comes from: the function's ScevTexts when given.
struct Printer {
  ScevTexts *Texts;
  const Function *F;
};

std::string printed(const SCEV *S, const Printer &P) {
  if (P.Texts && P.F)
    return P.Texts->text(S, *P.F);
  std::string Text;
  raw_string_ostream OS(Text);
  S->print(OS);
  OS.flush();
  return Text;
}

std::string atomName(const SCEV *S, const Printer &P) {
  if (auto *U = dyn_cast<SCEVUnknown>(S)) {
    const Value *V = U->getValue();
    if (isa<Argument>(V) || isa<GlobalVariable>(V))
      return baseName(V);
  }
  return printed(S, P);
}

void addLinear(const SCEV *S, int64_t Scale, ScalarEvolution &SE,
               LinearAddress &Out, const Printer &Texts, unsigned Depth = 0) {
  auto Atom = [&](const std::string &Name) {
    if ((Out.Terms[Name] += Scale) == 0)
      Out.Terms.erase(Name);
  };
  if (Depth > 16)
    return Atom(printed(S, Texts));
  if (auto *C = dyn_cast<SCEVConstant>(S)) {
    Out.Const += C->getAPInt().getSExtValue() * Scale;
    return;
  }
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return addLinear(Cast->getOperand(0), Scale, SE, Out, Texts, Depth + 1);
  if (auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    for (const SCEV *Op : Add->operands())
      addLinear(Op, Scale, SE, Out, Texts, Depth + 1);
    return;
  }
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S))
    if (Mul->getNumOperands() == 2)
      if (auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0))) {
        int64_t Product;
        if (!__builtin_mul_overflow(Scale, C->getAPInt().getSExtValue(),
                                    &Product))
          return addLinear(Mul->getOperand(1), Product, SE, Out, Texts,
                           Depth + 1);
      }
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S))
    if (Rec->isAffine()) {
      addLinear(Rec->getStart(), Scale, SE, Out, Texts, Depth + 1);
      const SCEV *Zero = SE.getZero(Rec->getType());
      const SCEV *Step = Rec->getStepRecurrence(SE);
      // A constant step is that many of the loop's iterations, so
      // {0,+,4}<L> and 4 * {0,+,1}<L> (a byte offset, a scaled index)
      // are one atom, {0,+,1}<L> (the PTX front-end's "#iter" atoms).
      if (auto *C = dyn_cast<SCEVConstant>(Step)) {
        int64_t Product;
        if (!__builtin_mul_overflow(Scale, C->getAPInt().getSExtValue(),
                                    &Product)) {
          std::string Name =
              printed(SE.getAddRecExpr(Zero, SE.getOne(Rec->getType()),
                                       Rec->getLoop(), SCEV::FlagAnyWrap),
                      Texts);
          // Without its type's wrap flags: an i32 index's and an i64
          // offset's recurrences of one loop are the same iterations.
          for (const char *Flag : {"<nuw>", "<nsw>", "<nw>"})
            for (std::size_t At; (At = Name.find(Flag)) != std::string::npos;)
              Name.erase(At, std::strlen(Flag));
          if ((Out.Terms[Name] += Product) == 0)
            Out.Terms.erase(Name);
          return;
        }
      }
      return Atom(printed(
          SE.getAddRecExpr(Zero, Step, Rec->getLoop(), SCEV::FlagAnyWrap),
          Texts));
    }
  Atom(atomName(S, Texts));
}
} // namespace

unsigned sharedBankConflictWays(const Value *Ptr, uint64_t Bytes,
                                ScalarEvolution &SE, const MemoryGeometry &G) {
  if (!Ptr)
    return 1;
  AccessPattern P = analyzeAccess(Ptr, Bytes, SE, G);
  if (P.Kind != AccessKind::Strided && P.Kind != AccessKind::Coalesced)
    return 1;
  return sharedBankConflictWays(P.StrideBytes, Bytes);
}

bool isReadOnlyLoad(const Instruction &I) {
  auto *L = dyn_cast<LoadInst>(&I);
  if (!L || !L->isSimple() ||
      resolveAddressSpace(L->getPointerOperand()) != AS_Global)
    return false;
  if (L->hasMetadata(LLVMContext::MD_invariant_load))
    return true;
  const Function *F = L->getFunction();
  if (!F || !isKernel(*F))
    return false;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(L->getPointerOperand(), Objects);
  return !Objects.empty() && all_of(Objects, [](const Value *V) {
    if (auto *A = dyn_cast<Argument>(V))
      return A->hasNoAliasAttr() && A->onlyReadsMemory();
    if (auto *GV = dyn_cast<GlobalVariable>(V))
      return GV->isConstant();
    return false;
  });
}

/// The change of \p S per iteration of \p L when it is a compile-time
/// constant; extensions are looked through as in the linear forms above.
static std::optional<int64_t> stepIn(const SCEV *S, const Loop *L,
                                     ScalarEvolution &SE, unsigned Depth = 0) {
  if (Depth > 16)
    return std::nullopt;
  if (SE.isLoopInvariant(S, L))
    return 0;
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return stepIn(Cast->getOperand(0), L, SE, Depth + 1);
  if (auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    int64_t Sum = 0;
    for (const SCEV *Op : Add->operands()) {
      std::optional<int64_t> Step = stepIn(Op, L, SE, Depth + 1);
      if (!Step || __builtin_add_overflow(Sum, *Step, &Sum))
        return std::nullopt;
    }
    return Sum;
  }
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S))
    if (Mul->getNumOperands() == 2)
      if (auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0))) {
        std::optional<int64_t> Step =
            stepIn(Mul->getOperand(1), L, SE, Depth + 1);
        int64_t Product;
        if (Step && !__builtin_mul_overflow(*Step, C->getAPInt().getSExtValue(),
                                            &Product))
          return Product;
        return std::nullopt;
      }
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S))
    if (Rec->getLoop() == L && Rec->isAffine())
      if (auto *C = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE)))
        if (std::optional<int64_t> Start =
                stepIn(Rec->getStart(), L, SE, Depth + 1))
          return *Start + C->getAPInt().getSExtValue();
  return std::nullopt;
}

/// The loop facts of rule R7 (docs/models.md "Memory levels"): whether \p I
/// sits in a loop and, when a compile-time constant, its address's change
/// per iteration of the innermost one. The PTX front-end reads the same
/// step from the registers the loop increments.
static void describeLoop(const Instruction &I, const Value *Ptr,
                         ScalarEvolution &SE, const LoopInfo &LI,
                         GlobalAccessFact &F) {
  const Loop *L = LI.getLoopFor(I.getParent());
  if (!L)
    return;
  F.InLoop = true;
  if (!Ptr || !SE.isSCEVable(Ptr->getType()))
    return;
  if (std::optional<int64_t> Step = stepIn(addressSCEV(Ptr, SE), L, SE)) {
    F.IterationStrideKnown = true;
    F.IterationStrideBytes = double(*Step);
  }
}

GlobalAccessFact describeGlobalAccess(const Instruction &I, const Value *Ptr,
                                      uint64_t Bytes,
                                      const AccessPattern &Pattern,
                                      double PerThread, ScalarEvolution &SE,
                                      const DataLayout &DL, const LoopInfo *LI,
                                      ScevTexts *Texts) {
  GlobalAccessFact F;
  F.Shape = shapeOf(Pattern.Kind);
  F.Bytes = double(Bytes);
  F.LaneStrideBytes = Pattern.Kind == AccessKind::Coalesced ||
                              Pattern.Kind == AccessKind::Strided
                          ? double(std::llabs(Pattern.StrideBytes))
                          : double(Bytes);
  // Rows and slices of the block, oriented so the lane stride is positive
  // (PtxFunctionSummary.cpp does the same).
  int64_t Orient = Pattern.StrideBytes < 0 ? -1 : 1;
  if (std::optional<int64_t> Y = threadStrideBytes(Ptr, 1, SE)) {
    F.ThreadStrideYKnown = true;
    F.ThreadStrideYBytes = double(Orient * *Y);
  }
  if (std::optional<int64_t> Z = threadStrideBytes(Ptr, 2, SE)) {
    F.ThreadStrideZKnown = true;
    F.ThreadStrideZBytes = double(Orient * *Z);
  }
  F.PerThread = PerThread;
  F.Store = !isa<LoadInst>(I);
  F.ReadOnly = isReadOnlyLoad(I);
  const Value *Base = Ptr ? getUnderlyingObject(Ptr) : nullptr;
  F.Base = Base ? baseName(Base) : "unknown";
  if (auto *GV = dyn_cast_or_null<GlobalVariable>(Base)) {
    F.WorkingSetBytes = double(DL.getTypeAllocSize(GV->getValueType()));
    F.WorkingSetStartKnown = true; // the whole array, from its start
  }
  F.Group = F.Base;
  if (Ptr && SE.isSCEVable(Ptr->getType())) {
    LinearAddress A;
    addLinear(addressSCEV(Ptr, SE), 1, SE, A, Printer{Texts, I.getFunction()});
    F.OffsetBytes = double(A.Const);
    F.Group.clear();
    for (const auto &[Atom, C] : A.Terms)
      F.Group +=
          (F.Group.empty() ? "" : " + ") + std::to_string(C) + "*" + Atom;
    if (F.Group.empty())
      F.Group = F.Base;
  }
  if (LI)
    describeLoop(I, Ptr, SE, *LI, F);
  return F;
}

} // namespace gpa
