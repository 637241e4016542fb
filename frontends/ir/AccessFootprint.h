//===- AccessFootprint.h - Bytes an access touches ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The footprint of a global access (rule R4's working set, docs/models.md
// "Memory levels"): the range of byte offsets its address takes over every
// thread of the launch and every iteration of its loops, from the address's
// SCEV with threadIdx/blockIdx bounded by the launch's block and grid, the
// kernel's integer arguments at their given values and each loop's trip
// count (constant, or its backedge-taken count evaluated the same way, or
// given for its line). Unknown when any of them is.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_ACCESSFOOTPRINT_H
#define GPA_FRONTENDS_IR_ACCESSFOOTPRINT_H

#include "gpa/BaseWorkingSet.h"
#include "gpa/RereadSearch.h"
#include "gpa/TripCounts.h"

#include <cstdint>
#include <optional>

namespace llvm {
class ScalarEvolution;
class Value;
} // namespace llvm

namespace gpa {

/// [lo, hi + Bytes) of the access's byte offsets from its base over the
/// launch, as a start and a length, or nullopt.
std::optional<ByteRange> accessFootprint(const llvm::Value *Ptr,
                                         std::uint64_t Bytes,
                                         llvm::ScalarEvolution &SE,
                                         const LoopTripCounts &Facts);

/// The byte offset from its base of the address \p Thread uses (its loops
/// at their first iteration), with the kernel's arguments at their given
/// values; nullopt when it depends on anything else.
std::optional<double> accessOffsetAt(const llvm::Value *Ptr,
                                     llvm::ScalarEvolution &SE,
                                     const LoopTripCounts &Facts,
                                     const ThreadPoint &Thread);

} // namespace gpa

#endif
