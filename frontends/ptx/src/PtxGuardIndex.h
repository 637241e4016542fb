//===- PtxGuardIndex.h - A guarded register, launch-affine --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The PTX side of gpa/AffineGuard.h: a register compared by a setp, read
// through its definitions (mov, cvt, add, sub, mul.lo/.wide and shl by an
// immediate, mad.lo/.wide) as a * %ctaid + b * %tid + c * k + d, k the
// counter of a loop with an evident trip count that holds the comparison
// (a register written once before the loop and once in it as `add r, r,
// imm`, after the comparison). An unrolled copy's counter is already an
// immediate in d.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXGUARDINDEX_H
#define GPA_PTX_PTXGUARDINDEX_H

#include "gpa/AffineGuard.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"

#include <optional>

namespace gpa {
struct BranchFacts;
}

namespace gpa::ptx {

/// O as read at instruction At of block Block (At: the setp), or nullopt.
std::optional<gpa::GuardIndex> guardIndexOf(const PtxFunction &F,
                                            const PtxCfg &Cfg, unsigned Block,
                                            std::size_t At, const PtxOperand &O,
                                            const gpa::BranchFacts &Facts);

} // namespace gpa::ptx

#endif
