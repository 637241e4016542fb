//===- InstructionCostsTest.cpp - The shared instruction-cost model -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One test per constant of gpa/InstructionCosts.def. The expected counts are
// the SASS `ptxas -arch=sm_80` (CUDA 13) emits for a kernel holding only the
// PTX operation between two ld.global and one st.global, read with
// `cuobjdump -sass` and mapped to units by bench/sass_units.py; the comments
// quote that SASS (fast path only: the slow-path subroutine that the
// predicated branch skips is not executed for normal operands). The rows
// with a slow path were re-read from kernels of the form `O[I] = op(A[I])`
// compiled by clang-22 (-O2, sm_80) and ptxas 13: the fast path is wrapped
// in BSSY/BSYNC (convergence barrier around the divergent CALL).
//
//===----------------------------------------------------------------------===//
#include "gpa/InstructionCosts.h"
#include "TestModels.h"
#include "gpa/GpuModel.h"

#include <gtest/gtest.h>

#include <map>

using namespace gpa;
using gpa::test::units;

namespace {
using Counts = std::map<std::string, double>;

Counts expand(OpFamily F, OpType T, OpPrecision P = OpPrecision::Ieee) {
  return units(expandOp({F, T, P}));
}

/// cvt.<To>.<From>, with .rXi rounding to an integral value and .sat.
Counts convert(OpType To, OpType From, bool Round = false, bool Sat = false) {
  OpFacts F{OpFamily::Convert, To};
  F.From = From;
  F.RoundsToInteger = Round;
  F.Saturate = Sat;
  return units(expandOp(F));
}
} // namespace

TEST(InstructionCosts, DivRnF32) {
  // BSSY B0; MUFU.RCP; FCHK; FFMA x5; @!P0 BRA (around the slow-path
  // CALL, taken); BSYNC B0. `O[I] = A[I] / B[I]` on float, clang-22 PTX.
  EXPECT_EQ(expand(OpFamily::Div, OpType::F32),
            (Counts{{"sfu", 1}, {"fp", 6}, {"other", 3}}));
}

TEST(InstructionCosts, DivFullF32) {
  // FSETP.GT; FSETP.GEU; @P0 FMUL x2; @!P1 FMUL x2; MUFU.RCP; FMUL.
  EXPECT_EQ(expand(OpFamily::Div, OpType::F32, OpPrecision::Full),
            (Counts{{"sfu", 1}, {"fp", 5}, {"alu", 2}}));
}

TEST(InstructionCosts, DivApproxF32) {
  // FSETP.GEU; @!P0 FMUL x2; MUFU.RCP; FMUL.
  EXPECT_EQ(expand(OpFamily::Div, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 3}, {"alu", 1}}));
}

TEST(InstructionCosts, DivApproxFtzF32) {
  // MUFU.RCP; FMUL.FTZ.
  EXPECT_EQ(expand(OpFamily::Div, OpType::F32, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}, {"fp", 1}}));
}

TEST(InstructionCosts, DivRnF64) {
  // IMAD.MOV; BSSY B0; MUFU.RCP64H; FSETP.GEU; DFMA x7; DMUL; FFMA;
  // FSETP.GT; @P0 BRA P1; BSYNC B0. `O[I] = A[I] / B[I]` on double.
  EXPECT_EQ(
      expand(OpFamily::Div, OpType::F64),
      (Counts{{"sfu", 1}, {"fp", 1}, {"fp64", 8}, {"alu", 3}, {"other", 3}}));
}

TEST(InstructionCosts, RcpRnF32) {
  // BSSY B0; IADD3; LOP3; ISETP; @P0 BRA; MUFU.RCP; FFMA; FADD.FTZ; FFMA;
  // BSYNC B0. `O[I] = 1.0f / A[I]` (rcp.rn.f32).
  EXPECT_EQ(
      expand(OpFamily::Rcp, OpType::F32),
      (Counts{{"sfu", 1}, {"fp", 3}, {"int", 1}, {"alu", 2}, {"other", 3}}));
}

TEST(InstructionCosts, RcpApproxF32) {
  // IMAD.MOV; FSETP x2; FSEL x2; FMUL; MUFU.RCP; FMUL.
  EXPECT_EQ(expand(OpFamily::Rcp, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 2}, {"alu", 5}}));
}

TEST(InstructionCosts, RcpApproxFtzF32) {
  // MUFU.RCP.
  EXPECT_EQ(expand(OpFamily::Rcp, OpType::F32, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, RcpRnF64) {
  // BSSY B0; MUFU.RCP64H; IADD3; FSETP.GEU; DFMA x5; @P0 BRA; BSYNC B0.
  // `O[I] = 1.0 / A[I]` (rcp.rn.f64).
  EXPECT_EQ(
      expand(OpFamily::Rcp, OpType::F64),
      (Counts{{"sfu", 1}, {"fp64", 5}, {"int", 1}, {"alu", 1}, {"other", 3}}));
}

TEST(InstructionCosts, RcpApproxFtzF64) {
  // MUFU.RCP64H; HFMA2.MMA (ptxas's mov of the low word).
  EXPECT_EQ(expand(OpFamily::Rcp, OpType::F64, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}, {"alu", 1}}));
}

TEST(InstructionCosts, SqrtRnF32) {
  // BSSY B0; IADD3; MUFU.RSQ; ISETP; @!P0 BRA; FMUL.FTZ x2; FFMA x2;
  // BSYNC B0. `O[I] = sqrtf(A[I])` with sqrt.rn.f32.
  EXPECT_EQ(
      expand(OpFamily::Sqrt, OpType::F32),
      (Counts{{"sfu", 1}, {"fp", 4}, {"int", 1}, {"alu", 1}, {"other", 3}}));
}

TEST(InstructionCosts, SqrtApproxF32) {
  // FSETP.GEU; @!P0 FMUL; MUFU.SQRT; @!P0 FMUL.
  EXPECT_EQ(expand(OpFamily::Sqrt, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 2}, {"alu", 1}}));
}

