//===- InstructionCosts.h - One cost model for both front-ends -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR front-end (frontends/ir/) and the PTX front-end (frontends/ptx/)
// report facts about an operation (family, type, precision; for memory: stride,
// access size) and ask this file what the GPU executes for it: the SASS units
// of an expanded operation (InstructionCosts.def) and the memory transactions
// of one warp's access (from the GPU model's sector size and warp size).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_INSTRUCTIONCOSTS_H
#define GPA_INSTRUCTIONCOSTS_H

#include "gpa/FlopCounts.h"
#include "gpa/Units.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpa {

struct GpuModel;

/// N dynamic instructions on unit U.
struct UnitCount {
  Unit U;
  double N;
};
using UnitCountList = std::vector<UnitCount>;

/// Operations whose cost is more than one instruction on one unit, or that
/// both front-ends must agree on.
enum class OpFamily {
  Div,      // floating-point division
  Rcp,      // reciprocal
  Sqrt,     // square root
  Rsqrt,    // reciprocal square root
  Ex2,      // 2^x
  Lg2,      // log2(x)
  SinCos,   // sin / cos
  Tanh,     // tanh
  FloatRem, // fmod: division, truncation, fma, inf test and select
  IntDiv,   // integer division
  IntRem,   // integer remainder
  Fma,      // fused multiply-add (also what fp contraction produces)
  IntAdd,   // integer add/sub: IADD3, or an IADD3 + IADD3.X pair for 64 bits
  Convert,  // cvt: between integer and float types, float widths, integer
            // widths, or a float rounded to an integral value
};

/// Value types. The 8- and 16-bit integers and bf16 only matter to
/// conversions (other operations on them run in 32-bit registers).
enum class OpType { S32, U32, S64, U64, F16, F32, F64, S8, U8, S16, U16, BF16 };

/// PTX rounding/approximation: div.rn / sqrt.rn (Ieee), div.full (Full),
/// .approx (Approx) and .approx.ftz (ApproxFtz).
enum class OpPrecision { Ieee, Full, Approx, ApproxFtz };

struct OpFacts {
  OpFamily Family;
  OpType Type; ///< the result's type (Convert: the destination)
  OpPrecision Precision = OpPrecision::Ieee;
  /// Convert only: the source type (cvt.<Type>.<From>).
  OpType From = OpType::F32;
  /// Convert only, From == Type a float: rounds to an integral value
  /// (cvt.rni/rzi/rmi/rpi.f32.f32; llvm.rint/trunc/floor/ceil).
  bool RoundsToInteger = false;
  /// Convert only: .sat, clamps to the destination's range.
  bool Saturate = false;
  /// Div only: the divisor is an immediate (PTX `div.rn.f32 %f2, %f1,
  /// 0f40400000`; IR `fdiv float %x, 3.0`, which clang keeps when the
  /// constant is no power of two): the GPA_IMMEDIATE_DIVISOR row.
  bool DivisorIsImmediate = false;
  /// Div only: the divisor is a kernel parameter, which ptxas reads from
  /// the constant bank (c[0x0][...]). An IEEE division (div.rn) spends its
  /// first Newton step's one immediate/constant-bank operand slot on the 1
  /// (`FFMA r', r, -d, 1` / `DFMA r', r, -d, 1`), so ptxas copies the
  /// divisor into registers before every such division, one IMAD.MOV per
  /// 32-bit word: 1 alu for f32, 2 for f64 (the register pair), inside a
  /// loop on every iteration (SASS of bench/kernels rodinia_like.cu relax64
  /// and hotspot_like.cu). Nothing for other precisions.
  bool DivisorIsParameter = false;
  /// IntAdd only: every use of the value, directly or through further such
  /// adds (a pointer incremented in a loop included), is the address of a
  /// shared-memory load, store or atomic, or a truncation to 32 bits or
  /// fewer (LSR's byte offset that also feeds the loop's exit test:
  /// `add.s64 %rd15, %rd15, 4; cvt.u32.u64 %r7, %rd15` beside shared
  /// addresses is `UIADD3 UR4, UR4, 0x4, URZ`). Shared memory is a 32-bit
  /// window (LDS/STS/ATOMS take a 32-bit register plus an immediate), so
  /// ptxas computes such a value in 32 bits: one IADD3/UIADD3 (Rodinia
  /// lud_diagonal's loop pointers `add.s64 %rd68, %rd68, 8` / `add.s64
  /// %rd67, %rd67, 128` are `IADD3 R37, R37, 0x8, RZ` / `UIADD3 UR6, UR6,
  /// 0x80, URZ`; bench/sass_units.py counts the uniform datapath's integer
  /// arithmetic as int too).
  bool OnlyAddressesShared = false;
  /// IntAdd with OnlyAddressesShared: one operand is a shared variable's
  /// address and the other is not a constant. The variable's place in the
  /// window is a constant that ptxas folds into the access's [reg+imm]
  /// offset: no instruction (`mov.u64 %rd4, sb; add.s64 %rd7, %rd4, %rd5;
  /// ld.shared.f32 %f2, [%rd7]` is `LDS R4, [R2+0x1000]`, sb at 0x1000).
  bool AddsSharedVariable = false;
};

