//===- InstructionCosts.cpp - One cost model for both front-ends ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/InstructionCosts.h"
#include "gpa/GpuModel.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <set>

namespace gpa {

namespace {
struct ExpansionRow {
  OpFamily Family;
  OpType Type;
  OpPrecision Precision;
  double Sfu, Fp, Fp64, Int, Alu, Other;
  double Flop, Flop64; // Nsight's FLOPs of those instructions (FlopCounts.h)
};

// One initialiser for both tables' rows (GPA_EXPANSION, GPA_IMMEDIATE_DIVISOR).
#define GPA_EXPANSION_ROW(Family, Type, Precision, Sfu, Fp, Fp64, Int, Alu,    \
                          Other, Flop, Flop64)                                 \
  {OpFamily::Family,                                                           \
   OpType::Type,                                                               \
   OpPrecision::Precision,                                                     \
   Sfu,                                                                        \
   Fp,                                                                         \
   Fp64,                                                                       \
   Int,                                                                        \
   Alu,                                                                        \
   Other,                                                                      \
   Flop,                                                                       \
   Flop64},

const ExpansionRow Expansions[] = {
#define GPA_EXPANSION(...) GPA_EXPANSION_ROW(__VA_ARGS__)
#include "gpa/InstructionCosts.def"
};

const ExpansionRow ImmediateDivisors[] = {
#define GPA_IMMEDIATE_DIVISOR(...) GPA_EXPANSION_ROW(__VA_ARGS__)
#include "gpa/InstructionCosts.def"
};
#undef GPA_EXPANSION_ROW

struct ConversionRow {
  ConversionKind Kind;
  double Sfu, Fp, Fp16, Alu;
};

const ConversionRow Conversions[] = {
#define GPA_CONVERSION(Kind, Sfu, Fp, Fp16, Alu)                               \
  {ConversionKind::Kind, Sfu, Fp, Fp16, Alu},
#include "gpa/InstructionCosts.def"
};

template <std::size_t N>
const ExpansionRow *findIn(const ExpansionRow (&Rows)[N], OpFamily F, OpType T,
                           OpPrecision P) {
  for (const ExpansionRow &R : Rows)
    if (R.Family == F && R.Type == T && R.Precision == P)
      return &R;
  return nullptr;
}

const ExpansionRow *findRow(OpFamily F, OpType T, OpPrecision P) {
  return findIn(Expansions, F, T, P);
}

/// The row for (F, T) at precision P or the nearest coarser one.
const ExpansionRow *findNearest(OpFamily F, OpType T, OpPrecision P) {
  static const OpPrecision Order[] = {OpPrecision::ApproxFtz,
                                      OpPrecision::Approx, OpPrecision::Full,
                                      OpPrecision::Ieee};
  bool Started = false;
  for (OpPrecision Q : Order) {
    Started |= Q == P;
    if (Started)
      if (const ExpansionRow *R = findRow(F, T, Q))
        return R;
  }
  // No row at P or coarser (sqrt.approx.f64 does not exist): the finer one.
  for (OpPrecision Q : Order)
    if (const ExpansionRow *R = findRow(F, T, Q))
      return R;
  return nullptr;
}

void add(UnitCountList &Out, Unit U, double N) {
  if (N == 0)
    return;
  for (UnitCount &C : Out)
    if (C.U == U) {
      C.N += N;
      return;
    }
  Out.push_back({U, N});
}

void addRow(UnitCountList &Out, const ExpansionRow &R) {
  add(Out, Unit::Sfu, R.Sfu);
  add(Out, Unit::Fp, R.Fp);
  add(Out, Unit::Fp64, R.Fp64);
  add(Out, Unit::Int, R.Int);
  add(Out, Unit::Alu, R.Alu);
  add(Out, Unit::Other, R.Other);
}

unsigned operandCount(OpFamily F) {
  switch (F) {
  case OpFamily::Div:
  case OpFamily::FloatRem:
  case OpFamily::IntDiv:
  case OpFamily::IntRem:
    return 2;
  case OpFamily::Fma:
    return 3;
  default:
    return 1;
  }
}

bool isFloat(OpType T) {
  return T == OpType::F16 || T == OpType::BF16 || T == OpType::F32 ||
         T == OpType::F64;
}

unsigned integerBits(OpType T) {
  switch (T) {
  case OpType::S8:
  case OpType::U8:
    return 8;
  case OpType::S16:
  case OpType::U16:
    return 16;
  case OpType::S64:
  case OpType::U64:
    return 64;
  default:
    return 32;
  }
}

void addConversion(UnitCountList &Out, const OpFacts &F, double Times = 1) {
  ConversionKind K = conversionKind(F);
  for (const ConversionRow &R : Conversions)
    if (R.Kind == K) {
      add(Out, Unit::Sfu, Times * R.Sfu);
      add(Out, Unit::Fp, Times * R.Fp);
      add(Out, Unit::Fp16, Times * R.Fp16);
      add(Out, Unit::Alu, Times * R.Alu);
      return;
    }
}

OpFacts conversion(OpType To, OpType From) {
  OpFacts F{OpFamily::Convert, To};
  F.From = From;
  return F;
}

/// The copies of a kernel-parameter divisor (OpFacts::DivisorIsParameter):
/// one IMAD.MOV R, RZ, RZ, c[0x0][..] per 32-bit word of an IEEE division.
UnitCountList parameterDivisorCopies(const OpFacts &F) {
  if (!F.DivisorIsParameter || F.Family != OpFamily::Div ||
      F.Precision != OpPrecision::Ieee)
    return {};
  if (F.Type == OpType::F32)
    return {{Unit::Alu, 1}};
  if (F.Type == OpType::F64)
    return {{Unit::Alu, 2}}; // the register pair
  return {};
}

/// An integer add/sub (OpFacts::OnlyAddressesShared, AddsSharedVariable).
UnitCountList integerAdd(const OpFacts &F) {
  UnitCountList Out;
  if (F.OnlyAddressesShared && F.AddsSharedVariable)
    return Out; // folded into the LDS/STS immediate offset
  bool Wide = (F.Type == OpType::S64 || F.Type == OpType::U64) &&
              !F.OnlyAddressesShared; // a shared address is 32 bits
  addRow(Out, *findRow(OpFamily::IntAdd, Wide ? OpType::S64 : OpType::S32,
                       OpPrecision::Ieee));
  return Out;
}
} // namespace

