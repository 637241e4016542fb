//===- ImmediateDivisor.cpp - IEEE division by a constant -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ImmediateDivisor.h"

namespace gpa {

UnitCountList immediateDivisorExpansion(const OpFacts &F) {
  if (F.Family != OpFamily::Div || F.Type != OpType::F32 ||
      F.Precision != OpPrecision::Ieee)
    return expandOp(F);
  // FCHK + 5 FFMA; the reciprocal and the divisor as IMAD.MOV constants;
  // BSSY, the branch around the slow path, BSYNC.
  return {{Unit::Fp, 6}, {Unit::Alu, 2}, {Unit::Other, 3}};
}

} // namespace gpa
