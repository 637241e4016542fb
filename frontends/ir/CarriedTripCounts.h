//===- CarriedTripCounts.h - Counters carried across a loop ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A loop whose induction variable starts where its last entry stopped (a
// cp.async pipeline's producer, ccglib's `for (; k_buf < K_TILES && k_buf
// < k + NBUFFER; k_buf++)`, k_buf set once before the k loop): ScalarEvolution
// has no count for it, but its executions summed over the enclosing loop are
// fixed. As PtxCarriedTripCounts.cpp on the PTX route.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_CARRIEDTRIPCOUNTS_H
#define GPA_IR_CARRIEDTRIPCOUNTS_H

#include "DerivedTripCounts.h"

#include <optional>

namespace llvm {
class Loop;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// L's executions per execution of its parent loop's header (PerAnchor,
/// `derived`, the expression in Source) when L's induction variable is
/// carried across the parent (its start is a phi of the parent's header
/// fed by a constant and by L's own last value), L is behind a zero-trip
/// guard, and L goes on while the stepped variable is below bounds that
/// are constants or affine in the parent's constant-count induction
/// variable; nullopt otherwise.
std::optional<DerivedTrip> carriedTripCount(const llvm::Loop &L,
                                            llvm::ScalarEvolution &SE);

} // namespace gpa

#endif
