//===- InstructionClassifier.cpp - IR instruction -> GPU units -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One row per IR opcode says which PTX it becomes (IPP Table 1: integer
// arithmetic -> INT; add/mul/fma on floats -> FP/FP64/FP16 by type;
// conversions as the shared cost model decides (int<->float and f64 ones
// on the XU pipe: sfu); logic, shifts, compares, selects and moves -> ALU;
// address arithmetic -> INT as the mul.wide/add.s64 it becomes; memory by
// address space). Calls go through the
// name-keyed tables in IntrinsicTable.cpp.
//
//===----------------------------------------------------------------------===//

#include "InstructionClassifier.h"
#include "Compat.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <algorithm>

using namespace llvm;

namespace gpa {

namespace {
enum class OpRule {
  ByType, // one instruction on the unit of the result type
  Alu,    // one ALU instruction (mov, set, selp, and/or/xor, shifts)
  Cvt,    // a conversion: the shared model decides (XU, ALU, ...)
  Gep,    // address arithmetic: one int op per variable index (mul.wide /
          // add.s64); a constant offset folds into ld/st addressing
  Ext,    // sext/zext: free when only GEPs use it (mul.wide.s32 widens),
          // else a conversion of the shared model
  Trunc,  // integer narrowing: a conversion of the shared model (free);
          // to i1 one ALU instruction (and + setp)
  Other,  // branches and returns
  Free,   // no PTX (phi, alloca, freeze, unreachable)
  FMul,   // one instruction, or none when contracted into fma(s)
  FDiv,   // Div or Rcp (1.0 / x) of InstructionCosts
  FRem,
  IntDiv, // sdiv/udiv/srem/urem: InstructionCosts unless the divisor is
          // a constant (then shifts or a multiply-high, one instruction)
  Fence,
  Atomic,
  Memory,
  Call,
};
struct OpcodeRow {
  unsigned Opcode;
  OpRule Rule;
};
} // namespace

// clang-format off
static const OpcodeRow OpcodeTable[] = {
    {Instruction::Add, OpRule::ByType},   {Instruction::Sub, OpRule::ByType},
    {Instruction::Mul, OpRule::ByType},   {Instruction::UDiv, OpRule::IntDiv},
    {Instruction::SDiv, OpRule::IntDiv},  {Instruction::URem, OpRule::IntDiv},
    {Instruction::SRem, OpRule::IntDiv},  {Instruction::FAdd, OpRule::ByType},
    {Instruction::FSub, OpRule::ByType},  {Instruction::FMul, OpRule::FMul},
    {Instruction::FNeg, OpRule::ByType},  {Instruction::FDiv, OpRule::FDiv},
    {Instruction::FRem, OpRule::FRem},
    {Instruction::And, OpRule::Alu},      {Instruction::Or, OpRule::Alu},
    {Instruction::Xor, OpRule::Alu},      {Instruction::Shl, OpRule::Alu},
    {Instruction::LShr, OpRule::Alu},     {Instruction::AShr, OpRule::Alu},
    {Instruction::ICmp, OpRule::Alu},     {Instruction::FCmp, OpRule::Alu},
    {Instruction::Select, OpRule::Alu},
    {Instruction::Trunc, OpRule::Trunc},    {Instruction::ZExt, OpRule::Ext},
    {Instruction::SExt, OpRule::Ext},     {Instruction::FPTrunc, OpRule::Cvt},
    {Instruction::FPExt, OpRule::Cvt},    {Instruction::FPToUI, OpRule::Cvt},
    {Instruction::FPToSI, OpRule::Cvt},   {Instruction::UIToFP, OpRule::Cvt},
    {Instruction::SIToFP, OpRule::Cvt},   {Instruction::PtrToInt, OpRule::Alu},
    {Instruction::IntToPtr, OpRule::Alu}, {Instruction::BitCast, OpRule::Alu},
    {Instruction::AddrSpaceCast, OpRule::Alu},
    {Instruction::ExtractElement, OpRule::Alu},
    {Instruction::InsertElement, OpRule::Alu},
    {Instruction::ShuffleVector, OpRule::Alu},
    {Instruction::ExtractValue, OpRule::Alu},
    {Instruction::InsertValue, OpRule::Alu},
    {Instruction::GetElementPtr, OpRule::Gep},
    {Instruction::Br, OpRule::Other},     {Instruction::Switch, OpRule::Other},
    {Instruction::IndirectBr, OpRule::Other}, {Instruction::Ret, OpRule::Other},
    {Instruction::PHI, OpRule::Free},     {Instruction::Alloca, OpRule::Free},
    {Instruction::Freeze, OpRule::Free},  {Instruction::Unreachable, OpRule::Free},
    {Instruction::Fence, OpRule::Fence},
    {Instruction::AtomicRMW, OpRule::Atomic},
    {Instruction::AtomicCmpXchg, OpRule::Atomic},
    {Instruction::Load, OpRule::Memory},  {Instruction::Store, OpRule::Memory},
    {Instruction::Call, OpRule::Call},
};
// clang-format on

static unsigned objectAddressSpace(const Value *Obj) {
  if (!Obj->getType()->isPointerTy())
    return AS_Generic;
  if (unsigned AS = Obj->getType()->getPointerAddressSpace())
    return AS;
  if (auto *ASC = dyn_cast<AddrSpaceCastOperator>(Obj))
    return ASC->getSrcAddressSpace();
  if (isa<AllocaInst>(Obj))
    return AS_Local;
  // CUDA kernel pointer parameters point to global memory (the NVPTX
  // backend's own argument lowering makes the same assumption).
  if (auto *Arg = dyn_cast<Argument>(Obj))
    if (isKernel(*Arg->getParent()))
      return AS_Global;
  return AS_Generic;
}

/// Whether a kernel's byval aggregate is only read (through GEPs and
/// casts): the NVPTX backend then reads it in place, from the parameter
/// space, which lives in the constant bank; otherwise it copies it to local
/// memory first.
static bool readInPlace(const Value *V, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  for (const User *U : V->users()) {
    if (isa<LoadInst>(U))
      continue;
    if ((isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) ||
         isa<AddrSpaceCastInst>(U)) &&
        readInPlace(U, Depth + 1))
      continue;
    return false;
  }
  return true;
}

