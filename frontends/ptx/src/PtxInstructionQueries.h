//===- PtxInstructionQueries.h - One instruction's facts ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Questions every PTX rule asks of one instruction, answered once: the
// trip-count rules (PtxLoopCounter.h), the guard reader (PtxGuardIndex.cpp)
// and the branch rules (PtxBranchHeuristics.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXINSTRUCTIONQUERIES_H
#define GPA_PTX_PTXINSTRUCTIONQUERIES_H

#include "gpa/ptx/PtxAst.h"

#include <string>

namespace gpa::ptx {

/// Whether I writes register Reg (its first operand).
inline bool writesRegister(const PtxInstruction &I, const std::string &Reg) {
  return !I.Operands.empty() && I.Operands[0].isRegister() &&
         I.Operands[0].Name == Reg;
}

} // namespace gpa::ptx

#endif // GPA_PTX_PTXINSTRUCTIONQUERIES_H
