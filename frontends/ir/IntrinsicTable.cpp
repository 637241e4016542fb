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
    // Conversions, moves and bit manipulation.
    {"llvm.nvvm.f2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.d2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ff2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.i2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ui2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ll2", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nvvm.ull2", CallRule::Fixed, {{Unit::Alu, 1}}},
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
    {"llvm.floor.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.ceil.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.trunc.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.rint.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.nearbyint.", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"llvm.round.", CallRule::Fixed, {{Unit::Alu, 2}}},
    {"llvm.roundeven.", CallRule::Fixed, {{Unit::Alu, 1}}},
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
    {"floorf", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"ceilf", CallRule::Fixed, {{Unit::Alu, 1}}},
    {"truncf", CallRule::Fixed, {{Unit::Alu, 1}}},
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

CallCost lookupIntrinsic(StringRef Name) {
  for (const NameRule &R : IntrinsicRules)
    if (Name.starts_with(R.Name))
      return toCost(R, Name);
  return CallCost{};
}

CallCost lookupLibdevice(StringRef Name) {
  if (!Name.consume_front("__nv_"))
    return CallCost{};
  for (const NameRule &R : LibdeviceRules)
    if (Name == R.Name)
      return toCost(R, Name);
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
  UnitCounts Out;
  for (const UnitCount &C : expandOp({Family, opTypeFor(Ty), Precision}))
    Out.push_back(C);
  return Out;
}

} // namespace gpa
