//===- ImmediateDivisorTest.cpp - IEEE division by a constant -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The SASS `ptxas -arch=sm_80` (CUDA 13) emits for a kernel holding only
// `div.rn.f32 %f2, %f1, 0fXXXXXXXX` between an ld.global and an st.global,
// read with `cuobjdump -sass` and mapped to units by bench/sass_units.py
// (fast path; the slow-path subroutine behind FCHK is not executed for
// normal operands).
//
//===----------------------------------------------------------------------===//
#include "gpa/ImmediateDivisor.h"
#include "gpa/Units.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace gpa;

namespace {
using Counts = std::map<std::string, double>;
Counts units(const UnitCountList &L) {
  Counts Out;
  for (const UnitCount &C : L)
    Out[std::string(unitInfo(C.U).Key)] += C.N;
  return Out;
}
} // namespace

TEST(ImmediateDivisor, DivRnF32ByAnImmediateHasNoMufu) {
  // div.rn.f32 %f2, %f1, 0f40400000 (3.0) -> IMAD.MOV.U32 R5, RZ, RZ,
  // 0x3eaaaaab; BSSY B1; IMAD.MOV.U32 R0, RZ, RZ, 0x40400000; FFMA R0, R5,
  // -R0, 1; FFMA R5, R0, R5, 0.333; FCHK P0, R4, 3; FFMA R0, R4, R5, RZ;
  // FFMA R6, R0, -3, R4; FFMA R5, R5, R6, R0; @!P0 BRA; BSYNC B1.
  // 0f40000000, 0f41200000 and 0f3DCCCCCD give the same sequence.
  EXPECT_EQ(units(immediateDivisorExpansion({OpFamily::Div, OpType::F32})),
            (Counts{{"fp", 6}, {"alu", 2}, {"other", 3}}));
}

TEST(ImmediateDivisor, RegisterDivisorKeepsTheRcp) {
  // div.rn.f32 %f2, %f1, %f3 -> BSSY; MUFU.RCP R0, R5; FCHK; FFMA x5;
  // @!P0 BRA; BSYNC: the same as with the immediate, MUFU for the moves.
  Counts Reg = units(expandOp({OpFamily::Div, OpType::F32}));
  Counts Imm = units(immediateDivisorExpansion({OpFamily::Div, OpType::F32}));
  EXPECT_EQ(Reg["sfu"], 1);
  EXPECT_EQ(Imm["sfu"], 0);
  EXPECT_EQ(Reg["fp"], Imm["fp"]);
}

TEST(ImmediateDivisor, OtherDivisionsAreUnchanged) {
  OpFacts Approx{OpFamily::Div, OpType::F32, OpPrecision::Approx};
  EXPECT_EQ(units(immediateDivisorExpansion(Approx)), units(expandOp(Approx)));
  OpFacts F64{OpFamily::Div, OpType::F64};
  EXPECT_EQ(units(immediateDivisorExpansion(F64)), units(expandOp(F64)));
}