/// The units the GPU executes for \p F (InstructionCosts.def). f16 forms
/// are computed in f32 between conversions (as the NVPTX back end promotes
/// them); 64-bit integer remainder uses the 64-bit division row; a
/// precision without a row of its own falls back to the nearest one
/// (ApproxFtz -> Approx -> Full -> Ieee). A conversion is one row of
/// GPA_CONVERSION, chosen by conversionKind(). A division by an immediate
/// is its GPA_IMMEDIATE_DIVISOR row where there is one (of exactly its
/// type and precision: others were not measured), and an IEEE f32/f64
/// division by a kernel parameter adds the divisor's copies. An integer
/// add that only addresses shared memory is the 32-bit row, or nothing
/// when it adds a shared variable's address (OpFacts).
UnitCountList expandOp(const OpFacts &F);

/// The FP32 and FP64 operations of expandOp(F) as Nsight Compute counts
/// them (gpa/FlopCounts.h; the Flop columns of InstructionCosts.def): an
/// FFMA 2, FADD/FMUL 1, predicated-off and other FP instructions none. A
/// conversion's FLOPs are its FADDs (cvt.sat/.ftz.f32.f32); half-precision
/// FMAs (HFMA2) are none; an operation without a row is one FLOP of its
/// type, as it is one instruction.
FlopCounts expandFlops(const OpFacts &F);

/// What ptxas makes of one cvt on sm_80 (the GPA_CONVERSION rows of
/// InstructionCosts.def).
enum class ConversionKind {
#define GPA_CONVERSION(Kind, Sfu, Fp, Fp16, Alu) Kind,
#include "gpa/InstructionCosts.def"
};

/// The kind of the conversion \p F (Family == Convert) from its source
/// and destination types and its rounding and saturation.
ConversionKind conversionKind(const OpFacts &F);

/// sin.approx.f32 and cos.approx.f32 of one operand share their range
/// reduction: ptxas emits one FMUL.RZ (x * 1/2pi) that both MUFU.SIN and
/// MUFU.COS read, so the second of the pair is its MUFU alone (SASS of
/// examples/cuda/sfu_heavy.cu, `__sinf(X) * __cosf(X)`).
UnitCountList sinCosSharingReduction();

/// Integer add/sub/neg of \p Bits bits, nothing else known about it: the
/// int instructions of expandOp's IntAdd rows (one IADD3 up to 32 bits; a
/// 64-bit one is IADD3 + IADD3.X).
double integerAddInstructions(unsigned Bits);

/// A 64-bit add of a 32x32->64 widening product (PTX mul.wide + add.s64;
/// a GEP with one variable index) is one IMAD.WIDE: the add is free.
/// IMAD.WIDE has one operand slot for an immediate or a constant-bank
/// value: with an immediate scale and a kernel-parameter base (c[0x0][...])
/// both, ptxas first moves the scale into a register, one ALU instruction.
UnitCountList wideMultiplyAdd(bool ImmediateScale, bool ParameterBase);

