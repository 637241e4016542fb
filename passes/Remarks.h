//===- Remarks.h - The plugin's optimization remarks -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One analysis remark per kernel with structured arguments (they land in
// -fsave-optimization-record / -pass-remarks-output YAML), a missed remark
// when fewer SMs would save energy, and an analysis remark for every
// instruction the estimate could not see through.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_REMARKS_H
#define GPA_PLUGIN_REMARKS_H

#include "DecisionSummary.h"
#include "Findings.h"
#include "KernelCounter.h"
#include "KernelResult.h"
#include "SourceLocation.h"

#include "gpa/GpuModel.h"

#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class DILocation;
} // namespace llvm

namespace gpa {

constexpr const char *RemarkPassName = "gpu-power-advisor";

/// "1.5", "48", "0.333": at most three decimals, trailing zeros dropped.
std::string formatCount(double V);

/// Up to three units with the most dynamic instructions, most first.
std::string dominantUnits(const KernelProfile &P);

/// The non-zero per-thread counts as "unit=N" in Units.def order.
std::string countsText(const KernelProfile &P);

/// How a kernel's launch was chosen: "assumed", "given", or per dimension
/// ("block given, grid assumed") when they differ.
std::string launchSourceText(const AssumptionList &List);

/// The kernel remark's decision and the launch it priced, for the host.
DecisionSummary kernelDecision(const KernelResult &K, const GpuModel &Gpu);

void emitKernelRemarks(const KernelResult &K, const GpuModel &Gpu,
                       llvm::FunctionAnalysisManager &FAM, bool GridRemark);

/// Emits the notes in functions \p K reaches that were not emitted yet
/// (\p Emitted, one flag per note), so that each kernel's remark follows
/// the notes that explain its estimate; notes in system headers only with
/// \p SystemHeaders (-gpa-system-header-findings).
void emitNoteRemarks(const std::vector<CounterNote> &Notes,
                     const KernelResult &K, std::vector<bool> &Emitted,
                     llvm::FunctionAnalysisManager &FAM, bool SystemHeaders);

/// One remark per finding, named by its rule id, at its instruction.
void emitFindingRemarks(const std::vector<Finding> &Findings,
                        llvm::FunctionAnalysisManager &FAM);

} // namespace gpa

#endif // GPA_PLUGIN_REMARKS_H
