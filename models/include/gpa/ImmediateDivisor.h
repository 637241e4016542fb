//===- ImmediateDivisor.h - IEEE division by a constant ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// div.rn.f32 by an immediate (clang keeps `x / 3.0f` as `fdiv float %x,
// 3.0`; a power of two becomes an exact multiply before PTX): ptxas
// computes the reciprocal at compile time instead of MUFU.RCP. The fast
// path of `div.rn.f32 %f2, %f1, 0f40400000` (ptxas 13, sm_80,
// cuobjdump -sass) is
//   IMAD.MOV.U32 R5, RZ, RZ, 0x3eaaaaab   (1/3, rounded)
//   BSSY B1, ...
//   IMAD.MOV.U32 R0, RZ, RZ, 0x40400000   (3)
//   FFMA R0, R5, -R0, 1;  FFMA R5, R0, R5, 0.3333...
//   FCHK P0, R4, 3;  FFMA R0, R4, R5, RZ;  FFMA R6, R0, -3, R4;
//   FFMA R5, R5, R6, R0;  @!P0 BRA (around the slow-path CALL);  BSYNC B1
// the same for 2, 10 and 0.1: fp 6, alu 2, other 3, no sfu. Part of the
// cost model of gpa/InstructionCosts.h.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IMMEDIATEDIVISOR_H
#define GPA_IMMEDIATEDIVISOR_H

#include "gpa/InstructionCosts.h"

namespace gpa {

/// The units of \p F when its divisor is an immediate: the expansion above
/// for an IEEE f32 division, expandOp(F) for everything else (other
/// precisions and types were not measured).
UnitCountList immediateDivisorExpansion(const OpFacts &F);

} // namespace gpa

#endif
