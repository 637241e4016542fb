//===- PtxImmediateDivisors.h - Division by an immediate --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// div.rn.f32 by an immediate: ptxas folds the reciprocal into constants
// (gpa/InstructionCosts.h OpFacts::DivisorIsImmediate).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXIMMEDIATEDIVISORS_H
#define GPA_PTX_PTXIMMEDIATEDIVISORS_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include <vector>

namespace gpa::ptx {

/// Marks each div.rn (not .ftz, which OpFacts does not tell apart and was
/// not measured) whose divisor is an immediate as such in Classes[K].Facts,
/// and expands it again: gpa::expandOp decides which types and precisions
/// that changes.
void foldImmediateDivisors(const PtxFunction &F,
                           std::vector<OpClassification> &Classes);

} // namespace gpa::ptx

#endif