TEST(InstructionCosts, SqrtApproxFtzF32) {
  // MUFU.SQRT.
  EXPECT_EQ(expand(OpFamily::Sqrt, OpType::F32, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, SqrtRnF64) {
  // IMAD.MOV x2; BSSY B0; MUFU.RSQ64H; IADD3; ISETP; DMUL; DFMA x2; DMUL;
  // DFMA; DMUL; IADD3; DFMA; MOV; DFMA; @!P0 BRA; BSYNC B0.
  // `O[I] = sqrt(A[I])` (sqrt.rn.f64).
  EXPECT_EQ(
      expand(OpFamily::Sqrt, OpType::F64),
      (Counts{{"sfu", 1}, {"fp64", 8}, {"int", 2}, {"alu", 4}, {"other", 3}}));
}

TEST(InstructionCosts, RsqrtApproxF32) {
  // FSETP.GEU; @!P0 FMUL; MUFU.RSQ; @!P0 FMUL.
  EXPECT_EQ(expand(OpFamily::Rsqrt, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 2}, {"alu", 1}}));
}

TEST(InstructionCosts, RsqrtApproxFtzF32) {
  // MUFU.RSQ.
  EXPECT_EQ(expand(OpFamily::Rsqrt, OpType::F32, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, RsqrtApproxF64) {
  // HFMA2.MMA; IMAD.MOV x2; BSSY B0; MUFU.RSQ64H; IADD3; ISETP; DMUL;
  // DFMA x2; DMUL; DFMA; @!P0 BRA; BSYNC B0. `O[I] = rsqrt(A[I])`.
  EXPECT_EQ(
      expand(OpFamily::Rsqrt, OpType::F64, OpPrecision::Approx),
      (Counts{{"sfu", 1}, {"fp64", 5}, {"int", 1}, {"alu", 4}, {"other", 3}}));
}

TEST(InstructionCosts, Ex2ApproxF32) {
  // FSETP.GEU; @!P0 FMUL; MUFU.EX2; @!P0 FMUL.
  EXPECT_EQ(expand(OpFamily::Ex2, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 2}, {"alu", 1}}));
}

TEST(InstructionCosts, Ex2ApproxFtzF32) {
  // MUFU.EX2.
  EXPECT_EQ(expand(OpFamily::Ex2, OpType::F32, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, Lg2ApproxF32) {
  // FSETP.GEU; @!P0 FMUL; MUFU.LG2; @!P0 FADD.
  EXPECT_EQ(expand(OpFamily::Lg2, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 2}, {"alu", 1}}));
}

TEST(InstructionCosts, Lg2ApproxFtzF32) {
  // MUFU.LG2.
  EXPECT_EQ(expand(OpFamily::Lg2, OpType::F32, OpPrecision::ApproxFtz),
            (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, SinApproxF32) {
  // FMUL.RZ (by 1/2pi); MUFU.SIN.
  EXPECT_EQ(expand(OpFamily::SinCos, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}, {"fp", 1}}));
}

TEST(InstructionCosts, SinCosOfOneOperandShareTheRangeReduction) {
  // sin.approx.f32 %r6, %r22; cos.approx.f32 %r7, %r22 (sfu_heavy.cu):
  // FMUL.RZ R9, R5, 0.15915493667125701904; MUFU.SIN R2, R9;
  // MUFU.COS R3, R9 -- one FMUL.RZ for both, so the second is one MUFU.
  Counts Second;
  for (const UnitCount &C : sinCosSharingReduction())
    Second[std::string(unitInfo(C.U).Key)] += C.N;
  EXPECT_EQ(Second, (Counts{{"sfu", 1}}));
  Counts Pair = expand(OpFamily::SinCos, OpType::F32, OpPrecision::Approx);
  for (const auto &[Key, N] : Second)
    Pair[Key] += N;
  EXPECT_EQ(Pair, (Counts{{"sfu", 2}, {"fp", 1}}));
}

namespace {
/// What a kernel-parameter divisor adds to the expansion of (F, T, P).
Counts copies(OpFamily F, OpType T, OpPrecision P = OpPrecision::Ieee) {
  OpFacts ByParameter{F, T, P};
  ByParameter.DivisorIsParameter = true;
  Counts Out = units(expandOp(ByParameter));
  for (const auto &[Key, N] : expand(F, T, P))
    if ((Out[Key] -= N) == 0)
      Out.erase(Key);
  return Out;
}
} // namespace

TEST(InstructionCosts, DivRnF64ByAParameterCopiesTheDivisorPair) {
  // `O[I] = A[I] / Cap` with `double Cap` a kernel parameter (ptxas 13,
  // sm_80): MUFU.RCP64H R5, c[0x0][0x174]; IMAD.MOV.U32 R10, RZ, RZ,
  // c[0x0][0x170]; IMAD.MOV.U32 R11, RZ, RZ, c[0x0][0x174];
  // IMAD.MOV.U32 R4, RZ, RZ, 0x1; DFMA R8, R4, -R10, 1; ... -- the fast
  // path of `O[I] = A[I] / B[I]` (DivRnF64: IMAD.MOV, FSETP x2 = 3 alu)
  // plus the two copies of the divisor's words, 5 alu in all.
  EXPECT_EQ(copies(OpFamily::Div, OpType::F64), (Counts{{"alu", 2}}));
  OpFacts ByParameter{OpFamily::Div, OpType::F64};
  ByParameter.DivisorIsParameter = true;
  EXPECT_EQ(units(expandOp(ByParameter))["alu"], 5);
}

TEST(InstructionCosts, DivRnF32ByAParameterCopiesTheDivisor) {
  // `O[I] = A[I] / Cap` with `float Cap` a kernel parameter: MUFU.RCP R4,
  // c[0x0][0x170]; IMAD.MOV.U32 R5, RZ, RZ, c[0x0][0x170]; FFMA R5, R4,
  // -R5, 1; ... -- one copy the register-divisor form (DivRnF32) lacks.
  EXPECT_EQ(copies(OpFamily::Div, OpType::F32), (Counts{{"alu", 1}}));
}

TEST(InstructionCosts, OnlyIeeeDivisionCopiesAParameterDivisor) {
  // div.approx.f32 by a parameter: FMUL/FSEL read c[0x0][...] directly
  // (the copy ptxas makes there is shared with the other uses of the
  // parameter, not one per division); integer division has rows of its own.
  EXPECT_EQ(copies(OpFamily::Div, OpType::F32, OpPrecision::Approx), Counts{});
  EXPECT_EQ(copies(OpFamily::Sqrt, OpType::F64), Counts{});
  EXPECT_EQ(copies(OpFamily::IntDiv, OpType::S32), Counts{});
}