unsigned resolveAddressSpace(const Value *Ptr) {
  if (unsigned AS = Ptr->getType()->getPointerAddressSpace())
    return AS;
  // A kernel's by-value aggregate (a struct holding a table): at a constant
  // offset an ld.param (an operand of the instruction in SASS), at a
  // run-time one a load from the constant bank (LDC), as nvcc's and llc's
  // PTX read it (`ld.param` through a register address).
  if (const auto *Arg = dyn_cast<Argument>(getUnderlyingObject(Ptr, 8)))
    if (Arg->hasByValAttr() && isKernel(*Arg->getParent())) {
      if (!readInPlace(Arg))
        return AS_Local;
      return Ptr->stripInBoundsConstantOffsets() == Arg ? AS_Param : AS_Const;
    }
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects, nullptr, 8);
  unsigned Result = AS_Generic;
  for (const Value *Obj : Objects) {
    unsigned AS = objectAddressSpace(Obj);
    if (AS == AS_Generic || (Result != AS_Generic && Result != AS))
      return AS_Generic;
    Result = AS;
  }
  return Result;
}

static Unit memoryUnit(unsigned AS) {
  switch (AS) {
  case AS_Shared:
    return Unit::SharedMem;
  case AS_Const:
    return Unit::ConstMem;
  case AS_Local:
    return Unit::LocalMem;
  case AS_Param:
    return Unit::Alu; // ld.param of a kernel argument
  default:
    return Unit::GlobalMem;
  }
}

static void setMemory(Classification &C, const Value *Ptr, Type *Ty,
                      const DataLayout &DL) {
  C.Kind = InstKind::Memory;
  C.Pointer = Ptr;
  C.AddrSpace = resolveAddressSpace(Ptr);
  C.GenericAsGlobal = C.AddrSpace == AS_Generic;
  C.Bytes = Ty->isSized() ? DL.getTypeStoreSize(Ty).getKnownMinValue() : 4;
  C.Units = {{memoryUnit(C.AddrSpace), 1}};
}

static Classification unknown(const char *Assumption, std::string Note) {
  Classification C;
  C.Kind = InstKind::Unknown;
  C.Units = {{Unit::Other, 1}};
  C.Assumption = Assumption;
  C.Note = std::move(Note);
  return C;
}

