//===- IntrinsicTable.cpp - What calls and expansions cost, by name -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Intrinsics are matched by name prefix, first match wins, so more specific
// prefixes come first. Names instead of Intrinsic::IDs keep the table valid
// across LLVM 19..22, which removed or renamed several NVVM intrinsics.
//
// Operations that expand into several SASS instructions are costed by
// gpa/InstructionCosts.def (read from ptxas's SASS), the table the PTX
// front-end uses too.
//
//===----------------------------------------------------------------------===//

#include "IntrinsicTable.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Type.h"

#include <optional>

using namespace llvm;

namespace gpa {

namespace {
struct NameRule {
  const char *Name;
  CallRule Rule;
  UnitCounts Units;
  OpFamily Family = OpFamily::Div; // Rule == Op
};
} // namespace

// clang-format off
static const NameRule IntrinsicRules[] = {
    // No PTX at all.
    {"llvm.dbg.", CallRule::Free, {}},
    {"llvm.lifetime.", CallRule::Free, {}},
    {"llvm.assume", CallRule::Free, {}},
    {"llvm.experimental.noalias.scope.decl", CallRule::Free, {}},
    {"llvm.invariant.", CallRule::Free, {}},
    {"llvm.sideeffect", CallRule::Free, {}},
    {"llvm.donothing", CallRule::Free, {}},
    {"llvm.expect", CallRule::Free, {}},
    {"llvm.var.annotation", CallRule::Free, {}},
    {"llvm.nvvm.reflect", CallRule::Free, {}},
    // Special registers: mov %r, %tid.x.
    {"llvm.nvvm.read.ptx.sreg.", CallRule::Fixed, {{Unit::Alu, 1}}},
    // Barriers and fences.
    {"llvm.nvvm.barrier", CallRule::Fixed, {{Unit::Sync, 1}}},
    {"llvm.nvvm.bar.", CallRule::Fixed, {{Unit::Sync, 1}}},
    {"llvm.nvvm.membar", CallRule::Fixed, {{Unit::Sync, 1}}},
    {"llvm.nvvm.fence", CallRule::Fixed, {{Unit::Sync, 1}}},
    {"llvm.nvvm.cp.async.wait", CallRule::Fixed, {{Unit::Sync, 1}}},
    {"llvm.nvvm.cp.async.commit", CallRule::Fixed, {{Unit::Sync, 1}}},
    // Asynchronous global->shared copies.
    {"llvm.nvvm.cp.async.", CallRule::Fixed, {{Unit::AsyncCopy, 1}}},
    // Warp-level data exchange.
    {"llvm.nvvm.shfl.", CallRule::Fixed, {{Unit::Shuffle, 1}}},
    {"llvm.nvvm.vote.", CallRule::Fixed, {{Unit::Shuffle, 1}}},
    {"llvm.nvvm.match.", CallRule::Fixed, {{Unit::Shuffle, 1}}},
    {"llvm.nvvm.redux.sync", CallRule::Fixed, {{Unit::Shuffle, 1}}},
    // Tensor cores.
    {"llvm.nvvm.wmma.", CallRule::Fixed, {{Unit::Tensor, 1}}},
    {"llvm.nvvm.mma.", CallRule::Fixed, {{Unit::Tensor, 1}}},
    {"llvm.nvvm.ldmatrix.", CallRule::Fixed, {{Unit::SharedMem, 1}}},
    // Textures and surfaces.
    {"llvm.nvvm.tex.", CallRule::Fixed, {{Unit::Texture, 1}}},
    {"llvm.nvvm.tld4.", CallRule::Fixed, {{Unit::Texture, 1}}},
    {"llvm.nvvm.suld.", CallRule::Fixed, {{Unit::Texture, 1}}},
    {"llvm.nvvm.sust.", CallRule::Fixed, {{Unit::Texture, 1}}},
    // Read-only global loads (LLVM <= 20; later a plain addrspace(1) load).
    {"llvm.nvvm.ldg.global.", CallRule::GlobalLoad, {{Unit::GlobalMem, 1}}},
    {"llvm.nvvm.ldu.global.", CallRule::GlobalLoad, {{Unit::GlobalMem, 1}}},
    // Special-function unit (MUFU).
    {"llvm.nvvm.sqrt.", CallRule::Op, {}, OpFamily::Sqrt},
    {"llvm.nvvm.rsqrt.approx", CallRule::Op, {}, OpFamily::Rsqrt},
    {"llvm.nvvm.sin.approx", CallRule::Op, {}, OpFamily::SinCos},
    {"llvm.nvvm.cos.approx", CallRule::Op, {}, OpFamily::SinCos},
    {"llvm.nvvm.ex2.approx", CallRule::Op, {}, OpFamily::Ex2},
    {"llvm.nvvm.lg2.approx", CallRule::Op, {}, OpFamily::Lg2},
    {"llvm.nvvm.rcp.", CallRule::Op, {}, OpFamily::Rcp},
    {"llvm.nvvm.tanh.approx", CallRule::Op, {}, OpFamily::Tanh},
    {"llvm.nvvm.div.", CallRule::Op, {}, OpFamily::Div},
    // Floating-point arithmetic intrinsics, by type.
    {"llvm.nvvm.fma.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.nvvm.add.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.nvvm.mul.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.nvvm.fmin", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.nvvm.fmax", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.nvvm.fabs", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.nvvm.mulhi.", CallRule::Fixed, {{Unit::Int, 1}}},
    {"llvm.nvvm.mul24.", CallRule::Fixed, {{Unit::Int, 1}}},
    {"llvm.nvvm.sad.", CallRule::Fixed, {{Unit::Int, 1}}},
    {"llvm.nvvm.atomic.", CallRule::Fixed, {{Unit::Atomic, 1}}},
    // Conversions (llvm.nvvm.f2i.rz, d2f.rn, ...) are decided by the shared
    // model from the types in the name (nvvmConversion below); what is left
    // under these prefixes (d2i.lo/hi, f2tf32) is one ALU instruction.
    {"llvm.nvvm.f2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.d2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ff2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.i2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ui2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ll2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ull2", CallRule::Fixed, {{Unit::Alu, 1}}},
    // Moves and bit manipulation.
    {"llvm.nvvm.prmt", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.isspacep.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ptr.", CallRule::Fixed, {{Unit::Alu, 1}}},
    // Target-independent intrinsics the NVPTX backend lowers inline.
    {"llvm.fma.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.fmuladd.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.fabs.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.minnum.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.maxnum.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.minimum.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.maximum.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.copysign.", CallRule::ByType, {{Unit::Fp, 1}}},
    {"llvm.smin.", CallRule::ByType, {{Unit::Int, 1}}},
    {"llvm.smax.", CallRule::ByType, {{Unit::Int, 1}}},
    {"llvm.umin.", CallRule::ByType, {{Unit::Int, 1}}},
    {"llvm.umax.", CallRule::ByType, {{Unit::Int, 1}}},
    {"llvm.abs.", CallRule::ByType, {{Unit::Int, 1}}},
    {"llvm.sadd.with.overflow.", CallRule::Fixed, {{Unit::Int, 2}}},
    {"llvm.uadd.with.overflow.", CallRule::Fixed, {{Unit::Int, 2}}},
    {"llvm.ssub.with.overflow.", CallRule::Fixed, {{Unit::Int, 2}}},
    {"llvm.usub.with.overflow.", CallRule::Fixed, {{Unit::Int, 2}}},
    {"llvm.smul.with.overflow.", CallRule::Fixed, {{Unit::Int, 2}}},
    {"llvm.umul.with.overflow.", CallRule::Fixed, {{Unit::Int, 2}}},
    {"llvm.ctpop.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.ctlz.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.cttz.", CallRule::Fixed, {{Unit::Alu, 2}}},
    {"llvm.bitreverse.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.bswap.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.fshl.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.fshr.", CallRule::Fixed, {{Unit::Alu, 1}}},
    // Rounding to an integral value: cvt.rmi/rpi/rzi/rni.fT.fT (FRND).
    {"llvm.floor.", CallRule::Op, {}, OpFamily::Convert},
    {"llvm.ceil.", CallRule::Op, {}, OpFamily::Convert},
    {"llvm.trunc.", CallRule::Op, {}, OpFamily::Convert},
    {"llvm.rint.", CallRule::Op, {}, OpFamily::Convert},
    {"llvm.nearbyint.", CallRule::Op, {}, OpFamily::Convert},
    {"llvm.round.", CallRule::Fixed, {{Unit::Alu, 2}}},
    {"llvm.roundeven.", CallRule::Op, {}, OpFamily::Convert},
    {"llvm.is.fpclass.", CallRule::Fixed, {{Unit::Alu, 2}}},
    {"llvm.sqrt.", CallRule::Op, {}, OpFamily::Sqrt},
    {"llvm.exp2.", CallRule::Op, {}, OpFamily::Ex2},
    {"llvm.log2.", CallRule::Op, {}, OpFamily::Lg2},
    {"llvm.sin.", CallRule::Op, {}, OpFamily::SinCos},
    {"llvm.cos.", CallRule::Op, {}, OpFamily::SinCos},
    {"llvm.exp.", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"llvm.log.", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"llvm.memcpy.", CallRule::MemTransfer, {}},
    {"llvm.memmove.", CallRule::MemTransfer, {}},
    {"llvm.memset.", CallRule::MemTransfer, {}},
};

// libdevice functions by name without "__nv_": the instruction mix of their
// common (fast) path in libdevice.10.bc, used only when a call was not
// inlined (normally clang links and inlines libdevice before the plugin runs).
static const NameRule LibdeviceRules[] = {
    {"fast_expf", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"fast_exp10f", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"fast_logf", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"fast_log2f", CallRule::Fixed, {{Unit::Sfu, 1}}},
    {"fast_log10f", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"fast_sinf", CallRule::Fixed, {{Unit::Sfu, 1}}},
    {"fast_cosf", CallRule::Fixed, {{Unit::Sfu, 1}}},
    {"fast_tanf", CallRule::Fixed, {{Unit::Sfu, 3}, {Unit::Fp, 1}}},
    {"fast_powf", CallRule::Fixed, {{Unit::Sfu, 2}, {Unit::Fp, 1}}},
    {"fdividef", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 1}}},
    {"expf", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 4}, {Unit::Alu, 2}}},
    {"exp2f", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 2}, {Unit::Alu, 2}}},
    {"exp10f", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 4}, {Unit::Alu, 2}}},
    {"logf", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 10}, {Unit::Alu, 3}}},
    {"log2f", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 8}, {Unit::Alu, 3}}},
    {"log10f", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 10}, {Unit::Alu, 3}}},
    {"sinf", CallRule::Fixed, {{Unit::Fp, 12}, {Unit::Alu, 6}, {Unit::Int, 2}}},
    {"cosf", CallRule::Fixed, {{Unit::Fp, 12}, {Unit::Alu, 6}, {Unit::Int, 2}}},
    {"tanf", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 14}, {Unit::Alu, 6}}},
    {"tanhf", CallRule::Fixed, {{Unit::Sfu, 2}, {Unit::Fp, 6}, {Unit::Alu, 2}}},
    {"powf", CallRule::Fixed, {{Unit::Sfu, 2}, {Unit::Fp, 20}, {Unit::Alu, 8}}},
    {"sqrtf", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp, 4}}},
    {"rsqrtf", CallRule::Fixed, {{Unit::Sfu, 1}}},
    {"fabsf", CallRule::Fixed, {{Unit::Fp, 1}}},
    {"fminf", CallRule::Fixed, {{Unit::Fp, 1}}},
    {"fmaxf", CallRule::Fixed, {{Unit::Fp, 1}}},
    {"fmaf", CallRule::Fixed, {{Unit::Fp, 1}}},
    {"floorf", CallRule::Op, {}, OpFamily::Convert}, // FRND.FLOOR
    {"ceilf", CallRule::Op, {}, OpFamily::Convert},
    {"truncf", CallRule::Op, {}, OpFamily::Convert},
    {"exp", CallRule::Fixed, {{Unit::Fp64, 12}, {Unit::Alu, 4}, {Unit::Int, 2}}},
    {"log", CallRule::Fixed, {{Unit::Fp64, 16}, {Unit::Alu, 6}}},
    {"sin", CallRule::Fixed, {{Unit::Fp64, 20}, {Unit::Alu, 8}, {Unit::Int, 2}}},
    {"cos", CallRule::Fixed, {{Unit::Fp64, 20}, {Unit::Alu, 8}, {Unit::Int, 2}}},
    {"pow", CallRule::Fixed, {{Unit::Fp64, 40}, {Unit::Alu, 12}}},
    {"sqrt", CallRule::Fixed, {{Unit::Sfu, 1}, {Unit::Fp64, 8}}},
    {"fabs", CallRule::Fixed, {{Unit::Fp64, 1}}},
    {"fma", CallRule::Fixed, {{Unit::Fp64, 1}}},
};
// clang-format on