/// The byte offset a global/shared/local access encodes itself: SASS
/// LDG/STG/LDS/STS/LDL/STL carry a signed 24-bit immediate ([R2.64+imm]),
/// so an address at a constant distance in [-2^23, 2^23) from one already
/// in a register costs no instruction (ptxas for sm_80: ld.global
/// [%rd2+8388604] -> LDG.E [R2.64+0x7ffffc]; [%rd2+8388608] first adds
/// 0x1000000 with UIADD3 + UIADD3.X, then LDG.E [R2.64+-0x800000]).
constexpr bool offsetFoldsIntoAccess(long long OffsetBytes) {
  return OffsetBytes >= -(1LL << 23) && OffsetBytes < (1LL << 23);
}

/// A 32-bit integer multiply whose only use is an add is one IMAD with it
/// (PTX mad.lo.s32; `blockIdx.x * blockDim.x + threadIdx.x` is
/// `IMAD R0, R0, c[0x0][0x0], R3`): the multiply costs nothing of its own.
constexpr double FusedIntegerMultiplyInstructions = 0;

/// Predicate logic folds into the compares that feed it: ISETP/FSETP/DSETP
/// combine their comparison with one predicate operand (AND/OR/XOR), and
/// every predicate operand can be negated. An and/or/xor of two predicates
/// whose one operand is a compare used only there costs nothing (the
/// compare becomes ISETP.<cmp>.AND/OR/XOR), nor does an and whose only
/// use is a branch condition (`@P0 BRA P1, target` / `@P1 EXIT P0` take two
/// predicates); otherwise it is one PLOP3. `not` of a predicate costs
/// nothing (`@!P0`, `!P2`). hotspot_like.cu's
/// `Row >= 0 && Row < Rows && Col >= 0 && Col < Cols` (4 setp, 3 and.pred)
/// is ISETP.GT.AND P0, PT, R3, c[0x0][0x17c], PT; ISETP.GT.AND P0, PT, R0,
/// -0x1, !P0; ISETP.LT.AND P0, PT, R0, c[0x0][0x178], P0; ISETP.NE.U32.AND
/// P0, PT, R3, RZ, P0: four instructions.
struct PredicateLogicFacts {
  enum class Op { Not, And, Or, Xor } Kind;
  /// One operand is a compare whose only use is this operation.
  bool OperandIsSoleUseCompare = false;
  /// The result's only use is a conditional branch.
  bool OnlyFeedsBranch = false;
};

/// Alu instructions for one predicate (i1) operation, as above: 0 where
/// ptxas folds it, else 1 (PLOP3).
double predicateLogicInstructions(const PredicateLogicFacts &F);

/// A kernel parameter read (ld.param) is a constant-bank operand of the
/// instruction that uses it, and cvta.to.global is the identity on sm_70+:
/// no instruction for either.
constexpr double ParameterReadInstructions = 0;
constexpr double GlobalAddressConversionInstructions = 0;

/// Shared-memory loads of one base address at constant byte offsets, with
/// no shared store or barrier between them: ptxas merges the loads that fall
/// in one aligned window of min(16, base alignment) bytes into one LDS.64 /
/// LDS.128. Returns the LDS instructions the group executes; one per load
/// when the base is not aligned beyond the access size.
double sharedLoadInstructions(const std::vector<std::int64_t> &OffsetsBytes,
                              std::uint64_t AccessBytes,
                              std::uint64_t BaseAlignBytes);

/// What shapes a warp's memory access: the GPU model's sector
/// (`transaction_bytes`) and warp size.
struct MemoryGeometry {
  double SectorBytes = 32;
  unsigned WarpSize = 32;
};
MemoryGeometry memoryGeometry(const GpuModel &Gpu);

/// Sectors one warp touches when lane i accesses AccessBytes bytes at
/// base + i * StrideBytes (base sector-aligned): the span of the warp,
/// ((WarpSize - 1) * |stride| + bytes) / sector rounded up, and never more
/// than every lane's own sectors.
double transactionsPerWarp(std::int64_t StrideBytes, std::uint64_t AccessBytes,
                           const MemoryGeometry &G);

/// The single policy for an address neither front-end can analyse (a
/// gather, a run-time stride, a value not affine in the lane id): counted
/// as uncoalesced with every lane in sectors of its own, the conservative
/// end of transactionsPerWarp, and reported as an assumption.
double unanalysableTransactionsPerWarp(std::uint64_t AccessBytes,
                                       const MemoryGeometry &G);

} // namespace gpa

#endif
