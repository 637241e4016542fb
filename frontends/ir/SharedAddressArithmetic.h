//===- SharedAddressArithmetic.h - Math on shared addresses -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR side of gpa/SharedAddressArithmetic.h: a 64-bit add (an i64
// add/sub, a pointer increment, a byte-offset GEP) whose value only
// addresses shared memory is computed by ptxas in 32 bits.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_SHAREDADDRESSARITHMETIC_H
#define GPA_IR_SHAREDADDRESSARITHMETIC_H

#include "IntrinsicTable.h"

namespace llvm {
class Instruction;
} // namespace llvm

namespace gpa {

/// How llc lowers the add: as written, as a loop's pointer increment
/// (StrengthReduction.h PointerIncrements: the step added to a pointer
/// register), or as the 64-bit byte offset LSR makes of a counter
/// (OffsetCounters).
enum class LoweredAdd { Plain, PointerIncrement, OffsetCounter };

/// When \p Units is still a 64-bit add's IADD3 pair and \p I (an i64
/// add/sub, a GEP, or a counter of \p Kind OffsetCounter) only addresses
/// shared memory, replaces it with gpa/SharedAddressArithmetic.h
/// addressAddInstructions.
void narrowSharedAddressAdd(const llvm::Instruction &I, LoweredAdd Kind,
                            UnitCounts &Units);

} // namespace gpa

#endif