Unit unitForType(const Type *Ty) {
  if (!Ty)
    return Unit::Alu;
  if (auto *VT = dyn_cast<VectorType>(Ty))
    Ty = VT->getElementType();
  if (Ty->isFloatTy())
    return Unit::Fp;
  if (Ty->isDoubleTy())
    return Unit::Fp64;
  if (Ty->isHalfTy() || Ty->isBFloatTy())
    return Unit::Fp16;
  if (Ty->isIntegerTy())
    return Unit::Int;
  return Unit::Alu;
}

static OpPrecision precisionFromName(StringRef Name) {
  if (Name.contains(".approx"))
    return Name.contains(".ftz") ? OpPrecision::ApproxFtz : OpPrecision::Approx;
  if (Name.contains(".full"))
    return OpPrecision::Full;
  return OpPrecision::Ieee;
}

static CallCost toCost(const NameRule &R, StringRef Name) {
  CallCost C;
  C.Rule = R.Rule;
  C.Units = R.Units;
  C.Family = R.Family;
  C.Precision = precisionFromName(Name);
  return C;
}

/// cvt.rXi.fT.fT: \p T rounded to an integral value (FRND).
static OpFacts roundingFacts(OpType T) {
  OpFacts F{OpFamily::Convert, T};
  F.From = T;
  F.RoundsToInteger = true;
  return F;
}

