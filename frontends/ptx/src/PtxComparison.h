//===- PtxComparison.h - A setp's comparison, as a value ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The comparison "X cmp Bound" a `setp` states, read from its modifiers
// (signed and unsigned spellings alike), and the two rewrites the loop
// counters need: operands swapped, and the branch taken on its negation.
// Shared by the constant trip counts (PtxTripCount.cpp) and the counts from
// the kernel's arguments (PtxArgumentTripCounts.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXCOMPARISON_H
#define GPA_PTX_PTXCOMPARISON_H

#include "gpa/ptx/PtxAst.h"

#include <cstdint>

namespace gpa::ptx {

/// Comparison of "X cmp Bound" from a setp modifier.
enum class Cmp { Lt, Le, Gt, Ge, Ne, Eq, Unknown };

/// The comparison of \p Setp (Unknown when no modifier names one).
Cmp comparison(const PtxInstruction &Setp);

/// Bound cmp X  ==  X swapped(cmp) Bound.
Cmp swapped(Cmp C);

/// The comparison that holds exactly when \p C does not.
Cmp negated(Cmp C);

/// Whether X C B holds (false for Unknown).
bool holds(std::int64_t X, std::int64_t B, Cmp C);

} // namespace gpa::ptx

#endif // GPA_PTX_PTXCOMPARISON_H
