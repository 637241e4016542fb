//===- UnrolledLoops.h - Runtime-unrolled loop and remainder -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// LLVM's runtime unrolling (clang -O2/-O3, NVPTX's unroll preferences) turns
// `for (i = 0; i < n; ++i)` into a loop that steps its counter by U and a
// remainder loop that steps it by 1, both at the source loop's line. A count
// given for that line is the source loop's: N iterations are N div U of the
// first and N mod U of the second (the PTX front-end's rule for nvcc's pair,
// PtxGivenTripCounts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_UNROLLEDLOOPS_H
#define GPA_FRONTENDS_IR_UNROLLEDLOOPS_H

#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

struct UnrolledPair {
  const llvm::Loop *Main = nullptr;      // steps by Factor x the source's step
  const llvm::Loop *Remainder = nullptr; // steps by the source's step
  unsigned Factor = 1;
  /// Where the source loop is entered: the nearest block dominating both
  /// loops' preheaders (the unroller's `n < U` test ends it).
  const llvm::BasicBlock *Entry = nullptr;
  /// The source loop's zero-trip guard before Entry (`n > 0`, its other
  /// side an exit of either loop), or nullptr.
  const llvm::BasicBlock *Guard = nullptr;
};

/// The unrolled loops of LI without a constant trip count and their
/// remainders, recognised by ScalarEvolution alone (block names and
/// unroll metadata do not survive every build): the counters the two
/// latches test are affine recurrences whose constant steps are U x s and s
/// (2 <= U <= 64), the loops share a parent and, where both have one, a
/// source line, and the remainder is entered within a few blocks of the
/// unrolled loop's exit.
std::vector<UnrolledPair> findUnrolledPairs(const llvm::LoopInfo &LI,
                                            llvm::ScalarEvolution &SE,
                                            const llvm::DominatorTree &DT);

} // namespace gpa

#endif
