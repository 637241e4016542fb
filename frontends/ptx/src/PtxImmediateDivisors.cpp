//===- PtxImmediateDivisors.cpp - Division by an immediate ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "PtxImmediateDivisors.h"

#include "gpa/InstructionCosts.h"

namespace gpa::ptx {

void foldImmediateDivisors(const PtxFunction &F,
                           std::vector<OpClassification> &Classes) {
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    if (I.Opcode != "div" || !I.hasModifier(".rn") || I.hasModifier(".ftz") ||
        I.Operands.size() != 3 ||
        I.Operands[2].K != PtxOperand::Kind::Immediate || !Classes[K].Facts)
      continue;
    Classes[K].Facts->DivisorIsImmediate = true;
    Classes[K].Units = expandOp(*Classes[K].Facts);
  }
}

} // namespace gpa::ptx
