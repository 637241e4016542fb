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

/// When \p Units is still a 64-bit add's IADD3 pair and \p I (an i64
/// add/sub, a GEP, or a counter LSR turns into a 64-bit byte offset:
/// \p OffsetCounter) only addresses shared memory, replaces it with
/// gpa/SharedAddressArithmetic.h addressAddInstructions.
void narrowSharedAddressAdd(const llvm::Instruction &I, bool OffsetCounter,
                            UnitCounts &Units);

} // namespace gpa

#endif
