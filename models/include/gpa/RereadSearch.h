//===- RereadSearch.h - Which thread re-reads an access's bytes -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Rule R3 (docs/models.md "Memory levels") credits L2 with the misses of a
// group of accesses whose bytes another group of the same base reads; the
// groups lie a run-time distance apart (in[y*lx + x] and in[(y+1)*lx + x]),
// so whether and when the bytes are read again depends on the arguments.
// With the arguments and the launch given, a front-end evaluates each
// address for one thread at a time; this finds, from a reference thread,
// the thread whose access of another group reads the same address and how
// many threads apart it is in launch order (the reuse distance R3 checks
// against L2's capacity). Both front-ends use it (frontends/ir/
// AccessFootprint.cpp, frontends/ptx/src/PtxFootprint.cpp evaluate).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_REREADSEARCH_H
#define GPA_REREADSEARCH_H

#include "gpa/BranchFacts.h"
#include "gpa/MemoryLevels.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace gpa {

/// One thread of the launch: its threadIdx and blockIdx.
struct ThreadPoint {
  std::uint64_t Tid[3] = {0, 0, 0};
  std::uint64_t Ctaid[3] = {0, 0, 0};
};

/// The byte offset from its base of access \p Access's address for one
/// thread (its loops at their first iteration), or nullopt.
using OffsetAtThread = std::function<std::optional<double>(
    std::size_t Access, const ThreadPoint &)>;

/// The loops around access \p Access, innermost first (any identity its
/// front-end keeps: an llvm::Loop, a PtxLoop); empty: not in a loop.
using LoopsAroundAccess =
    std::function<std::vector<const void *>(std::size_t Access)>;

/// Fills RereadGroup and RereadThreads of the loads \p Own (indices into
/// \p Facts, all of one function) from the launch in \p Launch. With
/// \p LoopsOf, two reads in different loops also get RereadBytesBetween:
/// the per-thread bytes (PerThread x Bytes of \p Own's accesses) of the
/// largest loop around one of them and not the other (the rest of one loop
/// and the start of the next lie between a thread's two reads of a byte).
void findRereads(std::vector<GlobalAccessFact> &Facts,
                 const std::vector<std::size_t> &Own, const BranchFacts &Launch,
                 const OffsetAtThread &OffsetAt,
                 const LoopsAroundAccess &LoopsOf = nullptr);

/// The address's change from one lane to the next in a warp (threadIdx.x
/// 0 to 31 of the grid's middle block), when the same for the neighbouring
/// lanes checked (0-1, 1-2, 30-31, and 0-31 is 31 of them) and the block
/// has a full warp in x; \p OffsetAt is one access's (its index ignored).
std::optional<double> laneStrideAt(const BranchFacts &Launch,
                                   const OffsetAtThread &OffsetAt);

} // namespace gpa

#endif
