//===- BranchDecisions.h - Each branch's probability ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR front-end's side of gpa/BranchFacts.h: which conditional branches
// are weighed by a choice rather than by a loop's trip count, the
// probability chosen for each (a given one, __builtin_expect's weights,
// __builtin_assume, a thread-index bounds guard, else LLVM's static
// heuristics) and where it came from.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_BRANCHDECISIONS_H
#define GPA_FRONTENDS_IR_BRANCHDECISIONS_H

#include "gpa/BranchFacts.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class BranchProbabilityInfo;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// One conditional branch and the probability its true side is taken with.
struct BranchDecision {
  const llvm::BasicBlock *Block = nullptr; // ends in the branch
  double TrueProbability = 0.5;            // chosen
  double HeuristicTrue = 0.5;              // BranchProbabilityInfo's
  bool ThreadGuard = false;                // a thread-index bounds guard
  double InBounds = 1;                     // a guard's P(in bounds)
  bool IndexTest = false; // an equality test on thread or block indices
  unsigned GuardDims = 0; // a guard's index terms (gpa::indexTerms)
  bool Stated = false;    // by the code: __builtin_expect, __builtin_assume
  /// A switch's successor: its index and, in words, the case ("default",
  /// "case 3") whose share TrueProbability is. Cases sharing a destination
  /// block move its weight together: the first of them carries the
  /// destination's chosen and heuristic shares (sums over its cases).
  bool SwitchCase = false;
  unsigned Successor = 0;
  std::string CaseText;
  bool FirstOfDestination = false;
  double DestinationChosen = 0, DestinationHeuristic = 0;
  std::string File; // relative, "" without debug info
  unsigned Line = 0, Column = 0;
  std::string Source; // in words
  std::string Kind;   // given, derived, constant or assumed
};

/// The branches of F that are not loop control (a loop's exits and back
/// edges follow its trip count; a loop's zero-trip guard is assumed
/// entered, BlockWeights.cpp, unless it is a thread-index bounds guard,
/// which is decided as any other), each with its decision. \p LoopGuards are
/// the blocks that end in a loop's zero-trip guard; \p SE (may be null)
/// reads the indices of guards that are not the contiguous thread index.
std::vector<BranchDecision>
decideBranches(const llvm::Function &F, llvm::BranchProbabilityInfo &BPI,
               const llvm::LoopInfo &LI, const BranchFacts &Facts,
               const std::vector<const llvm::BasicBlock *> &LoopGuards,
               llvm::ScalarEvolution *SE = nullptr);

/// Each successor of every switch of F that is not loop control, with its
/// share: a switch on a thread or block index (gpa/AffineGuard.h) whose
/// launch is known takes each case's share of the launch (`switch (ix)`
/// with cases 0 and 399 on 400 threads along x: 1/400 each, the default
/// 398/400), derived; else BranchProbabilityInfo's shares, assumed (or
/// given by __builtin_expect). Shares of 0 or 1 are left out unless stated
/// or derived from the launch.
std::vector<BranchDecision> decideSwitches(const llvm::Function &F,
                                           llvm::BranchProbabilityInfo &BPI,
                                           const llvm::LoopInfo &LI,
                                           const BranchFacts &Facts,
                                           llvm::ScalarEvolution *SE = nullptr);

} // namespace gpa

#endif