/// The PTX precision the NVPTX back end selects: .approx for `afn` (with
/// .ftz when the function flushes f32 denormals), IEEE otherwise; `arcp`
/// alone still gives div.rn (llc 22 on sm_80).
static OpPrecision precisionOf(const Instruction &I) {
  auto *FPO = dyn_cast<FPMathOperator>(&I);
  if (!FPO || !FPO->hasApproxFunc())
    return OpPrecision::Ieee;
  const Function *F = I.getFunction();
  StringRef Denormal =
      F ? F->getFnAttribute("denormal-fp-math-f32").getValueAsString() : "";
  return Denormal.starts_with("preserve-sign") ||
                 Denormal.starts_with("positive-zero")
             ? OpPrecision::ApproxFtz
             : OpPrecision::Approx;
}

static bool allowsContraction(const Instruction &I) {
  auto *FPO = dyn_cast<FPMathOperator>(&I);
  return FPO && FPO->hasAllowContract();
}

/// The fmul operand a contractible fadd/fsub folds into an fma, as the
/// DAG combiner does under -ffp-contract=fast (CUDA's default): a `contract`
/// fmul in the same block; of two, the one with fewer uses.
static const Instruction *contractedMul(const Instruction &Add) {
  if ((Add.getOpcode() != Instruction::FAdd &&
       Add.getOpcode() != Instruction::FSub) ||
      !allowsContraction(Add))
    return nullptr;
  const Instruction *Best = nullptr;
  for (const Value *Op : Add.operands()) {
    auto *M = dyn_cast<Instruction>(Op);
    if (!M || M->getOpcode() != Instruction::FMul || !allowsContraction(*M) ||
        M->getParent() != Add.getParent())
      continue;
    if (!Best || M->getNumUses() < Best->getNumUses())
      Best = M;
  }
  return Best;
}

/// True when every use of the fmul \p Mul is an fadd/fsub that folds it into
/// an fma: the multiply then executes inside those fmas only.
static bool isFullyContracted(const Instruction &Mul) {
  if (!allowsContraction(Mul) || Mul.use_empty())
    return false;
  for (const User *U : Mul.users()) {
    auto *Add = dyn_cast<Instruction>(U);
    if (!Add || contractedMul(*Add) != &Mul)
      return false;
  }
  return true;
}

static const Type *callType(const CallBase &CB) {
  if (!CB.getType()->isVoidTy() || CB.arg_size() == 0)
    return CB.getType();
  return CB.getArgOperand(0)->getType();
}

/// Units' fp and fp64 instructions at \p PerInstruction FLOPs each: 1 for
/// an FADD/FMUL, 2 for an FFMA, 0 for FMNMX or a sign operation.
static FlopCounts flopsOfUnits(const UnitCounts &Units,
                               double PerInstruction = 1) {
  FlopCounts F;
  for (const UnitCount &U : Units)
    if (U.U == Unit::Fp)
      F.Fp32 += U.N * PerInstruction;
    else if (U.U == Unit::Fp64)
      F.Fp64 += U.N * PerInstruction;
  return F;
}

/// FLOPs per fp instruction of a named call the tables count by unit
/// (intrinsics by prefix, libdevice functions not inlined): an fma is one
/// FFMA (2), min/max/abs/copysign are FMNMX or a sign bit (0); the rest, an
/// FADD/FMUL each (libdevice's fp counts are their fast paths' estimates).
static double flopsPerInstruction(StringRef Name) {
  static const char *const FmaNames[] = {"llvm.fma.", "llvm.fmuladd.",
                                         "llvm.nvvm.fma."};
  static const char *const SignPrefixes[] = {
      "llvm.fabs.",     "llvm.minnum.",   "llvm.maxnum.",
      "llvm.minimum.",  "llvm.maximum.",  "llvm.copysign.",
      "llvm.nvvm.fmin", "llvm.nvvm.fmax", "llvm.nvvm.fabs"};
  for (const char *P : FmaNames)
    if (Name.starts_with(P))
      return 2;
  for (const char *P : SignPrefixes)
    if (Name.starts_with(P))
      return 0;
  Name.consume_front("__nv_"); // libdevice, by exact name
  if (Name == "fmaf" || Name == "fma")
    return 2;
  if (Name == "fabsf" || Name == "fminf" || Name == "fmaxf" || Name == "fabs")
    return 0;
  return 1;
}

