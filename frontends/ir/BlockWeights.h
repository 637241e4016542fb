//===- BlockWeights.h - Expected executions of each basic block -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// How many times each block runs per call of its function, from
// BlockFrequencyInfo (branch probabilities) with every loop rescaled to its
// ScalarEvolution trip count or to the count given or assumed for its line
// (TripCounts.h), and every branch that is not loop control reweighed by
// the probability BranchDecisions.h chooses for it.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_BLOCKWEIGHTS_H
#define GPA_FRONTENDS_IR_BLOCKWEIGHTS_H

#include "BranchDecisions.h"

#include "gpa/TripCounts.h"

#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Loop;
class BlockFrequencyInfo;
class BranchProbabilityInfo;
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// Executions per thread and call a block may be given; deeper nests are
/// clamped here (the PTX front-end's WeightOptions::MaxWeight), so that
/// nested trip counts never overflow to inf or NaN.
constexpr double MaxBlockWeight = 1e12;

/// A loop whose trip count is not a compile-time constant, and the count
/// used for it.
struct AssumedLoop {
  const llvm::Function *F = nullptr;
  std::string File; // relative, "" without debug info
  unsigned Line = 0, Column = 0;
  TripChoice Trips;
  /// The iterations used: Trips.Count, or a derived mean (not a whole
  /// number) when Derived (DerivedTripCounts.h).
  double Iterations = 0;
  bool Derived = false;
  /// The loop itself, valid only while F's LoopInfo is (KernelCounter).
  const llvm::Loop *L = nullptr;
  /// One of a runtime-unrolled pair: Trips is its share (div or mod) of
  /// the source loop's count (UnrolledLoops.h).
  enum class Unrolled { No, Main, Remainder } Part = Unrolled::No;
};

struct BlockWeights {
  llvm::DenseMap<const llvm::BasicBlock *, double> Weight;
  /// Loops whose trip count is not a constant and not derived from the
  /// kernel's arguments (they use a given count or the default).
  unsigned UnknownTripCountLoops = 0;
  /// Those loops, in preorder, with the count each one used.
  std::vector<AssumedLoop> Assumed;
  /// Loops with a constant trip count from ScalarEvolution.
  unsigned ConstantTripCountLoops = 0;
  /// Blocks whose weight was clamped to MaxBlockWeight (deep loop nests).
  unsigned ClampedBlocks = 0;
  /// Branches weighed by a choice that the report lists: every bounds
  /// guard, and every other branch whose probability is not 0 or 1.
  std::vector<BranchDecision> Branches;

  double weight(const llvm::BasicBlock *BB) const {
    auto It = Weight.find(BB);
    return It == Weight.end() ? 0.0 : It->second;
  }
};

BlockWeights computeBlockWeights(llvm::Function &F,
                                 llvm::BlockFrequencyInfo &BFI,
                                 llvm::BranchProbabilityInfo &BPI,
                                 llvm::LoopInfo &LI, llvm::ScalarEvolution &SE,
                                 llvm::DominatorTree &DT,
                                 const LoopTripCounts &Trips);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_BLOCKWEIGHTS_H