static UnitCounts unitsOf(const OpFacts &F) {
  UnitCounts Out;
  for (const UnitCount &C : expandOp(F))
    Out.push_back(C);
  return Out;
}

/// The type one letter group of an NVVM conversion name stands for
/// ("f2i" -> f, i; "ull2d" -> ull, d; "ff2bf16x2" -> ff, bf16x2).
static std::optional<OpType> nvvmType(StringRef T) {
  if (T == "f" || T == "ff")
    return OpType::F32;
  if (T == "d")
    return OpType::F64;
  if (T == "h" || T == "f16" || T == "f16x2")
    return OpType::F16;
  if (T == "bf" || T == "bf16" || T == "bf16x2")
    return OpType::BF16;
  if (T == "i" || T == "ui")
    return T == "i" ? OpType::S32 : OpType::U32;
  if (T == "ll" || T == "ull")
    return T == "ll" ? OpType::S64 : OpType::U64;
  return std::nullopt;
}

/// llvm.nvvm.<from>2<to>.<rounding>: cvt between the two types, decided
/// by the shared model. d2i.lo/d2i.hi read one word of a double (a move)
/// and f2tf32 is not a cvt of the model: not conversions here.
static std::optional<OpFacts> nvvmConversion(StringRef Name) {
  if (!Name.consume_front("llvm.nvvm.") || Name.starts_with("d2i.lo") ||
      Name.starts_with("d2i.hi"))
    return std::nullopt;
  StringRef Types = Name.take_until([](char C) { return C == '.'; });
  auto [From, To] = Types.split('2');
  std::optional<OpType> FromT = nvvmType(From), ToT = nvvmType(To);
  if (To.empty() || !FromT || !ToT)
    return std::nullopt;
  OpFacts F{OpFamily::Convert, *ToT};
  F.From = *FromT;
  F.Saturate = Name.contains(".sat");
  return F;
}

