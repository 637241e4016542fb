//===- SharedLoadMerging.h - Shared loads merged into LDS.128 --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Shared-memory loads of one base at constant offsets, with no shared store,
// barrier or call between them, become one LDS.64/LDS.128 per aligned window
// (gpa/InstructionCosts.h sharedLoadInstructions). The IR front-end's share
// of that rule: each such load's fraction of the group's LDS instructions.
// Before that, what clang's NVPTX back-end does to the IR: consecutive
// loads its LoadStoreVectorizer joins (within their `align`) are one
// ld.shared.v2/.v4 each, and a load a single-predecessor chain of
// dominating blocks already made is reused (EarlyCSE), no LDS.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SHAREDLOADMERGING_H
#define GPA_SHAREDLOADMERGING_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class BasicBlock;
class Instruction;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// LDS instructions per load for the merged shared loads of \p BB (loads
/// not in the map count one each). A static (non-extern) __shared__ array
/// is taken as 16-byte aligned: ptxas lays it out.
llvm::DenseMap<const llvm::Instruction *, double>
mergedSharedLoads(const llvm::BasicBlock &BB, llvm::ScalarEvolution &SE);

} // namespace gpa

#endif
