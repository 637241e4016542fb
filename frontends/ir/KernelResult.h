//===- KernelResult.h - One kernel's analysis, with provenance -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What the pass hands to the remark emitter and the report writer.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_KERNELRESULT_H
#define GPA_FRONTENDS_IR_KERNELRESULT_H

#include "Findings.h"
#include "GridIndependence.h"
#include "KernelCounter.h"
#include "LaunchAssumptions.h"

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace gpa {

struct KernelResult {
  const llvm::Function *F = nullptr;
  KernelAnalysis Analysis;
  AssumptionList Assumed;
  std::string Demangled;
  /// Source location from the kernel's DISubprogram, never absolute.
  std::string File;
  unsigned Line = 0;
  /// May the launch rewrite shrink this kernel's grid?
  GridVerdict Grid;
  /// The kernel and the device functions it calls.
  llvm::SmallPtrSet<const llvm::Function *, 8> Reached;
  /// Named, located findings (Findings.h), sorted by location.
  std::vector<Finding> Findings;
  /// The kernel's loops bounded by an argument (KernelCounter.h).
  std::vector<ArgumentLoop> ArgumentLoops;
};

/// The front-end-neutral result (gpa/AnalyzedKernel.h) reports, budgets and
/// `gpa analyze` consume; moves the analysis out of R.
AnalyzedKernel toAnalyzedKernel(KernelResult &&R);
/// The same, copying (the pass keeps R for its remarks).
AnalyzedKernel toAnalyzedKernel(const KernelResult &R);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_KERNELRESULT_H
