//===- PtxImmediateDivisors.h - Division by an immediate --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// div.rn.f32 by an immediate: ptxas folds the reciprocal into constants
// (gpa/ImmediateDivisor.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXIMMEDIATEDIVISORS_H
#define GPA_PTX_PTXIMMEDIATEDIVISORS_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include <vector>

namespace gpa::ptx {

/// Rewrites Classes[K] of each div.rn.f32 whose divisor is an immediate.
void foldImmediateDivisors(const PtxFunction &F,
                           std::vector<OpClassification> &Classes);

} // namespace gpa::ptx

#endif