ConversionKind conversionKind(const OpFacts &F) {
  using K = ConversionKind;
  OpType To = F.Type, From = F.From;
  bool FloatTo = isFloat(To), FloatFrom = isFloat(From);
  if (!FloatTo && !FloatFrom) {
    unsigned ToBits = integerBits(To), FromBits = integerBits(From);
    if (F.Saturate) {
      if (ToBits < 32)
        return K::IntSaturateNarrow;
      return FromBits > ToBits ? K::IntSaturate64To32 : K::IntSaturate32;
    }
    return ToBits > FromBits ? K::IntWiden : K::IntNarrow;
  }
  if (!FloatTo)
    return K::FloatToInt;
  if (!FloatFrom)
    return K::IntToFloat;
  if (To == From) {
    if (F.RoundsToInteger)
      return K::RoundToInteger;
    if (To == OpType::F16 || To == OpType::BF16)
      return K::HalfClamp;
    return To == OpType::F64 ? K::DoubleClamp : K::FloatClamp;
  }
  if (To == OpType::F64 || From == OpType::F64)
    return K::ToOrFromF64;
  if (To == OpType::F32)
    return From == OpType::BF16 ? K::BfloatToFloat : K::HalfToFloat;
  // To f16/bf16 from f32 (f16 <-> bf16 needs sm_90: one F2FP assumed).
  return K::FloatToHalf;
}