TEST(InstructionCosts, PredicateLogicFoldsIntoTheCompares) {
  // hotspot_like.cu, clang-22 PTX: setp.ne %p3; setp.le %p4; setp.gt %p5;
  // and.pred %p6, %p5, %p4; setp.lt %p7; and.pred %p8, %p7, %p6;
  // and.pred %p1, %p3, %p8 -- 4 compares, 3 ands. ptxas 13 (sm_80):
  // ISETP.GT.AND P0, PT, R3, c[0x0][0x17c], PT; ISETP.GT.AND P0, PT, R0,
  // -0x1, !P0; ISETP.LT.AND P0, PT, R0, c[0x0][0x178], P0;
  // ISETP.NE.U32.AND P0, PT, R3, RZ, P0 -- 4 alu in all, so each and.pred
  // with a compare of its own costs nothing; not.pred %p14 feeding
  // `@%p14 bra` is `@!P0 BRA`, nothing either. Its second group,
  // and.pred %p2, %p11, %p13 of two and.pred results, is one
  // PLOP3.LUT P0, PT, P0, P1, PT, 0x80, 0x0 (one alu, the default).
  using Op = PredicateLogicFacts::Op;
  PredicateLogicFacts AndOfOwnCompare{Op::And, true, false};
  EXPECT_EQ(4 * 1.0 + 3 * predicateLogicInstructions(AndOfOwnCompare), 4);
  EXPECT_EQ(predicateLogicInstructions({Op::Not}), 0);
  EXPECT_EQ(predicateLogicInstructions({Op::And, false, false}), 1);
}

TEST(InstructionCosts, IntegerMultiplyFusesIntoItsAdd) {
  // `I = blockIdx.x * blockDim.x + threadIdx.x` (examples/cuda/
  // sfu_heavy.cu): PTX mad.lo.s32 %r1, %r3, %r4, %r5; SASS
  // IMAD R0, R0, c[0x0][0x0], R3 -- one int instruction for mul and add,
  // the add's own integerAddInstructions(32).
  EXPECT_EQ(FusedIntegerMultiplyInstructions, 0);
  EXPECT_EQ(FusedIntegerMultiplyInstructions + integerAddInstructions(32), 1);
}

TEST(InstructionCosts, TanhApproxF32) {
  // MUFU.TANH.
  EXPECT_EQ(expand(OpFamily::Tanh, OpType::F32, OpPrecision::Approx),
            (Counts{{"sfu", 1}}));
}

// Integer division seeds its reciprocal in float: the I2F of the divisor
// and the F2I of the reciprocal run on the XU pipe with the MUFU.RCP
// (sfu 3; each row's conversions read again from ptxas 13 sm_80 SASS).
TEST(InstructionCosts, DivS32) {
  // IABS x3, IADD3, IMAD x2, IMAD.HI x2, IMAD.IADD, @P IADD3 x2 (int);
  // LOP3 x2, ISETP x4, IMAD.MOV x4 (alu); I2F.RP, MUFU.RCP,
  // F2I.FTZ.U32.TRUNC.NTZ (sfu).
  EXPECT_EQ(expand(OpFamily::IntDiv, OpType::S32),
            (Counts{{"sfu", 3}, {"int", 11}, {"alu", 10}}));
}

TEST(InstructionCosts, DivU32) {
  // I2F.U32.RP; MUFU.RCP; F2I.FTZ.U32.TRUNC.NTZ (sfu); IMAD, IMAD.HI x2,
  // IADD3 x4 (int); ...
  EXPECT_EQ(expand(OpFamily::IntDiv, OpType::U32),
            (Counts{{"sfu", 3}, {"int", 8}, {"alu", 7}}));
}

TEST(InstructionCosts, RemS32) {
  // As div.s32 with the remainder kept: 12 int, 7 alu, I2F.RP + MUFU.RCP +
  // F2I.FTZ.U32.TRUNC.NTZ.
  EXPECT_EQ(expand(OpFamily::IntRem, OpType::S32),
            (Counts{{"sfu", 3}, {"int", 12}, {"alu", 7}}));
}

TEST(InstructionCosts, RemU32) {
  // I2F.U32.RP, MUFU.RCP, F2I.FTZ.U32.TRUNC.NTZ; 7 int, 7 alu.
  EXPECT_EQ(expand(OpFamily::IntRem, OpType::U32),
            (Counts{{"sfu", 3}, {"int", 7}, {"alu", 7}}));
}

TEST(InstructionCosts, DivS64) {
  // MOV; CALL.REL.NOINC to an 84-instruction subroutine without branches
  // (52 int; 28 alu; I2F.U64.RP, MUFU.RCP, F2I.U64.TRUNC; RET); IMAD.MOV
  // x2 for the result: alu 28 + 3, other 2 (CALL, RET).
  EXPECT_EQ(expand(OpFamily::IntDiv, OpType::S64),
            (Counts{{"sfu", 3}, {"int", 52}, {"alu", 31}, {"other", 2}}));
  // rem.u64 goes through the same subroutine.
  EXPECT_EQ(expand(OpFamily::IntRem, OpType::U64),
            expand(OpFamily::IntDiv, OpType::S64));
}

TEST(InstructionCosts, FmaIsOneInstruction) {
  // fma.rn.f32 -> FFMA; fma.rn.f64 -> DFMA.
  EXPECT_EQ(expand(OpFamily::Fma, OpType::F32), (Counts{{"fp", 1}}));
  EXPECT_EQ(expand(OpFamily::Fma, OpType::F64), (Counts{{"fp64", 1}}));
}

