//===- PtxAccessFacts.h - Memory-level facts of PTX accesses ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The PTX side of the facts the memory-level rules read (gpa/MemoryLevels.h),
// the same facts the IR front-end reports: the base pointer of each global
// access (a kernel parameter "argN" or a global variable "@name"), its group
// (the accesses whose addresses differ from it only by a constant) and that
// constant, the working set of a global array. Addresses are written as
// linear forms over opaque atoms (special registers, parameters, registers
// with several definitions or a non-linear definition) plus a constant.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXACCESSFACTS_H
#define GPA_PTX_PTXACCESSFACTS_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpa::ptx {

/// Where an access's address comes from.
struct AddressFacts {
  bool HasAddress = false;
  std::string Base = "unknown";
  std::string Group;
  std::int64_t OffsetBytes = 0;
  /// Size of the global variable Base names (0: unknown, e.g. a parameter).
  std::uint64_t WorkingSetBytes = 0;
  /// The address is its base plus a constant: every thread and iteration
  /// touches the same bytes (a footprint of one access's bytes).
  bool ConstantAddress = false;
  /// Rule R7's facts (gpa/MemoryLevels.h): the access sits in a loop; when
  /// StrideKnown, its address changes by IterationStrideBytes per iteration
  /// of the innermost loop around it.
  bool InLoop = false;
  bool StrideKnown = false;
  std::int64_t IterationStrideBytes = 0;
};

/// Address facts of the first address operand of every instruction of F,
/// one entry per instruction; \p Globals are the module's variables (for
/// the sizes of "@name" bases).
std::vector<AddressFacts>
analyzeAddressFacts(const PtxFunction &F,
                    const std::vector<PtxVariable> &Globals);

/// The same, with the loop facts from \p Cfg: an atom the innermost loop
/// does not define adds nothing per iteration, one it defines once as
/// itself plus a constant (p = p + 4, or through a mov) adds that constant;
/// any other definition in the loop leaves the step unknown.
std::vector<AddressFacts>
analyzeAddressFacts(const PtxFunction &F,
                    const std::vector<PtxVariable> &Globals, const PtxCfg &Cfg);

} // namespace gpa::ptx

#endif