std::vector<CopyPiece> expandedCopyPieces(const CallBase &CB) {
  auto *MI = dyn_cast<MemIntrinsic>(&CB);
  auto *Len = MI ? dyn_cast<ConstantInt>(MI->getLength()) : nullptr;
  if (!Len || Len->getZExtValue() > 128)
    return {};
  // The NVPTX back-end expands a constant-length copy into loads and
  // stores of its widest legal integer, i64, narrowed to what the
  // pointers' alignment allows (SelectionDAG findOptimalMemOpLowering: no
  // misaligned access, no vector type); the tail in narrower pieces. A
  // 16-byte float4 copy at align 16 is two ld.global.b64 + st.shared.b64.
  // Longer copies (above NVPTXLowerAggrCopies' 128 bytes) become a loop.
  std::uint64_t Align = 8;
  if (auto *MT = dyn_cast<MemTransferInst>(MI))
    Align =
        std::min<std::uint64_t>({Align, MT->getDestAlign().valueOrOne().value(),
                                 MT->getSourceAlign().valueOrOne().value()});
  else
    Align =
        std::min<std::uint64_t>(Align, MI->getDestAlign().valueOrOne().value());
  std::vector<CopyPiece> Pieces;
  std::uint64_t Offset = 0;
  for (std::uint64_t Left = Len->getZExtValue(), Piece = Align; Left;) {
    while (Piece > Left)
      Piece /= 2;
    for (; Left >= Piece; Left -= Piece, Offset += Piece)
      Pieces.push_back({Offset, Piece});
  }
  return Pieces;
}

static Classification memTransfer(const CallBase &CB) {
  auto *Len = dyn_cast<ConstantInt>(CB.getArgOperand(2));
  if (!Len)
    return unknown("memtransfer_unknown_length",
                   "memory transfer of unknown length counted as one "
                   "instruction");
  // Copies the back-end expands: one access per piece; longer ones become
  // a loop the IR does not show, counted as 4-byte words.
  std::vector<CopyPiece> Pieces = expandedCopyPieces(CB);
  double Words = Pieces.empty() ? double((Len->getZExtValue() + 3) / 4)
                                : double(Pieces.size());
  Classification C;
  unsigned DstAS = resolveAddressSpace(CB.getArgOperand(0));
  C.Units.push_back({memoryUnit(DstAS), Words});
  C.GenericAsGlobal = DstAS == AS_Generic;
  if (!isa<MemSetInst>(CB)) {
    unsigned SrcAS = resolveAddressSpace(CB.getArgOperand(1));
    C.Units.push_back({memoryUnit(SrcAS), Words});
    C.GenericAsGlobal |= SrcAS == AS_Generic;
  }
  return C;
}

/// Whether \p CB, an approximate f32 sin or cos, follows in its block the
/// other of the pair on the same operand: ptxas then shares one range
/// reduction (gpa/InstructionCosts.h sinCosSharingReduction).
static bool sharesSinCosReduction(const CallBase &CB, StringRef Name,
                                  OpPrecision P) {
  if (P == OpPrecision::Ieee || P == OpPrecision::Full ||
      !CB.getType()->isFloatTy() || CB.arg_size() != 1)
    return false;
  bool IsSin = Name.contains(".sin.");
  for (const Instruction *I = CB.getPrevNode(); I; I = I->getPrevNode()) {
    const auto *Other = dyn_cast<CallBase>(I);
    const Function *Callee = Other ? Other->getCalledFunction() : nullptr;
    if (!Callee || Other->arg_size() != 1 ||
        Other->getArgOperand(0) != CB.getArgOperand(0))
      continue;
    StringRef OtherName = Callee->getName();
    CallCost Cost = lookupIntrinsic(OtherName);
    if (Cost.Rule == CallRule::Op && Cost.Family == OpFamily::SinCos &&
        OtherName.contains(".sin.") != IsSin)
      return true;
  }
  return false;
}

/// A wmma fragment load or store (llvm.nvvm.wmma.*.load.* / .store.*): one
/// load or store of the pointer's address space (argument 0) moving the
/// fragment's bytes per thread: the loaded struct, or the stored values
/// (the arguments between the pointer and a trailing i32 stride).
static Classification fragmentTransfer(const CallBase &CB, StringRef Name,
                                       const DataLayout &DL) {
  Classification C;
  setMemory(C, CB.getArgOperand(0), CB.getType(), DL);
  if (Name.contains(".store.")) {
    unsigned End = CB.arg_size();
    if (Name.contains(".stride.") && End > 1)
      --End;
    uint64_t Bytes = 0;
    for (unsigned I = 1; I < End; ++I)
      Bytes += DL.getTypeStoreSize(CB.getArgOperand(I)->getType())
                   .getKnownMinValue();
    C.Bytes = Bytes ? Bytes : 4;
  }
  return C;
}

