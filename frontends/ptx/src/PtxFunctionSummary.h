//===- PtxFunctionSummary.h - Weighted counts of one function ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Internal to gpa_ptx: the weighted per-invocation counts of one function's
// own body, before its callees are folded in.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXFUNCTIONSUMMARY_H
#define GPA_PTX_PTXFUNCTIONSUMMARY_H

#include "PtxFindings.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"
#include "gpa/ptx/PtxError.h"
#include "gpa/ptx/PtxFrontend.h"

#include "gpa/common/KernelCounts.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace gpa::ptx {

/// One function's own counts (the shared accumulator, folded through calls
/// by PtxFrontend.cpp) and what only the PTX front-end knows about it.
struct PtxFunctionSummary {
  gpa::KernelCounts Own;
  /// Direct callees with the weight of each call site (summed per callee).
  std::vector<std::pair<std::string, double>> Calls;
  std::set<std::string> Symbols; ///< variables and functions referenced
  std::uint64_t Registers = 0;   ///< declared, see registerEstimate()
  unsigned NumBlocks = 0, NumLoops = 0;
  /// Opcode -> static occurrences, for opcodes the table does not know.
  std::map<std::string, unsigned> UnknownOpcodes;
  unsigned GenericAccesses = 0, UnknownPatterns = 0, BroadcastAccesses = 0;
  std::vector<std::string> Warnings;
  /// This function's branches weighed by a choice.
  std::vector<PtxBranchNote> Branches;
  /// This function's loops counted by a given or default trip count.
  std::vector<PtxLoopNote> Loops;
  /// This function's findings (docs/findings.md), before the kernel's.
  PtxFunctionFindings Findings;
};

/// Register estimate of F's declarations: every declared register counts
/// one 32-bit slot per 4 bytes (64-bit: 2), vectors multiply, predicates
/// are excluded.
std::uint64_t registerEstimate(const PtxFunction &F);

/// \p Globals are the module's variables (sizes of global arrays; static
/// .shared ones for the LDS merging rule of PtxSassRules.h).
bool summarizeFunction(const PtxFunction &F, const std::string &File,
                       const std::vector<PtxVariable> &Globals,
                       const WeightOptions &Opts, PtxFunctionSummary &Out,
                       PtxError &Error);

} // namespace gpa::ptx

#endif
