//===- BlockWeights.h - Expected executions of each basic block -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// How many times each block runs per call of its function, from
// BlockFrequencyInfo (branch probabilities) with every loop rescaled to its
// ScalarEvolution trip count or to -gpa-default-trip-count.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_BLOCKWEIGHTS_H
#define GPA_FRONTENDS_IR_BLOCKWEIGHTS_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class BasicBlock;
class BlockFrequencyInfo;
class BranchProbabilityInfo;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// Executions per thread and call a block may be given; deeper nests are
/// clamped here (the PTX front-end's WeightOptions::MaxWeight), so that
/// nested trip counts never overflow to inf or NaN.
constexpr double MaxBlockWeight = 1e12;

struct BlockWeights {
  llvm::DenseMap<const llvm::BasicBlock *, double> Weight;
  /// Loops whose trip count is not a constant (use the default).
  unsigned UnknownTripCountLoops = 0;
  /// Loops with a constant trip count from ScalarEvolution.
  unsigned ConstantTripCountLoops = 0;
  /// Blocks whose weight was clamped to MaxBlockWeight (deep loop nests).
  unsigned ClampedBlocks = 0;

  double weight(const llvm::BasicBlock *BB) const {
    auto It = Weight.find(BB);
    return It == Weight.end() ? 0.0 : It->second;
  }
};

BlockWeights computeBlockWeights(llvm::Function &F,
                                 llvm::BlockFrequencyInfo &BFI,
                                 llvm::BranchProbabilityInfo &BPI,
                                 llvm::LoopInfo &LI, llvm::ScalarEvolution &SE,
                                 unsigned DefaultTripCount);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_BLOCKWEIGHTS_H