/// Whether \p V is an f32 or f64 add, subtract, multiply or fma: what SASS
/// can negate an operand of, and (f32) saturate in the same instruction
/// (FADD.SAT, FMUL.SAT, FFMA.SAT).
static bool isFloatArithmetic(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !(I->getType()->isFloatTy() || I->getType()->isDoubleTy()))
    return false;
  if (I->getOpcode() == Instruction::FAdd ||
      I->getOpcode() == Instruction::FSub ||
      I->getOpcode() == Instruction::FMul)
    return true;
  const auto *Call = dyn_cast<CallBase>(I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  return Name.starts_with("llvm.fma.") || Name.starts_with("llvm.fmuladd.") ||
         Name.starts_with("llvm.nvvm.fma.");
}

/// llvm.nvvm.saturate.{f,ftz.f,d}: cvt.sat.fT.fT, the shared model's clamp
/// (FADD.SAT for f32), except that ptxas folds the clamp of an f32 add,
/// multiply or fma read nowhere else into that instruction (FFMA.SAT):
/// libdevice's expf clamps its range reduction's fma so, and gpuFLOPBench's
/// glu, whose sigmoid is one expf, measures 17 FLOPs per thread, the count
/// without an FADD.SAT.
static Classification saturation(const CallBase &CB) {
  Classification C;
  const Value *Src = CB.getArgOperand(0);
  if (Src->getType()->isFloatTy() && isFloatArithmetic(Src) && Src->hasOneUse())
    return C;
  OpFacts F{OpFamily::Convert, opTypeFor(CB.getType())};
  F.From = F.Type;
  F.Saturate = true;
  for (const UnitCount &U : expandOp(F))
    C.Units.push_back(U);
  C.Flops = expandFlops(F);
  return C;
}

/// An fneg read only by float adds, subtracts, multiplies and fmas: ptxas
/// folds the negation into their operands (`FFMA R5, -R0, R5, R4`), as the
/// PTX front-end's foldFloatNegations does; one also read elsewhere stays an
/// `FADD R7, -R0, -RZ` (test/cli/neg-fold.test).
static bool negationFolds(const Instruction &Neg) {
  return !Neg.use_empty() && all_of(Neg.users(), [](const User *U) {
    return isFloatArithmetic(U);
  });
}

static Classification classifyIntrinsic(const CallBase &CB, StringRef Name,
                                        const DataLayout &DL) {
  if (Name.starts_with("llvm.nvvm.saturate."))
    return saturation(CB);
  CallCost Cost = lookupIntrinsic(Name);
  Classification C;
  switch (Cost.Rule) {
  case CallRule::Free:
    return C;
  case CallRule::Fixed:
    C.Units = Cost.Units;
    C.Flops = flopsOfUnits(C.Units, flopsPerInstruction(Name));
    return C;
  case CallRule::ByType:
    C.Units = Cost.Units;
    C.Units[0].U = unitForType(callType(CB));
    C.Flops = flopsOfUnits(C.Units, flopsPerInstruction(Name));
    return C;
  case CallRule::Op: {
    OpPrecision P = Cost.Precision;
    if (P == OpPrecision::Ieee)
      P = precisionOf(CB);
    if (Cost.Family == OpFamily::SinCos && sharesSinCosReduction(CB, Name, P)) {
      UnitCountList Second = sinCosSharingReduction();
      C.Units.assign(Second.begin(), Second.end());
    } else {
      C.Units = expansion(Cost.Family, callType(CB), P);
      if (Cost.Family != OpFamily::Convert) // FRND: no FLOP
        C.Flops = expandFlops({Cost.Family, opTypeFor(callType(CB)), P});
    }
    return C;
  }
  case CallRule::GlobalLoad:
    setMemory(C, CB.getArgOperand(0), CB.getType(), DL);
    C.AddrSpace = AS_Global;
    C.GenericAsGlobal = false;
    C.Units = {{Unit::GlobalMem, 1}};
    return C;
  case CallRule::MemTransfer:
    return memTransfer(CB);
  case CallRule::FragmentTransfer:
    return fragmentTransfer(CB, Name, DL);
  case CallRule::Unknown:
    break;
  }
  return unknown("unknown_intrinsic", ("intrinsic " + Name +
                                       " is not in the table; counted as "
                                       "one 'other' instruction")
                                          .str());
}