namespace {
/// expandOp without a parameter divisor's copies.
UnitCountList expandOperation(const OpFacts &F) {
  UnitCountList Out;
  OpType T = F.Type;
  if (F.Family == OpFamily::Convert) {
    addConversion(Out, F);
    return Out;
  }
  if (F.Family == OpFamily::IntAdd)
    return integerAdd(F);
  if (F.DivisorIsImmediate)
    if (const ExpansionRow *R =
            findIn(ImmediateDivisors, F.Family, F.Type, F.Precision)) {
      addRow(Out, *R);
      return Out;
    }
  if (T == OpType::F16 && F.Family == OpFamily::Fma) {
    add(Out, Unit::Fp16, 1); // HFMA2
    return Out;
  }
  if (T == OpType::F16 || T == OpType::BF16) {
    // Promoted: cvt.f32.f16 per operand, the f32 operation, cvt back.
    addConversion(Out, conversion(OpType::F32, T), operandCount(F.Family));
    addConversion(Out, conversion(T, OpType::F32));
    T = OpType::F32;
  }
  if (!isFloat(T)) {
    if (F.Family != OpFamily::IntDiv && F.Family != OpFamily::IntRem) {
      add(Out, Unit::Int, 1);
      return Out;
    }
    OpFamily Fam = F.Family;
    if (T == OpType::S64 || T == OpType::U64) {
      Fam = OpFamily::IntDiv; // one 64-bit division subroutine
      T = OpType::S64;
    }
    if (const ExpansionRow *R = findRow(Fam, T, OpPrecision::Ieee))
      addRow(Out, *R);
    return Out;
  }
  if (F.Family == OpFamily::FloatRem) {
    // x - trunc(x / y) * y, as the NVPTX back end lowers frem: div.rn,
    // cvt.rzi.fT.fT (FRND.TRUNC), fma (neg folds into it), testp.infinite
    // and selp: f32 LOP3 + ISETP (the selp becomes the FFMA's predicate);
    // f64 LOP3, ISETP.NE.U32 and ISETP...EX on the word pair, FSEL x2.
    addRow(Out, *findNearest(OpFamily::Div, T, OpPrecision::Ieee));
    OpFacts Trunc = conversion(T, T);
    Trunc.RoundsToInteger = true;
    addConversion(Out, Trunc);
    add(Out, T == OpType::F64 ? Unit::Fp64 : Unit::Fp, 1);
    add(Out, Unit::Alu, T == OpType::F64 ? 5 : 2);
    return Out;
  }
  if (const ExpansionRow *R = findNearest(F.Family, T, F.Precision)) {
    addRow(Out, *R);
    return Out;
  }
  // No row (e.g. ex2 on f64): one instruction on the type's unit.
  add(Out, T == OpType::F64 ? Unit::Fp64 : Unit::Fp, 1);
  return Out;
}
} // namespace

UnitCountList expandOp(const OpFacts &F) {
  UnitCountList Out = expandOperation(F);
  // Entries of their own after the division's (not merged into its alu).
  for (const UnitCount &C : parameterDivisorCopies(F))
    Out.push_back(C);
  return Out;
}

namespace {
/// A row's FLOPs (a division's parameter copies are moves: none).
FlopCounts flopsOfRow(const ExpansionRow &R) { return {R.Flop, R.Flop64}; }
} // namespace

FlopCounts expandFlops(const OpFacts &F) {
  OpType T = F.Type;
  if (F.Family == OpFamily::Convert) {
    // cvt.sat.f32.f32 / cvt.ftz.f32.f32 are FADD.SAT / FADD.FTZ: the
    // conversion's fp instructions are FADDs; no other kind has any.
    double Fp = 0;
    for (const UnitCount &C : expandOperation(F))
      if (C.U == Unit::Fp)
        Fp += C.N;
    return {Fp, 0};
  }
  if (F.Family == OpFamily::IntAdd || !isFloat(T))
    return {};
  if (F.DivisorIsImmediate)
    if (const ExpansionRow *R =
            findIn(ImmediateDivisors, F.Family, F.Type, F.Precision))
      return flopsOfRow(*R);
  if (T == OpType::F16 && F.Family == OpFamily::Fma)
    return {}; // HFMA2: a half-precision instruction, not FP32
  if (T == OpType::F16 || T == OpType::BF16)
    T = OpType::F32; // promoted: the f32 operation between conversions
  if (F.Family == OpFamily::FloatRem) {
    // The division, then the fma of x - trunc(x / y) * y (expandOperation).
    FlopCounts Out =
        flopsOfRow(*findNearest(OpFamily::Div, T, OpPrecision::Ieee));
    (T == OpType::F64 ? Out.Fp64 : Out.Fp32) += 2;
    return Out;
  }
  if (const ExpansionRow *R = findNearest(F.Family, T, F.Precision))
    return flopsOfRow(*R);
  // No row: one instruction on the type's unit, taken as one FADD/FMUL.
  return T == OpType::F64 ? FlopCounts{0, 1} : FlopCounts{1, 0};
}