CallCost lookupIntrinsic(StringRef Name) {
  if (std::optional<OpFacts> F = nvvmConversion(Name)) {
    CallCost C;
    C.Rule = CallRule::Fixed;
    C.Units = unitsOf(*F);
    return C;
  }
  // llvm.nvvm.wmma.<shape>.load.* / .store.* move a fragment between
  // registers and memory; only .mma. runs on the tensor core.
  if (Name.starts_with("llvm.nvvm.wmma.") &&
      (Name.contains(".load.") || Name.contains(".store."))) {
    CallCost C;
    C.Rule = CallRule::FragmentTransfer;
    return C;
  }
  for (const NameRule &R : IntrinsicRules)
    if (Name.starts_with(R.Name))
      return toCost(R, Name);
  return CallCost{};
}

CallCost lookupLibdevice(StringRef Name) {
  if (!Name.consume_front("__nv_"))
    return CallCost{};
  for (const NameRule &R : LibdeviceRules)
    if (Name == R.Name) {
      CallCost C = toCost(R, Name);
      if (C.Rule == CallRule::Op) { // floorf, ceilf, truncf
        C.Rule = CallRule::Fixed;
        C.Units = unitsOf(roundingFacts(OpType::F32));
      }
      return C;
    }
  return CallCost{};
}