static Classification classifyCall(const CallBase &CB, const DataLayout &DL) {
  if (CB.isInlineAsm())
    return unknown("inline_asm",
                   "inline assembly counted as one 'other' instruction");
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return unknown("indirect_call", "indirect call: callee unknown, counted "
                                    "as one 'other' instruction");
  StringRef Name = Callee->getName();
  if (Name.starts_with("llvm."))
    return classifyIntrinsic(CB, Name, DL);
  if (!Callee->isDeclaration()) {
    Classification C;
    C.Kind = InstKind::DirectCall;
    C.Callee = Callee;
    C.Units = {{Unit::Other, 1}}; // the call itself
    return C;
  }
  CallCost Cost = lookupLibdevice(Name);
  if (Cost.Rule == CallRule::Fixed) {
    Classification C;
    C.Units = Cost.Units;
    C.Flops = flopsOfUnits(C.Units, flopsPerInstruction(Name));
    return C;
  }
  if (Name.starts_with("__nv_"))
    return unknown("unknown_libdevice_call",
                   ("libdevice function " + Name +
                    " is not in the table; counted as one 'other' instruction")
                       .str());
  return unknown("external_call", ("call to external function " + Name +
                                   " counted as one 'other' instruction")
                                      .str());
}

/// Whether every user of \p V uses it as the address of a load or store,
/// where a constant offset folds into the [reg+imm] addressing mode.
bool onlyAddressOfMemory(const Value &V) {
  for (const User *U : V.users()) {
    if (auto *LI = dyn_cast<LoadInst>(U)) {
      if (LI->getPointerOperand() != &V)
        return false;
    } else if (auto *SI = dyn_cast<StoreInst>(U)) {
      if (SI->getPointerOperand() != &V)
        return false;
    } else {
      return false;
    }
  }
  return !V.use_empty();
}

static unsigned gepIntOps(const GetElementPtrInst &GEP) {
  unsigned Variable = 0;
  bool AnyNonZero = false;
  for (const Use &Idx : GEP.indices()) {
    if (auto *CI = dyn_cast<ConstantInt>(Idx)) {
      AnyNonZero |= !CI->isZero();
      continue;
    }
    ++Variable;
  }
  if (Variable)
    return Variable; // mad.wide / shl+add per index, constants folded in
  return AnyNonZero && !onlyAddressOfMemory(GEP) ? 1 : 0;
}

/// One variable index scaled by a constant element size and added to the
/// base is one IMAD.WIDE (mul.wide + add.s64), plus a move of the scale
/// when the base is a kernel parameter (InstructionCosts.h
/// wideMultiplyAdd); further variable indices add one IMAD each.
static UnitCounts gepUnits(const GetElementPtrInst &GEP) {
  unsigned N = gepIntOps(GEP);
  if (N == 0)
    return {};
  unsigned Variable = 0;
  for (const Use &Idx : GEP.indices())
    Variable += !isa<ConstantInt>(Idx);
  if (Variable == 0)
    return {{Unit::Int, double(N)}};
  // A byte offset (i8 elements) is a plain 64-bit add: an IADD3 pair.
  if (GEP.getNumIndices() == 1 && GEP.getSourceElementType()->isIntegerTy(8))
    return {{Unit::Int, integerAddInstructions(64)}};
  const Value *Base = GEP.getPointerOperand()->stripPointerCasts();
  bool ParameterBase = false;
  if (auto *Arg = dyn_cast<Argument>(Base))
    ParameterBase = isKernel(*Arg->getParent());
  bool ImmediateScale = true; // element sizes are constants
  UnitCounts Units;
  for (const UnitCount &U : wideMultiplyAdd(ImmediateScale, ParameterBase))
    Units.push_back(U);
  if (N > 1)
    Units.push_back({Unit::Int, double(N - 1)});
  return Units;
}

/// A sign/zero extension whose only users are GEPs: NVPTX selects
/// mul.wide.s32/u32 (or folds it into the address add), no cvt.
static bool extFoldsIntoAddress(const Instruction &I) {
  if (I.use_empty())
    return false;
  for (const User *U : I.users())
    if (!isa<GetElementPtrInst>(U))
      return false;
  return true;
}