UnitCountList sinCosSharingReduction() {
  return {{Unit::Sfu, 1}}; // MUFU.SIN or MUFU.COS; the FMUL.RZ is shared
}

double predicateLogicInstructions(const PredicateLogicFacts &F) {
  using Op = PredicateLogicFacts::Op;
  if (F.Kind == Op::Not)
    return 0; // a negated predicate operand (@!P0, !P2)
  if (F.Kind == Op::And && F.OnlyFeedsBranch)
    return 0; // @P0 BRA P1, target
  if (F.OperandIsSoleUseCompare)
    return 0; // ISETP.<cmp>.AND/OR/XOR
  return 1;   // PLOP3.LUT
}

double integerAddInstructions(unsigned Bits) {
  double N = 0;
  for (const UnitCount &C :
       expandOp({OpFamily::IntAdd, Bits > 32 ? OpType::S64 : OpType::S32}))
    N += C.N;
  return N;
}

UnitCountList wideMultiplyAdd(bool ImmediateScale, bool ParameterBase) {
  UnitCountList Out{{Unit::Int, 1}}; // IMAD.WIDE
  if (ImmediateScale && ParameterBase)
    Out.push_back({Unit::Alu, 1}); // MOV / HFMA2.MMA of the scale
  return Out;
}

double sharedLoadInstructions(const std::vector<std::int64_t> &OffsetsBytes,
                              std::uint64_t AccessBytes,
                              std::uint64_t BaseAlignBytes) {
  std::int64_t Window =
      std::int64_t(std::min<std::uint64_t>(16, BaseAlignBytes));
  std::int64_t Bytes = std::int64_t(AccessBytes);
  // Two loads of one address with no store between read one value: the
  // compiler keeps the first (on clang's code the NVPTX back-end's EarlyCSE
  // after SeparateConstOffsetFromGEP; nvcc's NVVM GVN), so the group's
  // distinct offsets are what remains to load.
  std::set<std::int64_t> Distinct(OffsetsBytes.begin(), OffsetsBytes.end());
  if (Window <= Bytes || Bytes <= 0)
    return double(Distinct.size());
  auto WindowOf = [Window](std::int64_t Off) {
    return Off >= 0 ? Off / Window : -((-Off + Window - 1) / Window);
  };
  std::set<std::int64_t> Windows;
  double Straddling = 0; // a load across two windows stays a load of its own
  for (std::int64_t Off : Distinct) {
    if (WindowOf(Off) == WindowOf(Off + Bytes - 1))
      Windows.insert(WindowOf(Off));
    else
      ++Straddling;
  }
  return double(Windows.size()) + Straddling;
}

MemoryGeometry memoryGeometry(const GpuModel &Gpu) {
  MemoryGeometry G;
  if (Gpu.TransactionBytes > 0)
    G.SectorBytes = Gpu.TransactionBytes;
  if (Gpu.WarpSize > 0)
    G.WarpSize = Gpu.WarpSize;
  return G;
}

static double sectorsPerLane(std::uint64_t AccessBytes,
                             const MemoryGeometry &G) {
  return std::max(1.0, std::ceil(double(AccessBytes) / G.SectorBytes));
}

double transactionsPerWarp(std::int64_t StrideBytes, std::uint64_t AccessBytes,
                           const MemoryGeometry &G) {
  double Span = double(G.WarpSize - 1) * double(std::llabs(StrideBytes)) +
                double(AccessBytes);
  double Sectors = std::max(1.0, std::ceil(Span / G.SectorBytes));
  return std::min(Sectors, G.WarpSize * sectorsPerLane(AccessBytes, G));
}

double unanalysableTransactionsPerWarp(std::uint64_t AccessBytes,
                                       const MemoryGeometry &G) {
  return G.WarpSize * sectorsPerLane(AccessBytes, G);
}

} // namespace gpa
