//===- PtxOpcodeTable.cpp - Which unit a PTX instruction uses ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One row per base opcode. The row's rule says how modifiers refine it:
// arithmetic picks int/fp/fp64/fp16 from the type suffix, memory picks the
// unit from the state space, and div/rem/rcp/sqrt, the SFU operations and
// cvt count the SASS ptxas expands them into, from the cost model shared
// with the IR front-end (gpa/InstructionCosts.def).
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxOpcodeTable.h"

namespace gpa::ptx {

namespace {
enum class Rule {
  Arith,      ///< type suffix decides: int / fp / fp64 / fp16
  IntOnly,    ///< integer-only operations
  Sfu,        ///< transcendental approximations (gpa/InstructionCosts.def)
  Rem,        ///< integer remainder (an expansion)
  Div,        ///< div: int, or a float expansion
  Rcp,        ///< rcp: approx -> sfu, IEEE -> sfu + refinement
  Sqrt,       ///< sqrt: approx -> sfu, IEEE -> sfu + refinement
  Alu,        ///< moves, logic, shifts, compares
  Convert,    ///< cvt: the shared model, from the two types (XU, ALU, ...)
  Memory,     ///< ld/st/ldu: unit from the state space
  SharedOnly, ///< ldmatrix/stmatrix: always shared memory
  Texture,    ///< texture and surface access
  Atomic,     ///< atom/red
  Shuffle,    ///< warp-level data exchange
  Sync,       ///< barriers and fences
  Tensor,     ///< mma/wgmma, and wmma.mma (wmma.load/store are Memory)
  AsyncCopy,  ///< cp.async*: copies; wait_group -> sync, commit -> other
  Other,      ///< control flow and hints
};

struct Row {
  std::string_view Opcode;
  Rule R;
};

// clang-format off
const Row Table[] = {
  // Arithmetic whose unit follows the type (IPP Table 1 INT and FP rows).
  {"add", Rule::Arith}, {"sub", Rule::Arith}, {"mul", Rule::Arith},
  {"mad", Rule::Arith}, {"fma", Rule::Arith}, {"min", Rule::Arith},
  {"max", Rule::Arith}, {"abs", Rule::Arith}, {"neg", Rule::Arith},
  {"copysign", Rule::Arith}, {"testp", Rule::Arith},
  {"div", Rule::Div}, {"rcp", Rule::Rcp}, {"sqrt", Rule::Sqrt},
  // Integer-only (IPP INT row plus bit manipulation).
  {"addc", Rule::IntOnly}, {"subc", Rule::IntOnly}, {"madc", Rule::IntOnly},
  {"sad", Rule::IntOnly}, {"mul24", Rule::IntOnly}, {"mad24", Rule::IntOnly},
  {"popc", Rule::IntOnly}, {"clz", Rule::IntOnly}, {"brev", Rule::IntOnly},
  {"bfe", Rule::IntOnly}, {"bfi", Rule::IntOnly}, {"bfind", Rule::IntOnly},
  {"fns", Rule::IntOnly}, {"dp4a", Rule::IntOnly}, {"dp2a", Rule::IntOnly},
  {"szext", Rule::IntOnly}, {"bmsk", Rule::IntOnly},
  // SFU (MUFU on current GPUs; IPP lists ex2/lg2 under FP, see the docs).
  {"sin", Rule::Sfu}, {"cos", Rule::Sfu}, {"ex2", Rule::Sfu},
  {"lg2", Rule::Sfu}, {"rsqrt", Rule::Sfu}, {"tanh", Rule::Sfu},
  {"rem", Rule::Rem},
  // ALU (IPP Table 1 ALU row plus newer logic/permute instructions).
  {"and", Rule::Alu}, {"or", Rule::Alu}, {"xor", Rule::Alu},
  {"not", Rule::Alu}, {"cnot", Rule::Alu}, {"shl", Rule::Alu},
  {"shr", Rule::Alu}, {"shf", Rule::Alu}, {"mov", Rule::Alu},
  {"cvt", Rule::Convert}, {"cvta", Rule::Alu}, {"set", Rule::Alu},
  {"setp", Rule::Alu}, {"selp", Rule::Alu}, {"slct", Rule::Alu},
  {"prmt", Rule::Alu}, {"lop3", Rule::Alu}, {"isspacep", Rule::Alu},
  {"mapa", Rule::Alu}, {"istypep", Rule::Alu},
  // Memory.
  {"ld", Rule::Memory}, {"ldu", Rule::Memory}, {"st", Rule::Memory},
  {"ldmatrix", Rule::SharedOnly}, {"stmatrix", Rule::SharedOnly},
  {"tex", Rule::Texture}, {"tld4", Rule::Texture}, {"txq", Rule::Texture},
  {"suld", Rule::Texture}, {"sust", Rule::Texture}, {"sured", Rule::Texture},
  {"suq", Rule::Texture},
  {"atom", Rule::Atomic}, {"red", Rule::Atomic},
  // Warp-level exchange.
  {"shfl", Rule::Shuffle}, {"vote", Rule::Shuffle}, {"match", Rule::Shuffle},
  {"redux", Rule::Shuffle}, {"activemask", Rule::Shuffle},
  // Synchronization.
  {"bar", Rule::Sync}, {"barrier", Rule::Sync}, {"membar", Rule::Sync},
  {"fence", Rule::Sync}, {"mbarrier", Rule::Sync},
  // Tensor cores and asynchronous copies.
  {"mma", Rule::Tensor}, {"wmma", Rule::Tensor}, {"wgmma", Rule::Tensor},
  {"cp", Rule::AsyncCopy},
  // Control flow and hints: only the fetch/decode/schedule path (FDS).
  {"bra", Rule::Other}, {"brx", Rule::Other}, {"ret", Rule::Other},
  {"exit", Rule::Other}, {"call", Rule::Other}, {"nanosleep", Rule::Other},
  {"trap", Rule::Other}, {"brkpt", Rule::Other}, {"pmevent", Rule::Other},
  {"prefetch", Rule::Other}, {"prefetchu", Rule::Other},
  {"applypriority", Rule::Other}, {"discard", Rule::Other},
  {"createpolicy", Rule::Other}, {"alloca", Rule::Other},
  {"stacksave", Rule::Other}, {"stackrestore", Rule::Other},
};
// clang-format on

bool isF16Type(std::string_view T) {
  return T == ".f16" || T == ".f16x2" || T == ".bf16" || T == ".bf16x2";
}

/// The arithmetic unit the instruction's types select.
Unit arithUnit(const PtxInstruction &I) {
  bool F32 = false, F16 = false;
  for (std::string_view T : I.typeModifiers()) {
    if (T == ".f64")
      return Unit::Fp64;
    F16 |= isF16Type(T);
    F32 |= T == ".f32" || T == ".tf32";
  }
  if (F16)
    return Unit::Fp16;
  return F32 ? Unit::Fp : Unit::Int;
}

gpa::OpFamily sfuFamily(std::string_view Op) {
  if (Op == "ex2")
    return gpa::OpFamily::Ex2;
  if (Op == "lg2")
    return gpa::OpFamily::Lg2;
  if (Op == "rsqrt")
    return gpa::OpFamily::Rsqrt;
  if (Op == "tanh")
    return gpa::OpFamily::Tanh;
  return gpa::OpFamily::SinCos;
}

gpa::OpType opType(const PtxInstruction &I) {
  std::string_view T = I.lastType();
  if (T == ".f64")
    return gpa::OpType::F64;
  if (T == ".f32")
    return gpa::OpType::F32;
  if (isF16Type(T))
    return gpa::OpType::F16;
  bool Wide = T.size() >= 3 && T.substr(T.size() - 2) == "64";
  bool Unsigned = !T.empty() && T.size() > 1 && (T[1] == 'u' || T[1] == 'b');
  if (Wide)
    return Unsigned ? gpa::OpType::U64 : gpa::OpType::S64;
  return Unsigned ? gpa::OpType::U32 : gpa::OpType::S32;
}

gpa::OpPrecision precisionOf(const PtxInstruction &I) {
  if (I.hasModifier(".approx"))
    return I.hasModifier(".ftz") ? gpa::OpPrecision::ApproxFtz
                                 : gpa::OpPrecision::Approx;
  if (I.hasModifier(".full"))
    return gpa::OpPrecision::Full;
  return gpa::OpPrecision::Ieee;
}

/// Operations that expand into several SASS instructions: the shared cost
/// model (gpa/InstructionCosts.def).
void addExpansion(const PtxInstruction &I, gpa::OpFamily Family,
                  OpClassification &C) {
  C.Facts = gpa::OpFacts{Family, opType(I), precisionOf(I)};
  for (const UnitCount &U : gpa::expandOp(*C.Facts))
    C.Units.push_back(U);
  C.Expanded = C.Units.size() > 1 || (C.Units.size() == 1 && C.Units[0].N > 1);
}

/// The type of one cvt type modifier (.s8 ... .u64, .f16/.f16x2,
/// .bf16/.bf16x2, .f32, .f64); .b types count as unsigned.
gpa::OpType convertType(std::string_view T) {
  if (T == ".f64")
    return gpa::OpType::F64;
  if (T == ".f16" || T == ".f16x2")
    return gpa::OpType::F16;
  if (T == ".bf16" || T == ".bf16x2")
    return gpa::OpType::BF16;
  if (T.size() < 3 || T[1] == 'f' || T[1] == 't')
    return gpa::OpType::F32; // .f32, .tf32
  bool Signed = T[1] == 's';
  std::string_view Bits = T.substr(2);
  if (Bits == "8")
    return Signed ? gpa::OpType::S8 : gpa::OpType::U8;
  if (Bits == "16")
    return Signed ? gpa::OpType::S16 : gpa::OpType::U16;
  if (Bits == "64")
    return Signed ? gpa::OpType::S64 : gpa::OpType::U64;
  return Signed ? gpa::OpType::S32 : gpa::OpType::U32;
}

/// cvt{.rnd}{.ftz}{.sat}.dtype.atype: the facts of the conversion; the
/// shared model decides its SASS (gpa::conversionKind).
void classifyConvert(const PtxInstruction &I, OpClassification &C) {
  std::vector<std::string_view> T = I.typeModifiers();
  if (T.empty()) {
    C.Units.push_back({Unit::Alu, 1});
    return;
  }
  gpa::OpFacts F{gpa::OpFamily::Convert, convertType(T.front())};
  F.From = convertType(T.back());
  F.RoundsToInteger = I.hasModifier(".rni") || I.hasModifier(".rzi") ||
                      I.hasModifier(".rmi") || I.hasModifier(".rpi");
  F.Saturate = I.hasModifier(".sat");
  for (const UnitCount &U : gpa::expandOp(F))
    C.Units.push_back(U);
}

unsigned accessBytes(const PtxInstruction &I) {
  unsigned Width = 1;
  for (const std::string &M : I.Modifiers)
    if (M == ".v2" || M == ".v4" || M == ".v8")
      Width = M[2] - '0';
  unsigned Elem = ptxTypeBytes(I.lastType());
  return Elem * Width;
}

Unit memUnit(MemSpace S) {
  switch (S) {
  case MemSpace::Global:
  case MemSpace::Generic:
    return Unit::GlobalMem;
  case MemSpace::Local:
    return Unit::LocalMem;
  case MemSpace::Shared:
    return Unit::SharedMem;
  case MemSpace::Const:
    return Unit::ConstMem;
  case MemSpace::Param:
  case MemSpace::None:
    return Unit::Alu; // kernel parameters live in a constant bank
  }
  return Unit::Alu;
}

void classifyMemory(const PtxInstruction &I, OpClassification &C) {
  C.Space = memSpaceOf(I);
  if (C.Space == MemSpace::None) {
    C.Space = MemSpace::Generic;
    C.GenericAddress = true;
  }
  C.AccessBytes = accessBytes(I);
  C.Units.push_back(
      {readsParamThroughRegister(I) ? Unit::ConstMem : memUnit(C.Space), 1});
}
} // namespace

bool readsParamThroughRegister(const PtxInstruction &I) {
  return I.Opcode == "ld" && memSpaceOf(I) == MemSpace::Param &&
         I.Operands.size() > 1 &&
         I.Operands[1].K == PtxOperand::Kind::Address &&
         !I.Operands[1].Name.empty() && I.Operands[1].Name[0] == '%';
}

MemSpace memSpaceOf(const PtxInstruction &I) {
  for (const std::string &M : I.Modifiers) {
    std::string_view S = M;
    S = S.substr(0, S.find("::"));
    if (S == ".global")
      return MemSpace::Global;
    if (S == ".local")
      return MemSpace::Local;
    if (S == ".shared")
      return MemSpace::Shared;
    if (S == ".const")
      return MemSpace::Const;
    if (S == ".param")
      return MemSpace::Param;
  }
  return MemSpace::None;
}

std::string_view memSpaceName(MemSpace S) {
  switch (S) {
  case MemSpace::Global:
    return "global";
  case MemSpace::Local:
    return "local";
  case MemSpace::Shared:
    return "shared";
  case MemSpace::Const:
    return "const";
  case MemSpace::Param:
    return "param";
  case MemSpace::Generic:
    return "generic";
  case MemSpace::None:
    return "none";
  }
  return "none";
}

gpa::FlopCounts flopsOf(const PtxInstruction &I, const OpClassification &C) {
  if (C.Units.empty())
    return {}; // fused into another instruction by a SASS rule
  if (C.Facts)
    return gpa::expandFlops(*C.Facts);
  const std::string &Op = I.Opcode;
  double PerInstruction = Op == "fma" || Op == "mad" ? 2
                          : Op == "min" || Op == "max" || Op == "abs" ||
                                  Op == "copysign" || Op == "testp"
                              ? 0
                              : 1;
  gpa::FlopCounts F;
  for (const UnitCount &U : C.Units)
    if (U.U == Unit::Fp)
      F.Fp32 += U.N * PerInstruction;
    else if (U.U == Unit::Fp64)
      F.Fp64 += U.N * PerInstruction;
  return F;
}

OpClassification classifyInstruction(const PtxInstruction &I) {
  OpClassification C;
  const Row *Found = nullptr;
  for (const Row &R : Table)
    if (R.Opcode == I.Opcode) {
      Found = &R;
      break;
    }
  if (!Found) {
    C.Known = false;
    C.Units.push_back({Unit::Other, 1});
    return C;
  }
  switch (Found->R) {
  case Rule::Arith:
    C.Units.push_back({arithUnit(I), 1});
    break;
  case Rule::IntOnly:
    C.Units.push_back({Unit::Int, 1});
    break;
  case Rule::Sfu:
    // ex2/tanh/... .approx.f16(x2) are native half-precision MUFU ops.
    if (arithUnit(I) == Unit::Fp16)
      C.Units.push_back({Unit::Sfu, 1});
    else
      addExpansion(I, sfuFamily(I.Opcode), C);
    break;
  case Rule::Rem:
    if (arithUnit(I) == Unit::Int)
      addExpansion(I, gpa::OpFamily::IntRem, C);
    else
      C.Units.push_back({arithUnit(I), 1});
    break;
  case Rule::Div:
    addExpansion(I,
                 arithUnit(I) == Unit::Int ? gpa::OpFamily::IntDiv
                                           : gpa::OpFamily::Div,
                 C);
    break;
  case Rule::Rcp:
    addExpansion(I, gpa::OpFamily::Rcp, C);
    break;
  case Rule::Sqrt:
    addExpansion(I, gpa::OpFamily::Sqrt, C);
    break;
  case Rule::Alu:
    C.Units.push_back({Unit::Alu, 1});
    break;
  case Rule::Convert:
    classifyConvert(I, C);
    break;
  case Rule::Memory:
    classifyMemory(I, C);
    break;
  case Rule::SharedOnly:
    C.Space = MemSpace::Shared;
    C.AccessBytes = 16; // one 8x8 b16 row (16 bytes) per thread and matrix
    C.Units.push_back({Unit::SharedMem, 1});
    break;
  case Rule::Texture:
    C.Units.push_back({Unit::Texture, 1});
    break;
  case Rule::Atomic:
    C.Space = memSpaceOf(I);
    C.AccessBytes = accessBytes(I);
    // atom.shared / red.shared are done in the SM's shared memory: a
    // shared-memory access, not a global atomic whose bytes reach L2.
    C.Units.push_back(
        {C.Space == MemSpace::Shared ? Unit::SharedMem : Unit::Atomic, 1});
    break;
  case Rule::Shuffle:
    C.Units.push_back({Unit::Shuffle, 1});
    break;
  case Rule::Sync:
    C.Units.push_back({Unit::Sync, 1});
    break;
  case Rule::Tensor:
    // wmma.load/wmma.store move fragments through memory, not the tensor
    // core: classify them like ld/st.
    if (I.Opcode == "wmma" &&
        (I.hasModifier(".load") || I.hasModifier(".store")))
      classifyMemory(I, C);
    else
      C.Units.push_back({Unit::Tensor, 1});
    break;
  case Rule::AsyncCopy:
    if (I.hasModifier(".wait_group") || I.hasModifier(".wait_all"))
      C.Units.push_back({Unit::Sync, 1});
    else if (I.hasModifier(".commit_group"))
      C.Units.push_back({Unit::Other, 1});
    else
      C.Units.push_back({Unit::AsyncCopy, 1});
    break;
  case Rule::Other:
    C.Units.push_back({Unit::Other, 1});
    break;
  }
  return C;
}

} // namespace gpa::ptx
