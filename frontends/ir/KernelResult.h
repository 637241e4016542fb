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
#include "gpa/common/AssembleKernel.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace gpa {

/// A kernel whose compiled resources another step supplies: in a full
/// compile the host compilation reads registers, shared memory and spills
/// from the cubin clang's own device job produced (ModuleAnalysis::
/// ResourcesPending) and assembles the kernel again from this draft.
struct DeferredDraft {
  /// The draft before assembleKernel: Given and Compiled empty, Before
  /// without local_mem_in_registers.
  KernelDraft Draft;
  /// The counts when the private arrays live in registers (a 0-byte stack
  /// frame); set only when the kernel accesses local memory.
  std::optional<KernelProfile> LocalInRegisters;
  double LocalMemPerThread = 0;
  /// Where local_mem_in_registers goes in Draft.Before.
  std::size_t LocalAssumptionAt = 0;
};

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
  /// Set when the compiled resources are pending (ResourcesPending).
  std::optional<DeferredDraft> Deferred;
};

/// The front-end-neutral result (gpa/AnalyzedKernel.h) reports, budgets and
/// `gpa analyze` consume; moves the analysis out of R.
AnalyzedKernel toAnalyzedKernel(KernelResult &&R);
/// The same, copying (the pass keeps R for its remarks).
AnalyzedKernel toAnalyzedKernel(const KernelResult &R);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_KERNELRESULT_H