OpType opTypeFor(const Type *Ty) {
  if (auto *VT = dyn_cast_or_null<VectorType>(Ty))
    Ty = VT->getElementType();
  if (!Ty)
    return OpType::F32;
  if (Ty->isDoubleTy())
    return OpType::F64;
  if (Ty->isHalfTy() || Ty->isBFloatTy())
    return OpType::F16;
  if (Ty->isIntegerTy())
    return Ty->getIntegerBitWidth() > 32 ? OpType::S64 : OpType::S32;
  return OpType::F32;
}

UnitCounts expansion(OpFamily Family, const Type *Ty, OpPrecision Precision) {
  if (Family == OpFamily::Convert) // llvm.floor/ceil/trunc/rint on Ty
    return unitsOf(roundingFacts(opTypeFor(Ty)));
  return unitsOf({Family, opTypeFor(Ty), Precision});
}

/// The OpType of a conversion's operand: integers by width (i1 and i8 as
/// 8 bits), signed; the value's signedness does not change the SASS unit.
static OpType conversionTypeFor(const Type *Ty) {
  if (auto *VT = dyn_cast<VectorType>(Ty))
    Ty = VT->getElementType();
  if (Ty->isIntegerTy()) {
    unsigned Bits = Ty->getIntegerBitWidth();
    return Bits <= 8    ? OpType::S8
           : Bits <= 16 ? OpType::S16
           : Bits <= 32 ? OpType::S32
                        : OpType::S64;
  }
  if (Ty->isBFloatTy())
    return OpType::BF16;
  return opTypeFor(Ty);
}

UnitCounts conversion(const Type *From, const Type *To) {
  OpFacts F{OpFamily::Convert, conversionTypeFor(To)};
  F.From = conversionTypeFor(From);
  UnitCounts Out = unitsOf(F);
  // uitofp/sitofp of an i1: llc first selects 0 or 1 (selp.b32), then
  // converts the 32-bit value (SEL + I2F.U32).
  if (From->getScalarType()->isIntegerTy(1) && To->isFPOrFPVectorTy())
    Out.push_back({Unit::Alu, 1});
  return Out;
}

} // namespace gpa
