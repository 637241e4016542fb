//===- StrengthReduction.h - Address arithmetic after LSR -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The NVPTX back end runs loop strength reduction: an address that advances
// by a constant each iteration becomes a pointer incremented in the loop (a
// 64-bit add, gpa/InstructionCosts.h integerAddInstructions) or, when the
// address is a 32-bit index extended to 64 bits, the index is incremented
// and scaled by an IMAD.WIDE; the integer arithmetic that only computed
// the index is no longer executed.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_STRENGTHREDUCTION_H
#define GPA_STRENGTHREDUCTION_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class Function;
class Instruction;
class LoopInfo;
class ScalarEvolution;
class User;
class Value;
class GetElementPtrInst;
} // namespace llvm

namespace gpa {

struct StrengthReduced {
  /// GEPs whose address is {start,+,constant} in their innermost loop.
  llvm::DenseSet<const llvm::Instruction *> PointerIncrements;
  /// GEPs whose extended 32-bit index is such a recurrence but whose
  /// address is not: an index add per iteration plus the IMAD.WIDE.
  llvm::DenseSet<const llvm::Instruction *> IndexIncrements;
  /// Those of either kind at a constant distance from an earlier one of the
  /// same loop: they reuse its pointer (the offset folds into [reg+imm]).
  llvm::DenseSet<const llvm::Instruction *> SharedIncrements;
  /// Integer instructions of a loop used only (transitively) as indices of
  /// those GEPs.
  llvm::DenseSet<const llvm::Instruction *> DeadIndexMath;
  /// Counter increments that LSR turns into the increment of a 64-bit byte
  /// offset (a 64-bit add): the loop's exit test compares the counter for
  /// equality with a constant, the counter only feeds addresses and that
  /// test, the loop has a pointer increment, and either the counter steps
  /// by 1 or the loop has no index increment. Each pointer address becomes
  /// base + offset (still one 64-bit add) and the test reads the offset's
  /// low half (a free truncation).
  llvm::DenseSet<const llvm::Instruction *> OffsetCounters;
  /// Counter increments with the recurrence of an earlier one of the same
  /// loop: one register after LSR (EquivalentInductions.h).
  llvm::DenseSet<const llvm::Instruction *> DuplicateIncrements;
};

/// Integer arithmetic that can compute an address index: add, sub, mul,
/// shl, or and the integer extensions and truncation.
bool isIndexMath(const llvm::Instruction &I);

/// The one variable index of \p GEP, or null (none, or more than one).
const llvm::Value *variableIndex(const llvm::GetElementPtrInst &GEP);

/// Index arithmetic the back end leaves dead: shrinks \p Set until every
/// member's uses are all accepted by \p DeadUse (typically: uses by other
/// members), so what remains computes only values nobody keeps.
void keepOnlyDeadMembers(
    llvm::DenseSet<const llvm::Instruction *> &Set,
    llvm::function_ref<bool(const llvm::Instruction &, const llvm::User *)>
        DeadUse);

StrengthReduced strengthReduce(llvm::Function &F, llvm::LoopInfo &LI,
                               llvm::ScalarEvolution &SE);

} // namespace gpa

#endif
