//===- EquivalentInductions.h - One register per recurrence -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Two integer phis of one loop header that step through the same values
// (ScalarEvolution gives their increments one add recurrence
// {start,+,step}) are one register after llc's loop strength reduction:
// Rodinia lud_diagonal's `for (j = 0; j < i; j++)` unrolled by 2 keeps an
// index (%140 = add %123, 2, used after the loop) and an exit counter
// (%141 = add %124, 2) in its IR, and one `add.s32 %r82, %r82, 2` in its
// PTX (one IADD3 in the SASS).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_EQUIVALENTINDUCTIONS_H
#define GPA_IR_EQUIVALENTINDUCTIONS_H

#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Function;
class Instruction;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// The latch increments of integer header phis whose recurrence an earlier
/// phi of the same loop already has, skipping \p Uncounted (increments that
/// are counted elsewhere or not at all).
llvm::DenseSet<const llvm::Instruction *>
duplicateIncrements(llvm::Function &F, llvm::LoopInfo &LI,
                    llvm::ScalarEvolution &SE,
                    const llvm::DenseSet<const llvm::Instruction *> &Uncounted);

} // namespace gpa

#endif
