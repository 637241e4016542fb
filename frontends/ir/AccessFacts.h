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
#include "gpa/MemoryLevels.h"

namespace llvm {
class DataLayout;
class Instruction;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace gpa {

/// Describes the global access \p I to \p Ptr of \p Bytes bytes per thread,
/// executed \p PerThread times, whose coalescing is \p Pattern.
GlobalAccessFact describeGlobalAccess(const llvm::Instruction &I,
                                      const llvm::Value *Ptr, uint64_t Bytes,
                                      const AccessPattern &Pattern,
                                      double PerThread,
                                      llvm::ScalarEvolution &SE,
                                      const llvm::DataLayout &DL);

} // namespace gpa

#endif // GPA_PASSES_ACCESSFACTS_H
