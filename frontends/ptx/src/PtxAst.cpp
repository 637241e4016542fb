//===- PtxAst.cpp - Helpers of the parsed PTX form -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxAst.h"

namespace gpa::ptx {

unsigned ptxTypeBytes(std::string_view T) {
  struct Row {
    std::string_view Name;
    unsigned Bytes;
  };
  static const Row Rows[] = {
      {".b8", 1},     {".u8", 1},    {".s8", 1},     {".pred", 1},
      {".e4m3", 1},   {".e5m2", 1},  {".b16", 2},    {".u16", 2},
      {".s16", 2},    {".f16", 2},   {".bf16", 2},   {".e4m3x2", 2},
      {".e5m2x2", 2}, {".b32", 4},   {".u32", 4},    {".s32", 4},
      {".f32", 4},    {".f16x2", 4}, {".bf16x2", 4}, {".tf32", 4},
      {".b64", 8},    {".u64", 8},   {".s64", 8},    {".f64", 8},
      {".b128", 16},
  };
  for (const Row &R : Rows)
    if (R.Name == T)
      return R.Bytes;
  return 0;
}

bool PtxInstruction::hasModifier(std::string_view M) const {
  for (const std::string &S : Modifiers)
    if (S == M)
      return true;
  return false;
}

std::vector<std::string_view> PtxInstruction::typeModifiers() const {
  std::vector<std::string_view> Types;
  for (const std::string &S : Modifiers)
    if (ptxTypeBytes(S) != 0 && S != ".pred")
      Types.push_back(S);
  return Types;
}

std::string_view PtxInstruction::lastType() const {
  for (auto It = Modifiers.rbegin(); It != Modifiers.rend(); ++It)
    if (ptxTypeBytes(*It) != 0)
      return *It;
  return {};
}

std::string PtxInstruction::spelling() const {
  std::string S = Opcode;
  for (const std::string &M : Modifiers)
    S += M;
  return S;
}

const PtxFunction *PtxModule::findFunction(std::string_view Name) const {
  const PtxFunction *Decl = nullptr;
  for (const PtxFunction &F : Functions)
    if (F.Name == Name) {
      if (F.HasBody)
        return &F;
      Decl = &F;
    }
  return Decl;
}

const PtxVariable *PtxModule::findGlobal(std::string_view Name) const {
  for (const PtxVariable &V : Globals)
    if (V.Name == Name)
      return &V;
  return nullptr;
}

} // namespace gpa::ptx
