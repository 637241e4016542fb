//===- SharedAddressArithmetic.h - Math on shared addresses -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR's facts for gpa/InstructionCosts.h OpFacts::OnlyAddressesShared
// and AddsSharedVariable: a 64-bit add (an i64 add/sub, a pointer
// increment, a byte-offset GEP) whose value only addresses shared memory
// is computed by ptxas in 32 bits.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_SHAREDADDRESSARITHMETIC_H
#define GPA_IR_SHAREDADDRESSARITHMETIC_H

#include "IntrinsicTable.h"

#include <optional>

namespace llvm {
class Instruction;
} // namespace llvm

namespace gpa {

/// How llc lowers the add: as written, as a loop's pointer increment
/// (StrengthReduction.h PointerIncrements: the step added to a pointer
/// register), or as the 64-bit byte offset LSR makes of a counter
/// (OffsetCounters).
enum class LoweredAdd { Plain, PointerIncrement, OffsetCounter };

/// The facts of \p I (an i64 add/sub, a GEP, or a counter of \p Kind
/// OffsetCounter) as a 64-bit IntAdd, with whether its value only addresses
/// shared memory and whether it adds a shared variable's address; nothing
/// when \p Units, its count so far, is not (still) a 64-bit add's IADD3
/// pair. gpa::expandOp of the facts is its count.
std::optional<OpFacts> sharedAddressAddFacts(const llvm::Instruction &I,
                                             LoweredAdd Kind,
                                             const UnitCounts &Units);

} // namespace gpa

#endif
