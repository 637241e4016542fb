//===- Findings.h - Named, located performance findings -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What the analysis sees in a kernel's IR and the model pays for, located at
// the instruction that causes it: uncoalesced global accesses, FP64
// arithmetic in a float kernel, arrays in local memory, shared-memory bank
// conflicts, branches that diverge within a warp, loads kept in loops by
// possible aliasing, and loops whose trip count is assumed. Rule ids and
// help: gpa/FindingRules.h, docs/findings.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_FINDINGS_H
#define GPA_FRONTENDS_IR_FINDINGS_H

#include "gpa/BlockDims.h"
#include "gpa/GpuModel.h"
#include "gpa/TripCounts.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class DILocation;
class Instruction;
} // namespace llvm

namespace gpa {

struct Finding {
  std::string Rule; // a FindingRule id
  const llvm::Instruction *At = nullptr;
  const llvm::DILocation *Loc = nullptr; // where the remark points
  std::string File; // from the debug location, never absolute
  unsigned Line = 0, Column = 0;
  std::string Message; // what, and what it costs in the model's terms
  /// Located in a system header (clang's __clang_cuda_*.h, the CUDA
  /// toolkit's headers): not the user's code to change.
  bool InSystemHeader = false;
};

/// What the rules know of the launch beyond the IR.
struct FindingContext {
  /// The block's shape when given (launch file, -gpa-block-size as x);
  /// unknown: a warp's 32 lanes are taken as 32 consecutive threadIdx.x.
  BlockDims Block;
};

/// The findings of a kernel and the device functions it reaches, sorted by
/// location and rule. Trips: the counts the kernel's unknown loops use
/// (an AssumedTripCount finding for each loop whose count is not given).
/// Each rule checks its preconditions (docs/findings.md "Rules"); findings
/// with one cause (a double literal's promoted chain) are one finding.
std::vector<Finding>
findKernelFindings(const llvm::Function &Kernel,
                   const llvm::SmallPtrSet<const llvm::Function *, 8> &Reached,
                   const GpuModel &Gpu, const LoopTripCounts &Trips,
                   llvm::FunctionAnalysisManager &FAM,
                   const FindingContext &Context = {});

/// Whether I is a barrier every thread of the block waits at
/// (__syncthreads: llvm.nvvm.barrier*, llvm.nvvm.bar.*).
bool isBlockBarrier(const llvm::Instruction &I);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_FINDINGS_H
