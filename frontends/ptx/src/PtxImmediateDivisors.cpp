//===- PtxImmediateDivisors.cpp - Division by an immediate ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "PtxImmediateDivisors.h"

#include "gpa/ImmediateDivisor.h"

namespace gpa::ptx {

void foldImmediateDivisors(const PtxFunction &F,
                           std::vector<OpClassification> &Classes) {
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (I.Opcode != "div" || !I.hasModifier(".rn") || !I.hasModifier(".f32") ||
        I.hasModifier(".ftz") || I.Operands.size() != 3 ||
        I.Operands[2].K != PtxOperand::Kind::Immediate)
      continue;
    Classes[K].Units = immediateDivisorExpansion(
        {OpFamily::Div, OpType::F32, OpPrecision::Ieee});
  }
}

} // namespace gpa::ptx
