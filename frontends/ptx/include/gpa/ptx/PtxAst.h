//===- PtxAst.h - The parsed form of a PTX module ---------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What the parser keeps of a PTX module: the header (version, target,
// address size), module-scope variables, and every .entry/.func with its
// parameters, performance directives, register declarations and a flat
// instruction list with labels. Scoping braces inside bodies are flattened
// (they only scope register names, which are unique in nvcc output).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXAST_H
#define GPA_PTX_PTXAST_H

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpa::ptx {

/// Size in bytes of a PTX fundamental type (".f32" -> 4); 0 if Type is not
/// one.
unsigned ptxTypeBytes(std::string_view Type);

struct PtxOperand {
  enum class Kind {
    Register,  ///< %r1, %tid.x (Name)
    Immediate, ///< 42, -1, 0f3F800000 (IntValue / FloatValue, IsFloat)
    Symbol,    ///< a variable, function or label name (Name, IntValue offset)
    Address,   ///< [base+offset] (Name = base or empty, IntValue = offset,
               ///< Elems = everything inside the brackets)
    Vector,    ///< {a, b, ...} (Elems)
    List,      ///< (a, b, ...) of call (Elems)
    Pair,      ///< a|b destinations of setp (Elems)
    Sink,      ///< _
  };
  Kind K = Kind::Immediate;
  std::string Name;
  bool Negated = false; ///< !%p1
  bool IsFloat = false;
  std::int64_t IntValue = 0;
  double FloatValue = 0;
  std::vector<PtxOperand> Elems;
  unsigned Line = 0, Col = 0;

  bool isRegister() const { return K == Kind::Register; }
};

struct PtxInstruction {
  std::string Opcode;                 ///< "ld"
  std::vector<std::string> Modifiers; ///< {".global", ".f32"}
  std::string Guard;                  ///< "%p1" for "@%p1" / "@!%p1"
  bool GuardNegated = false;
  std::vector<PtxOperand> Operands;
  unsigned Line = 0, Col = 0;
  /// The source line of the last .loc before it (0: none), with that
  /// .loc's file index (the module's .file table) and column (0: none).
  unsigned SourceLine = 0;
  unsigned SourceFile = 0, SourceColumn = 0;

  bool hasModifier(std::string_view M) const;
  /// First modifier that is a fundamental type, scanning from the end
  /// (the data type of "cvt.f32.s32" is the destination, first one; callers
  /// that care use typeModifiers()).
  std::string_view lastType() const;
  std::vector<std::string_view> typeModifiers() const;
  /// The full opcode spelling, "ld.global.f32".
  std::string spelling() const;
};

struct PtxVariable {
  std::string Name;
  std::string Space; ///< ".shared", ".global", ".const", ".local", ".param"
  std::string Type;  ///< ".b8", ".f32", ... (empty for .texref etc.)
  bool Extern = false;
  unsigned Align = 0;
  unsigned VectorWidth = 1;
  /// Total size in bytes; 0 with UnsizedArray for "name[]" (dynamic shared).
  std::uint64_t SizeBytes = 0;
  bool UnsizedArray = false;
  unsigned Line = 0;
};

struct PtxRegDecl {
  std::string Type; ///< ".f32", ".pred", ...
  std::string Name; ///< "%f" for %f<12>, "%x" for a plain %x
  unsigned VectorWidth = 1;
  std::uint64_t Count = 1;
};

struct PtxFunction {
  std::string Name;
  bool IsEntry = false;
  bool HasBody = false;
  bool Visible = false, Extern = false, Weak = false;
  std::vector<PtxVariable> Params;
  std::vector<PtxVariable> Returns;
  /// Performance directives; 0 = absent.
  unsigned MaxNtid[3] = {0, 0, 0};
  unsigned ReqNtid[3] = {0, 0, 0};
  unsigned MaxNReg = 0, MinNctaPerSm = 0;
  std::vector<PtxRegDecl> Registers;
  std::vector<PtxVariable> Variables; ///< .local/.shared/... inside the body
  std::vector<PtxInstruction> Body;
  /// Label name -> index in Body of the instruction it precedes.
  std::map<std::string, std::size_t> Labels;
  unsigned Line = 0, Col = 0;
  /// First ".loc FILE LINE COL" in the body (0 = none).
  unsigned FirstLocFile = 0, FirstLocLine = 0;
};

struct PtxModule {
  std::string Version;                    ///< "9.0"
  std::string Target;                     ///< "sm_80"
  std::vector<std::string> TargetOptions; ///< "texmode_independent", "debug"
  unsigned AddressSize = 64;
  std::vector<PtxVariable> Globals;
  std::vector<PtxFunction> Functions;
  std::map<unsigned, std::string> Files; ///< .file index -> name

  const PtxFunction *findFunction(std::string_view Name) const;
  const PtxVariable *findGlobal(std::string_view Name) const;
};

} // namespace gpa::ptx

#endif
