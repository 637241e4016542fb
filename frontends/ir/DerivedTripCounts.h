//===- DerivedTripCounts.h - Loop counts from arguments ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A loop bounded by a kernel argument (`for (i = 0; i < n; ++i)`) or by the
// launch (`for (i = tid; i < n; i += blockDim.x * gridDim.x)`) has no
// constant trip count, but ScalarEvolution knows its backedge-taken count
// as an expression of the kernel's parameters and special registers. With
// the arguments and the launch's shape given (launch file), the expression
// is evaluated for each thread (every thread, or 65536 evenly spread over
// the grid when there are more) and averaged: the count is `given` when it
// is an argument itself, else `derived` with its expression.
//
// The loop's entry conditions (the branches and assumptions between its
// anchor, the parent loop's header or the function's entry, and its
// preheader) are evaluated the same way, so the remainder loop of an
// unrolled loop runs n mod U times and the unrolled loop floor(n / U), each
// exactly, and a thread that skips the loop counts 0 for it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_DERIVEDTRIPCOUNTS_H
#define GPA_IR_DERIVEDTRIPCOUNTS_H

#include "gpa/BranchFacts.h"

#include <optional>
#include <string>

namespace llvm {
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

struct DerivedTrip {
  /// PerAnchor: mean header executions per execution of the anchor (the
  /// parent loop's header, or the function's entry), entry conditions
  /// included. Otherwise (an entry condition could not be evaluated): mean
  /// header executions per entry into the loop.
  double Count = 0;
  bool PerAnchor = false;
  std::string Kind;   // given or derived
  std::string Source; // "n = 4096 (l.json: arguments)", the expression
};

/// L's count from the kernel's arguments and the launch in \p Facts;
/// nullopt when it depends on anything else (a load, an unknown argument
/// or launch dimension, a value of an enclosing loop) or would exceed
/// 2^32 - 1 for some thread.
std::optional<DerivedTrip> deriveTripCount(const llvm::Loop &L,
                                           llvm::ScalarEvolution &SE,
                                           const llvm::LoopInfo &LI,
                                           const BranchFacts &Facts);

} // namespace gpa

#endif