// Conversions (GPA_CONVERSION rows). Each quotes the SASS of `cvt` alone
// between an ld.global and an st.global (integer widening and narrowing
// between two mul.lo, where ptxas cannot fold them into the memory access),
// ptxas 13 -arch=sm_80. F2I/I2F/F2F/FRND/I2I run on the XU pipe, sfu: 16
// per SM per clock on cc 8.0 (CUDA C++ Programming Guide, arithmetic
// instruction throughput: "type conversions from and to 64-bit types" and
// "all other type conversions" 16, the rate of the MUFU row).
TEST(InstructionCosts, IntToFloatIsOneI2F) {
  // cvt.rn.f32.s32 -> I2F; .f32.u32 -> I2F.U32; .f32.s64 -> I2F.S64;
  // .f64.s32 -> I2F.F64; .f64.u64 -> I2F.F64.U64; .f16.s32 -> I2F.F16;
  // .f32.u8 -> I2F.U8; .f32.s16 -> I2F.S16.
  EXPECT_EQ(convert(OpType::F32, OpType::S32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F32, OpType::U32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F32, OpType::S64), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F64, OpType::S32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F64, OpType::U64), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F16, OpType::S32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F32, OpType::U8), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F32, OpType::S16), (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, FloatToIntIsOneF2I) {
  // cvt.rzi.s32.f32 -> F2I.TRUNC.NTZ; cvt.rni.s32.f32 -> F2I.NTZ;
  // cvt.rmi.s32.f32 -> F2I.FLOOR.NTZ; cvt.rzi.u32.f32 -> F2I.U32.TRUNC.NTZ;
  // cvt.rzi.s64.f32 -> F2I.S64.TRUNC; cvt.rzi.s32.f64 -> F2I.F64.TRUNC;
  // cvt.rzi.s64.f64 -> F2I.S64.F64.TRUNC; cvt.rzi.s32.f16 ->
  // F2I.F16.TRUNC.NTZ. The rounding does not change the instruction count.
  EXPECT_EQ(convert(OpType::S32, OpType::F32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::S32, OpType::F32, /*Round=*/true),
            (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::U32, OpType::F32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::S64, OpType::F32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::S32, OpType::F64), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::S64, OpType::F64), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::S32, OpType::F16), (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, ConversionToOrFromF64IsOneF2F) {
  // cvt.f64.f32 -> F2F.F64.F32; cvt.rn.f32.f64 -> F2F.F32.F64;
  // cvt.f64.f16 -> F2F.F64.F16; cvt.rn.f16.f64 -> F2F.F16.F64.
  EXPECT_EQ(convert(OpType::F64, OpType::F32), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F32, OpType::F64), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F64, OpType::F16), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F16, OpType::F64), (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, RoundingToAnIntegralValueIsOneFrnd) {
  // cvt.rni.f32.f32 -> FRND; cvt.rzi.f32.f32 -> FRND.TRUNC;
  // cvt.rmi.f32.f32 -> FRND.FLOOR (floorf, clang-22 PTX);
  // cvt.rpi.f64.f64 -> FRND.F64.CEIL; cvt.rni.f16.f16 -> FRND.F16.
  EXPECT_EQ(convert(OpType::F32, OpType::F32, true), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F64, OpType::F64, true), (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::F16, OpType::F16, true), (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, HalfToFloatIsOneHadd2OnTheFp16Pipe) {
  // cvt.f32.f16 -> HADD2.F32 R7, -RZ, R2.H0_H0 (Nsight Compute: the FP16
  // pipe holds the FP16<->FP32 converter).
  EXPECT_EQ(convert(OpType::F32, OpType::F16), (Counts{{"fp16", 1}}));
}

TEST(InstructionCosts, FloatToHalfIsOneF2fpOnTheAluPipe) {
  // cvt.rn.f16.f32 -> F2FP.PACK_AB R0, RZ, R2; cvt.rn.f16x2.f32 ->
  // F2FP.PACK_AB R7, R2, R2; cvt.rn.bf16.f32 -> F2FP.BF16.PACK_AB (Nsight
  // Compute: on Ampere the ALU pipe does the fast FP32-to-FP16 conversion).
  EXPECT_EQ(convert(OpType::F16, OpType::F32), (Counts{{"alu", 1}}));
  EXPECT_EQ(convert(OpType::BF16, OpType::F32), (Counts{{"alu", 1}}));
}

TEST(InstructionCosts, BfloatToFloatIsOneShift) {
  // cvt.f32.bf16 -> SHF.L.U32 R7, R2, 0x10, RZ.
  EXPECT_EQ(convert(OpType::F32, OpType::BF16), (Counts{{"alu", 1}}));
}

TEST(InstructionCosts, SaturatingAFloatIsOneAdd) {
  // cvt.sat.f32.f32 (__saturatef) -> FADD.SAT R7, RZ, R2;
  // cvt.ftz.f32.f32 -> FADD.FTZ R7, R2, -RZ; cvt.sat.f16.f16 ->
  // HADD2.SAT R0, R2.H0_H0, -RZ.H0_H0.
  EXPECT_EQ(convert(OpType::F32, OpType::F32, false, /*Sat=*/true),
            (Counts{{"fp", 1}}));
  EXPECT_EQ(convert(OpType::F32, OpType::F32), (Counts{{"fp", 1}}));
  EXPECT_EQ(convert(OpType::F16, OpType::F16, false, true),
            (Counts{{"fp16", 1}}));
}

TEST(InstructionCosts, SaturatingADoubleIsFifteenAluInstructions) {
  // cvt.sat.f64.f64 (llvm.nvvm.saturate.d, llc 22) -> MOV x3, IMAD.MOV x4,
  // DSETP.MAX, FSEL, SEL, @P1 LOP3, DSETP.MIN, FSEL, SEL, @P1 LOP3.
  EXPECT_EQ(convert(OpType::F64, OpType::F64, false, true),
            (Counts{{"alu", 15}}));
}

TEST(InstructionCosts, WideningAnIntegerIsOneAluInstruction) {
  // Between mul.lo and mul.lo: cvt.s64.s32 -> SHF.R.S32.HI R9, RZ, 0x1f,
  // R11; cvt.s32.s8 -> PRMT R0, R0, 0x8880, RZ; cvt.s32.s16 -> PRMT R0, R0,
  // 0x9910, RZ; cvt.u32.u8 -> LOP3.LUT R0, R0, 0xff, RZ, 0xc0, !PT;
  // cvt.u32.u16 -> LOP3.LUT ... 0xffff (Programming Guide: 8/16-bit to
  // 32-bit integer conversions 64 per SM per clock, the ALU rate).
  EXPECT_EQ(convert(OpType::S64, OpType::S32), (Counts{{"alu", 1}}));
  EXPECT_EQ(convert(OpType::S32, OpType::S8), (Counts{{"alu", 1}}));
  EXPECT_EQ(convert(OpType::S32, OpType::S16), (Counts{{"alu", 1}}));
  EXPECT_EQ(convert(OpType::U32, OpType::U8), (Counts{{"alu", 1}}));
  EXPECT_EQ(convert(OpType::U32, OpType::U16), (Counts{{"alu", 1}}));
  // cvt.u64.u32 stored: HFMA2.MMA R3, -RZ, RZ, 0, 0 (the high word).
  EXPECT_EQ(convert(OpType::U64, OpType::U32), (Counts{{"alu", 1}}));
}

TEST(InstructionCosts, NarrowingConvertIsFree) {
  // ld.global.u64 %rd5; cvt.u32.u64 %r1, %rd5; st.global.u32 %r1
  // -> LDG.E R5, [R2.64]; STG.E [R2.64], R5 (no instruction for the cvt);
  // cvt.s16.s32 before st.global.s16: nothing either.
  EXPECT_EQ(convert(OpType::U32, OpType::U64), Counts{});
  EXPECT_EQ(convert(OpType::S32, OpType::S64), Counts{});
  EXPECT_EQ(convert(OpType::S16, OpType::S32), Counts{});
}

TEST(InstructionCosts, SaturatingNarrowIntegerConversionIsOneI2i) {
  // cvt.sat.s16.s32 -> I2I.S16.S32.SAT; cvt.sat.u8.s32 -> I2I.U8.S32.SAT
  // (XU: "all other type conversions", 16 per SM per clock).
  EXPECT_EQ(convert(OpType::S16, OpType::S32, false, true),
            (Counts{{"sfu", 1}}));
  EXPECT_EQ(convert(OpType::U8, OpType::S32, false, true),
            (Counts{{"sfu", 1}}));
}

TEST(InstructionCosts, SaturatingTo32BitsIsACompareAndSelect) {
  // cvt.sat.u32.s32 -> ISETP.LT.AND P0, PT, R2, RZ, PT; SEL R7, R2, RZ, !P0.
  EXPECT_EQ(convert(OpType::U32, OpType::S32, false, true),
            (Counts{{"alu", 2}}));
  // cvt.sat.s32.s64 -> IMAD.MOV.U32 R7, RZ, RZ, 0x7fffffff; SHF.R.S32.HI;
  // ISETP.GE.AND; LOP3.LUT; SEL; ISETP.EQ.AND; SEL.
  EXPECT_EQ(convert(OpType::S32, OpType::S64, false, true),
            (Counts{{"alu", 7}}));
}

TEST(InstructionCosts, FloatRemIsDivisionTruncationAndFma) {
  // llc 22 lowers frem f32 to div.rn.f32, cvt.rzi.f32.f32, neg.f32 (folded
  // into the FFMA's operand), fma.rn.f32, testp.infinite.f32, selp.f32;
  // after the division's fast path ptxas emits LOP3.LUT R2, R0, 0x7fffffff;
  // FRND.TRUNC R6, R6; ISETP.NE.U32.AND P0, PT, R2, 0x7f800000; @P0 FFMA
  // R3, R0, -R6, R3: fp 1, sfu 1 (FRND), alu 2.
  Counts Want = expand(OpFamily::Div, OpType::F32);
  Want["fp"] += 1;
  Want["sfu"] += 1;
  Want["alu"] += 2;
  EXPECT_EQ(expand(OpFamily::FloatRem, OpType::F32), Want);
  // frem f64: FRND.F64.TRUNC; ISETP.NE.U32.AND; DFMA R4, R6, -R2, R8;
  // LOP3.LUT; ISETP.NE.U32.AND.EX; FSEL x2: fp64 1, sfu 1, alu 5.
  Counts Want64 = expand(OpFamily::Div, OpType::F64);
  Want64["fp64"] += 1;
  Want64["sfu"] += 1;
  Want64["alu"] += 5;
  EXPECT_EQ(expand(OpFamily::FloatRem, OpType::F64), Want64);
}

TEST(InstructionCosts, HalfIsComputedInF32BetweenConversions) {
  // The NVPTX back end promotes f16 fdiv: cvt.f32.f16 x2, div.rn.f32,
  // cvt.rn.f16.f32 (llc 22, `fdiv half`): HADD2.F32 R6, -RZ, R4.H0_H0;
  // HADD2.F32 R7, -RZ, R2.H0_H0 (fp16 2) and F2FP.PACK_AB R0, RZ, R0
  // (alu 1) around the division's MUFU.RCP, FCHK, FFMA x5.
  Counts Want = expand(OpFamily::Div, OpType::F32);
  Want["fp16"] += 2;
  Want["alu"] += 1;
  EXPECT_EQ(expand(OpFamily::Div, OpType::F16), Want);
}

TEST(InstructionCosts, MissingPrecisionFallsBackToTheNearestRow) {
  // sin.approx.ftz.f32 has no row of its own: the .approx one.
  EXPECT_EQ(expand(OpFamily::SinCos, OpType::F32, OpPrecision::ApproxFtz),
            expand(OpFamily::SinCos, OpType::F32, OpPrecision::Approx));
}

// Transactions: lane i reads AccessBytes at base + i * stride; a sector is
// the GPU model's transaction_bytes (32 on sm_70+, CUDA C++ Programming
// Guide, "Device Memory Accesses").
TEST(InstructionCosts, CoalescedWarpSpansFourSectors) {
  MemoryGeometry G;                             // 32-byte sectors, 32 lanes
  EXPECT_EQ(transactionsPerWarp(4, 4, G), 4.0); // 128 bytes
}

TEST(InstructionCosts, StrideOfTwoElementsSpansEightSectors) {
  MemoryGeometry G;
  EXPECT_EQ(transactionsPerWarp(8, 4, G), 8.0); // 31 * 8 + 4 = 252 bytes
}

TEST(InstructionCosts, StrideOfASectorGivesOnePerLane) {
  MemoryGeometry G;
  EXPECT_EQ(transactionsPerWarp(32, 4, G), 32.0);
  EXPECT_EQ(transactionsPerWarp(4096, 4, G), 32.0);
  EXPECT_EQ(transactionsPerWarp(-4096, 8, G), 32.0);
}

TEST(InstructionCosts, SectorSizeComesFromTheGpuModel) {
  GpuModel Gpu;
  Gpu.TransactionBytes = 64; // a GT200-style segment
  MemoryGeometry G = memoryGeometry(Gpu);
  EXPECT_EQ(G.SectorBytes, 64.0);
  EXPECT_EQ(transactionsPerWarp(8, 4, G), 4.0); // 252 bytes / 64
}

TEST(InstructionCosts, WideAccessesNeedSeveralSectorsPerLane) {
  MemoryGeometry G;
  // A 64-byte stride of 16-byte vectors: one sector per lane.
  EXPECT_EQ(transactionsPerWarp(64, 16, G), 32.0);
  // Unanalysable 16-byte accesses: one sector per lane; 64-byte ones: two.
  EXPECT_EQ(unanalysableTransactionsPerWarp(16, G), 32.0);
  EXPECT_EQ(unanalysableTransactionsPerWarp(64, G), 64.0);
}

TEST(InstructionCosts, UnanalysableAddressIsOneSectorPerLane) {
  MemoryGeometry G;
  EXPECT_EQ(unanalysableTransactionsPerWarp(4, G), 32.0);
  G.WarpSize = 16;
  EXPECT_EQ(unanalysableTransactionsPerWarp(4, G), 16.0);
}

// Integer and address arithmetic: SASS of `ptxas -arch=sm_80` (CUDA 13) for
// a kernel holding only the operation between ld.global and st.global, read
// with `cuobjdump -sass` (bench/counts.py reproduces these kernels' SASS).
TEST(InstructionCosts, Add64IsTwoInstructions) {
  // add.s64 %rd7, %rd5, %rd6 -> IADD3 R4, P0, R4, R6, RZ;
  //                             IADD3.X R5, R5, R7, RZ, P0, !PT.
  EXPECT_EQ(integerAddInstructions(64), 2.0);
  // add.s32 -> IADD3.
  EXPECT_EQ(integerAddInstructions(32), 1.0);
}

TEST(InstructionCosts, AccessOffsetIsSigned24Bits) {
  // ptxas -arch=sm_80 (CUDA 13) of ld.global.b32 [%rd2+OFF]:
  // OFF = 8388604 -> LDG.E R5, [R2.64+0x7ffffc] (no add);
  // OFF = -8388608 -> LDG.E R5, [R2.64+-0x800000] (no add);
  // OFF = 8388608 -> UIADD3 + UIADD3.X of 0x1000000, LDG.E [R2.64+-0x800000];
  // OFF = -8388612 -> UIADD3 + UIADD3.X of -0x1000000, then the load.
  EXPECT_TRUE(offsetFoldsIntoAccess(8388604));
  EXPECT_TRUE(offsetFoldsIntoAccess(-8388608));
  EXPECT_FALSE(offsetFoldsIntoAccess(8388608));
  EXPECT_FALSE(offsetFoldsIntoAccess(-8388612));
}

TEST(InstructionCosts, WideMultiplyAddIsOneImadWide) {
  // mul.wide.s32 %rd6, %r1, 4; add.s64 %rd7, %rd5, %rd6 (register base)
  // -> IMAD.WIDE R4, R7, 0x4, R4.
  EXPECT_EQ(units(wideMultiplyAdd(true, false)), (Counts{{"int", 1}}));
}

TEST(InstructionCosts, WideMultiplyAddOfAParameterMovesTheScale) {
  // mul.wide.s32 %rd6, %r1, 4; add.s64 %rd7, %rd4, %rd6 with %rd4 the
  // kernel parameter -> HFMA2.MMA R3, -RZ, RZ, 0, 2.38e-07 (the 4);
  //                     IMAD.WIDE R2, R2, R3, c[0x0][0x168].
  EXPECT_EQ(units(wideMultiplyAdd(true, true)),
            (Counts{{"int", 1}, {"alu", 1}}));
}

// ld.shared.f32 at [%r4], [%r4+4], [%r4+8], [%r4+12] with
// %r4 = tile + (%tid.x << k), `tile` a static .shared array.
TEST(InstructionCosts, FourSharedLoadsOfAnAlignedBaseAreOneLds128) {
  // k = 4 (16-byte aligned) -> LDS.128 R4, [R5.X16].
  EXPECT_EQ(sharedLoadInstructions({0, 4, 8, 12}, 4, 16), 1.0);
  // Only the first three: still LDS.128 R4, [R4.X16].
  EXPECT_EQ(sharedLoadInstructions({0, 4, 8}, 4, 16), 1.0);
}

TEST(InstructionCosts, SharedLoadsOfAnEightByteAlignedBaseAreLds64) {
  // k = 3 -> LDS.64 R2, [R6.X8]; LDS.64 R4, [R6.X8+0x8].
  EXPECT_EQ(sharedLoadInstructions({0, 4, 8, 12}, 4, 8), 2.0);
}

TEST(InstructionCosts, SharedLoadsOfAWordAlignedBaseStayScalar) {
  // k = 2 -> LDS R0, [R4.X4]; LDS R3, [R4.X4+0x4]; ... (four LDS).
  EXPECT_EQ(sharedLoadInstructions({0, 4, 8, 12}, 4, 4), 4.0);
}

// The fully unrolled 15x15 stencil of benchmark_hub's convolution_milo
// (tile_size_y 2): output rows yi = 0 and 1 read input rows ty + yi + i, so
// row r is read by (yi 0, i r) and (yi 1, i r - 1), both at the byte offset
// r * 4 * width from one word-aligned base. clang's PTX of it has one
// ld.shared per distinct offset (960 of the IR's 1800 loads for tile 4x2);
// so has nvcc's. Here: rows 0..2 of one column read twice each except the
// ends -> 3 LDS for 4 loads; 16-byte aligned, offsets {0, 0, 4} -> 1 LDS.
TEST(InstructionCosts, SharedLoadsOfOneAddressAreOneLds) {
  EXPECT_EQ(sharedLoadInstructions({0, 2616, 2616, 5232}, 4, 4), 3.0);
  EXPECT_EQ(sharedLoadInstructions({0, 0, 4}, 4, 16), 1.0);
  // A straddling load read twice is one LDS of its own: 8-byte loads at
  // +12 (across the 16-byte windows [0,16) and [16,32)) twice.
  EXPECT_EQ(sharedLoadInstructions({12, 12}, 8, 16), 1.0);
}

TEST(InstructionCosts, SharedLoadsInTwoWindowsAreTwoLds) {
  // %rd6 = tile + %tid.x * 64, loads at +0..+12 and +20
  // -> LDS.128 R4, [R0]; LDS R8, [R0+0x14].
  EXPECT_EQ(sharedLoadInstructions({0, 4, 8, 12, 20}, 4, 64), 2.0);
}

TEST(InstructionCosts, ParameterReadsAndGlobalConversionsAreFree) {
  // ld.param.u64 %rd2, [p1]; cvta.to.global.u64 %rd4, %rd2; mul.wide.s32;
  // add.s64 %rd7, %rd4, %rd6 -> IMAD.WIDE R2, R2, R3, c[0x0][0x168]: the
  // parameter is read from the constant bank by the IMAD.WIDE itself, and
  // nothing is emitted for the cvta.
  EXPECT_EQ(ParameterReadInstructions, 0.0);
  EXPECT_EQ(GlobalAddressConversionInstructions, 0.0);
}

// Division by an immediate (GPA_IMMEDIATE_DIVISOR): the SASS `ptxas
// -arch=sm_80` (CUDA 13) emits for a kernel holding only `div.rn.f32 %f2,
// %f1, 0fXXXXXXXX` between an ld.global and an st.global (fast path; the
// slow-path subroutine behind FCHK is not executed for normal operands).
namespace {
OpFacts byImmediate(OpFacts F) {
  F.DivisorIsImmediate = true;
  return F;
}
} // namespace

TEST(InstructionCosts, DivRnF32ByAnImmediateHasNoMufu) {
  // div.rn.f32 %f2, %f1, 0f40400000 (3.0) -> IMAD.MOV.U32 R5, RZ, RZ,
  // 0x3eaaaaab; BSSY B1; IMAD.MOV.U32 R0, RZ, RZ, 0x40400000; FFMA R0, R5,
  // -R0, 1; FFMA R5, R0, R5, 0.333; FCHK P0, R4, 3; FFMA R0, R4, R5, RZ;
  // FFMA R6, R0, -3, R4; FFMA R5, R5, R6, R0; @!P0 BRA; BSYNC B1.
  // 0f40000000, 0f41200000 and 0f3DCCCCCD give the same sequence.
  EXPECT_EQ(units(expandOp(byImmediate({OpFamily::Div, OpType::F32}))),
            (Counts{{"fp", 6}, {"alu", 2}, {"other", 3}}));
}

TEST(InstructionCosts, RegisterDivisorKeepsTheRcp) {
  // div.rn.f32 %f2, %f1, %f3 -> BSSY; MUFU.RCP R0, R5; FCHK; FFMA x5;
  // @!P0 BRA; BSYNC: the same as with the immediate, MUFU for the moves.
  Counts Reg = expand(OpFamily::Div, OpType::F32);
  Counts Imm = units(expandOp(byImmediate({OpFamily::Div, OpType::F32})));
  EXPECT_EQ(Reg["sfu"], 1);
  EXPECT_EQ(Imm["sfu"], 0);
  EXPECT_EQ(Reg["fp"], Imm["fp"]);
}

TEST(InstructionCosts, OnlyDivRnF32HasAnImmediateDivisorRow) {
  // Other precisions and types were not measured: their own rows.
  OpFacts Approx{OpFamily::Div, OpType::F32, OpPrecision::Approx};
  EXPECT_EQ(units(expandOp(byImmediate(Approx))), units(expandOp(Approx)));
  OpFacts F64{OpFamily::Div, OpType::F64};
  EXPECT_EQ(units(expandOp(byImmediate(F64))), units(expandOp(F64)));
  OpFacts F16{OpFamily::Div, OpType::F16};
  EXPECT_EQ(units(expandOp(byImmediate(F16))), units(expandOp(F16)));
}

// 64-bit adds whose value only addresses shared memory (OpFacts::
// OnlyAddressesShared, AddsSharedVariable): the SASS `ptxas -arch=sm_80`
// (CUDA 13) emits for small hand-written PTX kernels, read with `cuobjdump
// -sass` and mapped to units by bench/sass_units.py (IADD3 and UIADD3 are
// both int); the comments quote the PTX and its SASS.
namespace {
Counts add(OpType T, bool OnlyAddressesShared, bool AddsSharedVariable) {
  OpFacts F{OpFamily::IntAdd, T};
  F.OnlyAddressesShared = OnlyAddressesShared;
  F.AddsSharedVariable = AddsSharedVariable;
  return units(expandOp(F));
}
} // namespace

TEST(InstructionCosts, GlobalAddressAddIsAPair) {
  // add.s64 %rd7, %rd2, %rd3; st.global.f32 [%rd7], %f1 ->
  //   IADD3 R2, P0, R2, c[0x0][0x160], RZ;
  //   IADD3.X R3, R3, c[0x0][0x164], RZ, P0, !PT.
  EXPECT_EQ(add(OpType::S64, false, false), (Counts{{"int", 2}}));
  // A shared variable's address added to something that is no shared
  // address only: still the pair.
  EXPECT_EQ(add(OpType::S64, false, true), (Counts{{"int", 2}}));
}

TEST(InstructionCosts, SharedLoopPointersAreOne32BitAdd) {
  // A loop over `ld.shared.f32 %f2, [%rd5]; ld.shared.f32 %f3, [%rd6]`
  // with %rd5 = sh + tid.x * 4 and %rd6 = sh + 64:
  //   add.s64 %rd5, %rd5, 8   -> IADD3 R7, R7, 0x8, RZ
  //   add.s64 %rd6, %rd6, 128 -> UIADD3 UR6, UR6, 0x80, URZ
  // (the same in Rodinia lud_diagonal's inner loop).
  EXPECT_EQ(add(OpType::S64, true, false), (Counts{{"int", 1}}));
}

TEST(InstructionCosts, AddingASharedVariableFoldsIntoTheOffset) {
  // .shared sa[4096], sb[4096]; mov.u64 %rd4, sb;
  // mul.wide.u32 %rd5, %r4, 4; add.s64 %rd7, %rd4, %rd5;
  // ld.shared.f32 %f2, [%rd7] -> SHF.L.U32 R2, R2, 0x2, RZ;
  //                             LDS R4, [R2+0x1000]: no add.
  EXPECT_EQ(add(OpType::S64, true, true), Counts{});
}

TEST(InstructionCosts, NarrowAddsStayOneInstruction) {
  // add.s32 -> IADD3, wherever its value goes.
  EXPECT_EQ(add(OpType::S32, false, false), (Counts{{"int", 1}}));
  EXPECT_EQ(add(OpType::S32, true, false), (Counts{{"int", 1}}));
}

// FLOPs as Nsight Compute counts them (gpa/FlopCounts.h): the FADD/FMUL
// (1) and FFMA (2) of the SASS quoted in the tests above, DADD/DMUL/DFMA
// likewise for FP64, predicated-on only for normal operands; FCHK, MUFU,
// FSETP and FMNMX none.
namespace {
std::pair<double, double> flops(OpFamily F, OpType T,
                                OpPrecision P = OpPrecision::Ieee) {
  FlopCounts C = expandFlops({F, T, P});
  return {C.Fp32, C.Fp64};
}
using Flops = std::pair<double, double>;
} // namespace

TEST(InstructionCostsFlops, DivisionsCountTheirNewtonStepsAsFmas) {
  // div.rn.f32: MUFU.RCP; FCHK; FFMA x5 -> 5 x 2 (FCHK is no FLOP).
  EXPECT_EQ(flops(OpFamily::Div, OpType::F32), Flops(10, 0));
  // div.full.f32: @P0 FMUL x2 and @!P1 FMUL x2 scale operands beyond
  // 2^126 or below 2^-126, off for normal ones; MUFU.RCP; FMUL -> 1.
  EXPECT_EQ(flops(OpFamily::Div, OpType::F32, OpPrecision::Full), Flops(1, 0));
  // div.approx.f32: @!P0 FMUL x2 (off); MUFU.RCP; FMUL -> 1.
  EXPECT_EQ(flops(OpFamily::Div, OpType::F32, OpPrecision::Approx),
            Flops(1, 0));
  // div.approx.ftz.f32: MUFU.RCP; FMUL.FTZ -> 1.
  EXPECT_EQ(flops(OpFamily::Div, OpType::F32, OpPrecision::ApproxFtz),
            Flops(1, 0));
  // div.rn.f64: DFMA x7, DMUL -> 15 FP64; the FFMA on the exponent word
  // -> 2 FP32 (gpuFLOPBench's burger `core`, all FP64 source, measures 8
  // FP32 FLOPs per thread: its four divisions).
  EXPECT_EQ(flops(OpFamily::Div, OpType::F64), Flops(2, 15));
  // div.rn.f32 by an immediate: FFMA x5, FCHK -> 10.
  OpFacts Imm{OpFamily::Div, OpType::F32};
  Imm.DivisorIsImmediate = true;
  EXPECT_EQ(expandFlops(Imm).Fp32, 10);
}

TEST(InstructionCostsFlops, ReciprocalsAndRoots) {
  // rcp.rn.f32: FFMA; FADD.FTZ; FFMA -> 2 + 1 + 2.
  EXPECT_EQ(flops(OpFamily::Rcp, OpType::F32), Flops(5, 0));
  // rcp.approx.f32: FMUL; MUFU.RCP; FMUL (not predicated) -> 2.
  EXPECT_EQ(flops(OpFamily::Rcp, OpType::F32, OpPrecision::Approx),
            Flops(2, 0));
  // rcp.rn.f64: DFMA x5 -> 10.
  EXPECT_EQ(flops(OpFamily::Rcp, OpType::F64), Flops(0, 10));
  // sqrt.rn.f32: FMUL.FTZ x2; FFMA x2 -> 2 + 4.
  EXPECT_EQ(flops(OpFamily::Sqrt, OpType::F32), Flops(6, 0));
  // sqrt.approx.f32: @!P0 FMUL (off); MUFU.SQRT; @!P0 FMUL (off) -> 0.
  EXPECT_EQ(flops(OpFamily::Sqrt, OpType::F32, OpPrecision::Approx),
            Flops(0, 0));
  // sqrt.rn.f64: DMUL x3; DFMA x5 -> 3 + 10.
  EXPECT_EQ(flops(OpFamily::Sqrt, OpType::F64), Flops(0, 13));
  // rsqrt.approx.f64: DMUL x2; DFMA x3 -> 2 + 6.
  EXPECT_EQ(flops(OpFamily::Rsqrt, OpType::F64, OpPrecision::Approx),
            Flops(0, 8));
}

TEST(InstructionCostsFlops, TranscendentalsAndFmas) {
  // ex2/lg2.approx.f32: only predicated-off FMUL/FADD beside the MUFU.
  EXPECT_EQ(flops(OpFamily::Ex2, OpType::F32, OpPrecision::Approx),
            Flops(0, 0));
  EXPECT_EQ(flops(OpFamily::Lg2, OpType::F32, OpPrecision::Approx),
            Flops(0, 0));
  // sin.approx.f32: FMUL.RZ; MUFU.SIN -> 1.
  EXPECT_EQ(flops(OpFamily::SinCos, OpType::F32, OpPrecision::Approx),
            Flops(1, 0));
  // fma.rn.f32 -> FFMA, fma.rn.f64 -> DFMA: 2 each; an f16 fma is HFMA2,
  // no FP32 operation.
  EXPECT_EQ(flops(OpFamily::Fma, OpType::F32), Flops(2, 0));
  EXPECT_EQ(flops(OpFamily::Fma, OpType::F64), Flops(0, 2));
  EXPECT_EQ(flops(OpFamily::Fma, OpType::F16), Flops(0, 0));
  // Integer division: no FP operation.
  EXPECT_EQ(flops(OpFamily::IntDiv, OpType::S32), Flops(0, 0));
}

TEST(InstructionCostsFlops, RemaindersConversionsAndHalves) {
  // frem: the division, then @P0 FFMA R3, R0, -R6, R3 -> division + 2.
  EXPECT_EQ(flops(OpFamily::FloatRem, OpType::F32), Flops(12, 0));
  EXPECT_EQ(flops(OpFamily::FloatRem, OpType::F64), Flops(2, 17));
  // cvt.sat.f32.f32 -> FADD.SAT: 1; cvt.rn.f32.f64 -> F2F: none.
  OpFacts Sat{OpFamily::Convert, OpType::F32};
  Sat.Saturate = true;
  EXPECT_EQ(expandFlops(Sat).Fp32, 1);
  OpFacts Narrow{OpFamily::Convert, OpType::F32};
  Narrow.From = OpType::F64;
  EXPECT_EQ(expandFlops(Narrow), FlopCounts());
  // fdiv half: HADD2.F32 x2 around div.rn.f32's FFMA x5 -> 10.
  EXPECT_EQ(flops(OpFamily::Div, OpType::F16), Flops(10, 0));
}