/// A 32-bit integer mul of two variables whose only user is an add in its
/// block: llc emits one mad.lo.s32 for both (gpa/InstructionCosts.h). A
/// multiply by a constant is left alone: in a loop, strength reduction
/// turns it into an induction variable's add instead.
static bool mulFusesIntoAdd(const Instruction &I) {
  if (I.getOpcode() != Instruction::Mul || !I.getType()->isIntegerTy(32) ||
      !I.hasOneUse() || isa<Constant>(I.getOperand(0)) ||
      isa<Constant>(I.getOperand(1)))
    return false;
  const auto *User = dyn_cast<Instruction>(*I.user_begin());
  return User && User->getOpcode() == Instruction::Add &&
         User->getParent() == I.getParent();
}

/// A compare whose only user is \p I.
static bool isSingleUseCompare(const Value *V, const Instruction &I) {
  auto *Cmp = dyn_cast<CmpInst>(V);
  return Cmp && Cmp->hasOneUse() && *Cmp->user_begin() == &I;
}

/// The alu instructions of an i1 operation (gpa/InstructionCosts.h
/// predicateLogicInstructions): not (xor with true); and/or/xor (also as
/// `select i1 a, b, false` / `select i1 a, true, b`) with the facts of its
/// operands and its use; any other i1 logic is one PLOP3.
static double predicateLogicCost(const Instruction &I) {
  using Op = PredicateLogicFacts::Op;
  if (!I.getType()->isIntegerTy(1))
    return 1;
  const Value *A = nullptr, *B = nullptr;
  PredicateLogicFacts Facts{Op::Or};
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    auto *T = dyn_cast<ConstantInt>(Sel->getTrueValue());
    auto *F = dyn_cast<ConstantInt>(Sel->getFalseValue());
    A = Sel->getCondition();
    if (F && F->isZero() && !T) {
      Facts.Kind = Op::And;
      B = Sel->getTrueValue();
    } else if (T && T->isOne() && !F) {
      B = Sel->getFalseValue();
    } else {
      return 1;
    }
  } else if (I.getOpcode() == Instruction::And ||
             I.getOpcode() == Instruction::Or ||
             I.getOpcode() == Instruction::Xor) {
    A = I.getOperand(0);
    B = I.getOperand(1);
    if (auto *C = dyn_cast<ConstantInt>(B)) {
      if (I.getOpcode() == Instruction::Xor && C->isOne())
        return predicateLogicInstructions({Op::Not});
      return 1;
    }
    Facts.Kind = I.getOpcode() == Instruction::And  ? Op::And
                 : I.getOpcode() == Instruction::Or ? Op::Or
                                                    : Op::Xor;
  } else {
    return 1;
  }
  Facts.OnlyFeedsBranch =
      I.hasOneUse() && isa<BranchInst>(*I.user_begin()); // `@P0 BRA P1, t`
  Facts.OperandIsSoleUseCompare =
      isSingleUseCompare(A, I) || isSingleUseCompare(B, I);
  return predicateLogicInstructions(Facts);
}

