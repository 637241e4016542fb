//===- SharedAddressArithmetic.cpp - 64-bit math on shared addresses ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A value only addresses shared memory when each of its users is a load,
// store or atomic on a shared pointer that it is the address of, or a GEP,
// phi, select, cast or integer add/sub/shl/mul/or that itself only
// addresses shared memory: the greatest fixed point over the values
// reachable from the one asked about (a loop's pointer phi reads its own
// increment).
//
//===----------------------------------------------------------------------===//
#include "SharedAddressArithmetic.h"

#include "InstructionClassifier.h"

#include "gpa/InstructionCosts.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace gpa {

namespace {
constexpr unsigned MaxValues = 256;

/// Users whose value carries an address on.
bool carriesAddress(const Instruction &U, const Value &V) {
  if (isa<GetElementPtrInst>(U) || isa<PHINode>(U) || isa<CastInst>(U))
    return true;
  if (auto *Sel = dyn_cast<SelectInst>(&U))
    return Sel->getCondition() != &V;
  switch (U.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Shl:
  case Instruction::Mul:
  case Instruction::Or:
    return U.getType()->isIntegerTy();
  default:
    return false;
  }
}

/// A user that addresses shared memory with \p V and ends the chain.
bool addressesShared(const Instruction &U, const Value &V) {
  const Value *Ptr = nullptr;
  if (auto *L = dyn_cast<LoadInst>(&U))
    Ptr = L->getPointerOperand();
  else if (auto *S = dyn_cast<StoreInst>(&U))
    Ptr = S->getPointerOperand();
  else if (auto *A = dyn_cast<AtomicRMWInst>(&U))
    Ptr = A->getPointerOperand();
  else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&U))
    Ptr = X->getPointerOperand();
  if (auto *T = dyn_cast<TruncInst>(&U))
    return T->getType()->isIntegerTy() &&
           T->getType()->getIntegerBitWidth() <= 32; // the low word only
  if (Ptr != &V)
    return false;
  // The value stored is not an address (a store of the pointer itself).
  if (auto *S = dyn_cast<StoreInst>(&U); S && S->getValueOperand() == &V)
    return false;
  if (auto *A = dyn_cast<AtomicRMWInst>(&U); A && A->getValOperand() == &V)
    return false;
  return resolveAddressSpace(Ptr) == AS_Shared;
}

bool onlyAddressesShared(const Instruction &Root) {
  SmallVector<const Instruction *, 16> Work{&Root};
  DenseSet<const Instruction *> Reach{&Root};
  bool AnyAccess = false; // a truncation alone is not a shared address
  while (!Work.empty()) {
    const Instruction *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI)
        return false;
      if (addressesShared(*UI, *V)) {
        AnyAccess |= !isa<TruncInst>(UI);
        continue;
      }
      if (!carriesAddress(*UI, *V))
        return false; // the value has a use outside shared addresses
      if (Reach.insert(UI).second) {
        if (Reach.size() > MaxValues)
          return false;
        Work.push_back(UI);
      }
    }
  }
  // Every value reached: each of its users either addresses shared memory
  // or is reached. One whose users are all dead ends (no use) does not.
  DenseSet<const Instruction *> Good = Reach;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Instruction *V : Reach) {
      if (!Good.count(V))
        continue;
      bool Keep = !V->use_empty();
      for (const User *U : V->users()) {
        auto *UI = cast<Instruction>(U);
        Keep &= addressesShared(*UI, *V) || Good.count(UI);
      }
      if (!Keep) {
        Good.erase(V);
        Changed = true;
      }
    }
  }
  return AnyAccess && Good.count(&Root) != 0;
}

bool isSharedVariable(const Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  return GV && GV->getAddressSpace() == AS_Shared;
}

/// One operand is a shared variable's address, the other not a constant.
bool addsSharedVariable(const Instruction &I) {
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    bool Variable = false;
    for (const Use &Idx : GEP->indices())
      Variable |= !isa<Constant>(Idx);
    return Variable && isSharedVariable(GEP->getPointerOperand());
  }
  return false;
}

/// A counter LSR replaces by a 64-bit byte offset (StrengthReduction.h
/// OffsetCounters): the offset only addresses shared memory (and feeds the
/// exit test's truncation) when everything the counter computes besides
/// its increment does.
bool offsetOnlyAddressesShared(const Instruction &Inc) {
  auto *Counter = dyn_cast<Instruction>(Inc.getOperand(0));
  if (!Counter)
    return false;
  bool Any = false;
  for (const User *U : Counter->users()) {
    if (U == &Inc)
      continue;
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI || !onlyAddressesShared(*UI))
      return false;
    Any = true;
  }
  return Any;
}
} // namespace

std::optional<OpFacts> sharedAddressAddFacts(const Instruction &I,
                                             LoweredAdd Kind,
                                             const UnitCounts &Units) {
  bool OffsetCounter = Kind == LoweredAdd::OffsetCounter;
  if (Units.size() != 1 || Units[0].U != Unit::Int ||
      Units[0].N != integerAddInstructions(64))
    return std::nullopt;
  bool Add64 = (I.getOpcode() == Instruction::Add ||
                I.getOpcode() == Instruction::Sub) &&
               I.getType()->isIntegerTy(64);
  if (!Add64 && !isa<GetElementPtrInst>(I) && !OffsetCounter)
    return std::nullopt;
  OpFacts Facts{OpFamily::IntAdd, OpType::S64};
  Facts.OnlyAddressesShared =
      OffsetCounter ? offsetOnlyAddressesShared(I) : onlyAddressesShared(I);
  // A pointer increment adds its step to the loop's pointer register.
  Facts.AddsSharedVariable = Kind == LoweredAdd::Plain && addsSharedVariable(I);
  return Facts;
}

} // namespace gpa
