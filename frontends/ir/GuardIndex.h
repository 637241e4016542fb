//===- GuardIndex.h - A guarded index as launch-affine terms ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR side of gpa/AffineGuard.h: ScalarEvolution's form of a compared
// value read as a * blockIdx + b * threadIdx + c * k + d, k a loop
// counter (an add recurrence of a loop with a constant trip count that
// holds the comparison; an unrolled copy's counter is already in d).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_GUARDINDEX_H
#define GPA_FRONTENDS_IR_GUARDINDEX_H

#include "gpa/AffineGuard.h"

#include <optional>

namespace llvm {
class BasicBlock;
class LoopInfo;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace gpa {

struct BranchFacts;

/// V, compared in block At, as block, thread and counter terms with
/// constant coefficients (blockDim and gridDim count as constants where
/// Facts give them); nullopt for anything else.
std::optional<GuardIndex> guardIndexOf(const llvm::Value *V,
                                       const llvm::BasicBlock &At,
                                       llvm::ScalarEvolution &SE,
                                       const llvm::LoopInfo &LI,
                                       const BranchFacts &Facts);

} // namespace gpa

#endif