Classification classifyInstruction(const Instruction &I, const DataLayout &DL) {
  OpRule Rule = OpRule::Other;
  bool Found = false;
  for (const OpcodeRow &Row : OpcodeTable)
    if (Row.Opcode == I.getOpcode()) {
      Rule = Row.Rule;
      Found = true;
      break;
    }
  if (!Found)
    return unknown("unknown_instruction",
                   (Twine("instruction '") + I.getOpcodeName() +
                    "' counted as one 'other' instruction")
                       .str());
  Classification C;
  switch (Rule) {
  case OpRule::ByType:
    C.Units = {{unitForType(I.getType()), 1}};
    // A 64-bit integer add/sub is an IADD3 pair (InstructionCosts.h).
    if ((I.getOpcode() == Instruction::Add ||
         I.getOpcode() == Instruction::Sub) &&
        I.getType()->isIntegerTy())
      C.Units = {{Unit::Int,
                  integerAddInstructions(I.getType()->getIntegerBitWidth())}};
    if (mulFusesIntoAdd(I))
      C.Units = {{Unit::Int, FusedIntegerMultiplyInstructions}};
    // An fadd/fsub that folds an fmul in is one FFMA: 2 FLOPs.
    C.Flops = flopsOfUnits(C.Units, contractedMul(I) ? 2 : 1);
    if (I.getOpcode() == Instruction::FNeg && negationFolds(I)) {
      C.Units.clear();
      C.Flops = {};
    }
    break;
  case OpRule::Alu:
    C.Units = {{Unit::Alu, predicateLogicCost(I)}};
    break;
  case OpRule::Gep:
    C.Units = gepUnits(cast<GetElementPtrInst>(I));
    break;
  case OpRule::Cvt:
    C.Units = conversion(I.getOperand(0)->getType(), I.getType());
    C.Flops = flopsOfUnits(C.Units); // FADD.SAT/.FTZ; F2F, I2F are sfu
    break;
  case OpRule::Trunc:
    if (I.getType()->isIntOrIntVectorTy() &&
        I.getType()->getScalarSizeInBits() >= 8)
      C.Units = conversion(I.getOperand(0)->getType(), I.getType());
    else
      C.Units = {{Unit::Alu, 1}};
    break;
  case OpRule::Ext:
    if (!extFoldsIntoAddress(I))
      C.Units = conversion(I.getOperand(0)->getType(), I.getType());
    break;
  case OpRule::Other:
    C.Units = {{Unit::Other, 1}};
    break;
  case OpRule::Free:
    break;
  case OpRule::FMul:
    if (!isFullyContracted(I))
      C.Units = {{unitForType(I.getType()), 1}};
    C.Flops = flopsOfUnits(C.Units);
    break;
  case OpRule::FDiv: {
    // 1.0 / x is selected as rcp (llc 22: rcp.rn.f32 / rcp.rn.f64).
    auto *Num = dyn_cast<ConstantFP>(I.getOperand(0));
    bool Reciprocal = Num && Num->isExactlyValue(1.0);
    OpFacts F{Reciprocal ? OpFamily::Rcp : OpFamily::Div,
              opTypeFor(I.getType()), precisionOf(I)};
    // A scalar constant divisor is an immediate of the div.rn; a kernel
    // parameter of a float/double one, a constant-bank operand.
    F.DivisorIsImmediate = !Reciprocal && isa<ConstantFP>(I.getOperand(1)) &&
                           !I.getType()->isVectorTy();
    if (auto *Arg = dyn_cast<Argument>(I.getOperand(1)))
      F.DivisorIsParameter =
          !Reciprocal && isKernel(*Arg->getParent()) &&
          (I.getType()->isFloatTy() || I.getType()->isDoubleTy());
    for (const UnitCount &U : expandOp(F))
      C.Units.push_back(U);
    C.Flops = expandFlops(F);
    break;
  }
  case OpRule::FRem:
    C.Units = expansion(OpFamily::FloatRem, I.getType(), OpPrecision::Ieee);
    C.Flops = expandFlops({OpFamily::FloatRem, opTypeFor(I.getType())});
    break;
  case OpRule::IntDiv: {
    if (isa<Constant>(I.getOperand(1))) {
      C.Units = {{unitForType(I.getType()), 1}};
      break;
    }
    bool Rem = I.getOpcode() == Instruction::SRem ||
               I.getOpcode() == Instruction::URem;
    bool Unsigned = I.getOpcode() == Instruction::UDiv ||
                    I.getOpcode() == Instruction::URem;
    bool Wide = I.getType()->getScalarSizeInBits() > 32;
    OpType T = Wide ? (Unsigned ? OpType::U64 : OpType::S64)
                    : (Unsigned ? OpType::U32 : OpType::S32);
    for (const UnitCount &UC :
         expandOp({Rem ? OpFamily::IntRem : OpFamily::IntDiv, T}))
      C.Units.push_back(UC);
    break;
  }
  case OpRule::Fence:
    C.Units = {{Unit::Sync, 1}};
    break;
  case OpRule::Atomic: {
    // An atomic on shared memory is done in the SM's shared memory (ATOMS):
    // a shared-memory access, not a global atomic whose bytes reach L2.
    const Value *Ptr = isa<AtomicRMWInst>(I)
                           ? cast<AtomicRMWInst>(I).getPointerOperand()
                           : cast<AtomicCmpXchgInst>(I).getPointerOperand();
    C.Units = {
        {resolveAddressSpace(Ptr) == AS_Shared ? Unit::SharedMem : Unit::Atomic,
         1}};
    break;
  }
  case OpRule::Memory:
    if (auto *LI = dyn_cast<LoadInst>(&I))
      setMemory(C, LI->getPointerOperand(), LI->getType(), DL);
    else {
      auto &SI = cast<StoreInst>(I);
      setMemory(C, SI.getPointerOperand(), SI.getValueOperand()->getType(), DL);
    }
    break;
  case OpRule::Call:
    return classifyCall(cast<CallBase>(I), DL);
  }
  return C;
}

} // namespace gpa
