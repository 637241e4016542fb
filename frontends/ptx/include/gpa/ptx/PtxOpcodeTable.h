//===- PtxOpcodeTable.h - Which unit a PTX instruction uses -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The single place that maps a PTX instruction (base opcode + modifiers) to
// the gpa::Unit counts one execution contributes: IPP Table 1 extended with
// the units modern GPUs add. Instructions ptxas expands into sequences
// (IEEE div/rcp/sqrt) count what they expand to. The table and its
// rationale are in docs/ptx-frontend.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXOPCODETABLE_H
#define GPA_PTX_PTXOPCODETABLE_H

#include "gpa/ptx/PtxAst.h"

#include "gpa/InstructionCosts.h"
#include "gpa/Units.h"

#include <optional>
#include <string_view>
#include <vector>

namespace gpa::ptx {

using gpa::UnitCount;

/// State space a memory instruction addresses.
enum class MemSpace { None, Global, Local, Shared, Const, Param, Generic };

struct OpClassification {
  /// Counts one dynamic execution adds (usually one unit, 1.0).
  std::vector<UnitCount> Units;
  /// Memory instructions: the space, bytes per thread per access.
  MemSpace Space = MemSpace::None;
  unsigned AccessBytes = 0;
  /// False for opcodes the table does not know (counted as Other).
  bool Known = true;
  /// True for ld/st without a state space (counted as global memory).
  bool GenericAddress = false;
  /// True when ptxas expands the instruction into several (div.rn.f32...).
  bool Expanded = false;
  /// The facts Units was expanded from (gpa::expandOp), when it was: the
  /// SASS rules that learn more about the operation (its divisor is an
  /// immediate or a kernel parameter; a 64-bit add only addresses shared
  /// memory) set them and expand again. Empty once a rule fuses the
  /// operation into another instruction.
  std::optional<gpa::OpFacts> Facts;
};

/// Classifies I; never fails (unknown opcodes give Known = false, Other).
OpClassification classifyInstruction(const PtxInstruction &I);

/// The FP32/FP64 operations one execution of I classified as C computes,
/// as Nsight counts them (gpa/FlopCounts.h): fma/mad 2 per fp instruction,
/// min/max/abs/copysign/testp none (FMNMX, sign bits, FSETP; a neg that
/// stays is an FADD: 1), an expansion
/// its rows' FLOPs (gpa::expandFlops), any other fp instruction 1.
gpa::FlopCounts flopsOf(const PtxInstruction &I, const OpClassification &C);

/// The state space among I's modifiers (".global", ".shared::cta", ...).
MemSpace memSpaceOf(const PtxInstruction &I);

/// An ld.param through a register address (a kernel's by-value struct
/// indexed at run time): a constant-bank load (LDC, `const_mem`), not an
/// operand of the instruction as an ld.param at a named address is.
bool readsParamThroughRegister(const PtxInstruction &I);

std::string_view memSpaceName(MemSpace S);

} // namespace gpa::ptx

#endif
