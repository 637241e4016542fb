//===- PtxFindings.h - Findings of one PTX function -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Internal to gpa_ptx: the rules of docs/findings.md that nvcc's PTX lets
// the front-end check, with the preconditions the IR front-end's rules
// check (frontends/ir/Findings.cpp) and their wording
// (gpa/FindingMessages.h), located at the .loc of the culprit instruction.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXFINDINGS_H
#define GPA_PTX_PTXFINDINGS_H

#include "gpa/ptx/PtxAccessFacts.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"
#include "gpa/ptx/PtxCoalescing.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include <cstddef>
#include <string>
#include <vector>

namespace gpa::ptx {

/// A finding before its kernel is known: located by the .file index.
struct PtxFunctionFinding {
  std::string Rule;
  std::string Message; ///< empty for DoublePrecisionInFloatKernel (below)
  unsigned FileIndex = 0, Line = 0, Column = 0; ///< Line 0: no .loc
  /// DoublePrecisionInFloatKernel: the cause, and the instructions it
  /// makes run on FP64; the message needs the GPU (PtxFrontend.cpp).
  std::string Fp64Cause, Fp64List;
  std::size_t Fp64Count = 0;
};

struct PtxFunctionFindings {
  std::vector<PtxFunctionFinding> Findings;
  /// Loads or stores of float / double data (the FP64 rule's precondition
  /// is a kernel's, its callees' included).
  bool FloatData = false, DoubleData = false;
};

/// What summarizeFunction already computed for F, one entry per
/// instruction: classes, global and shared access bytes (0: none), their
/// patterns, address facts.
struct PtxFunctionFacts {
  const std::vector<OpClassification> &Classes;
  const std::vector<unsigned> &GlobalBytes, &SharedBytes;
  const std::vector<AccessInfo> &Patterns, &SharedPatterns;
  const std::vector<AddressFacts> &Addresses;
};

PtxFunctionFindings findFunctionFindings(const PtxFunction &F,
                                         const PtxCfg &Cfg,
                                         const PtxFunctionFacts &Facts,
                                         const WeightOptions &Opts);

} // namespace gpa::ptx

#endif
