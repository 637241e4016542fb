//===- AccessFacts.h - A global access's facts for the model ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What the memory-level rules (models/, gpa/MemoryLevels.h) need to know of
// one global access: its base pointer, the constant offset that separates it
// from accesses with the same variable address part, its lane stride, and
// the working set of its base when the IR states it.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PASSES_ACCESSFACTS_H
#define GPA_PASSES_ACCESSFACTS_H

#include "AccessPattern.h"
#include "ScevText.h"
#include "gpa/MemoryLevels.h"

#include <map>
#include <string>

namespace llvm {
class DataLayout;
class SCEV;
class Instruction;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace llvm {
class LoopInfo;
} // namespace llvm

namespace gpa {

/// A load the NVPTX back end makes ld.global.nc: marked !invariant.load, or
/// in a kernel through pointers that can only point into noalias arguments
/// the kernel never writes (or constant global variables); the PTX
/// front-end reads the .nc of the same load.
bool isReadOnlyLoad(const llvm::Instruction &I);

/// Wavefronts one warp's shared access to \p Ptr of \p Bytes bytes per lane
/// needs (gpa/SharedBankConflicts.h); 1 unless its lane stride is known.
unsigned sharedBankConflictWays(const llvm::Value *Ptr, uint64_t Bytes,
                                llvm::ScalarEvolution &SE,
                                const MemoryGeometry &G);

/// Describes the global access \p I to \p Ptr of \p Bytes bytes per thread,
/// executed \p PerThread times, whose coalescing is \p Pattern; with \p LI,
/// also whether it sits in a loop and its address's step per iteration of
/// the innermost one (rule R7 of docs/models.md "Memory levels").
GlobalAccessFact describeGlobalAccess(
    const llvm::Instruction &I, const llvm::Value *Ptr, uint64_t Bytes,
    const AccessPattern &Pattern, double PerThread, llvm::ScalarEvolution &SE,
    const llvm::DataLayout &DL, const llvm::LoopInfo *LI = nullptr,
    ScevTexts *Texts = nullptr);

} // namespace gpa

#endif // GPA_PASSES_ACCESSFACTS_H
