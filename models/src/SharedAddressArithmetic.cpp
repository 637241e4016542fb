//===- SharedAddressArithmetic.cpp - 64-bit math on shared addresses ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SharedAddressArithmetic.h"

#include "gpa/InstructionCosts.h"

namespace gpa {

double addressAddInstructions(const AddressAddFacts &F) {
  if (!F.OnlyAddressesShared)
    return integerAddInstructions(F.Bits);
  if (F.AddsSharedVariable)
    return 0; // folded into the LDS/STS immediate offset
  return integerAddInstructions(32);
}

} // namespace gpa
