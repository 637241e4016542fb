//===- PtxOpcodeTable.cpp - Which unit a PTX instruction uses ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One row per base opcode. The row's rule says how modifiers refine it:
// arithmetic picks int/fp/fp64/fp16 from the type suffix, memory picks the
// unit from the state space, and div/rcp/sqrt count their ptxas expansion.
// Expansion sizes are the fast path of the SASS ptxas 12/13 emits for
// sm_70..sm_90 (slow paths for denormals/overflow are ignored).
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxOpcodeTable.h"

namespace gpa::ptx {

namespace {
enum class Rule {
  Arith,      ///< type suffix decides: int / fp / fp64 / fp16
  IntOnly,    ///< integer-only operations
  Sfu,        ///< transcendental approximations
  Div,        ///< div: int, or a float expansion
  Rcp,        ///< rcp: approx -> sfu, IEEE -> sfu + refinement
  Sqrt,       ///< sqrt: approx -> sfu, IEEE -> sfu + refinement
  Alu,        ///< moves, logic, shifts, compares, conversions
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
  {"rem", Rule::Arith}, {"copysign", Rule::Arith}, {"testp", Rule::Arith},
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
  // ALU (IPP Table 1 ALU row plus newer logic/permute instructions).
  {"and", Rule::Alu}, {"or", Rule::Alu}, {"xor", Rule::Alu},
  {"not", Rule::Alu}, {"cnot", Rule::Alu}, {"shl", Rule::Alu},
  {"shr", Rule::Alu}, {"shf", Rule::Alu}, {"mov", Rule::Alu},
  {"cvt", Rule::Alu}, {"cvta", Rule::Alu}, {"set", Rule::Alu},
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

bool isApprox(const PtxInstruction &I) { return I.hasModifier(".approx"); }

/// Float div/rcp/sqrt: approx is one SFU op (div.approx adds the multiply);
/// IEEE-rounded forms add a Newton-Raphson refinement on the FP pipe.
void floatExpansion(const PtxInstruction &I, Rule R, OpClassification &C) {
  Unit Fpu = arithUnit(I);
  if (Fpu == Unit::Int)
    Fpu = Unit::Fp;
  unsigned Extra = 0;
  if (R == Rule::Div)
    Extra = isApprox(I) ? 1 : I.hasModifier(".full") ? 3 : 8;
  else if (!isApprox(I))
    Extra = R == Rule::Rcp ? (Fpu == Unit::Fp64 ? 6 : 4)
                           : (Fpu == Unit::Fp64 ? 8 : 5);
  if (Fpu == Unit::Fp16 && R != Rule::Div) {
    C.Units.push_back({Unit::Sfu, 1}); // rcp/sqrt.approx.f16: one MUFU
    return;
  }
  C.Units.push_back({Unit::Sfu, 1});
  if (Extra) {
    C.Units.push_back({Fpu, double(Extra)});
    C.Expanded = true;
  }
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
  C.Units.push_back({memUnit(C.Space), 1});
}
} // namespace

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
    C.Units.push_back({Unit::Sfu, 1});
    break;
  case Rule::Div:
    if (arithUnit(I) == Unit::Int)
      C.Units.push_back({Unit::Int, 1});
    else
      floatExpansion(I, Rule::Div, C);
    break;
  case Rule::Rcp:
  case Rule::Sqrt:
    floatExpansion(I, Found->R, C);
    break;
  case Rule::Alu:
    C.Units.push_back({Unit::Alu, 1});
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
    C.Units.push_back({Unit::Atomic, 1});
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
