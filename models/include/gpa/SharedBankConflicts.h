//===- SharedBankConflicts.h - Shared-memory bank replays ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Shared memory has 32 banks of 4-byte words; successive words go to
// successive banks, and a warp's request is split into as many wavefronts
// as the most distinct words any one bank serves (CUDA C++ Programming
// Guide, "Shared Memory", compute capability 5.x and later). A warp whose
// lanes read 4-byte words s words apart puts gcd(s, 32) distinct words in
// each bank it touches: a gcd(s, 32)-way conflict (stride 0 is a
// broadcast, one wavefront).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SHAREDBANKCONFLICTS_H
#define GPA_SHAREDBANKCONFLICTS_H

#include <cstdint>

namespace gpa {

constexpr unsigned SharedBanks = 32;
constexpr unsigned SharedBankBytes = 4;

/// Wavefronts one warp's shared access of \p Bytes bytes per lane needs
/// when consecutive lanes are \p StrideBytes apart; 1 (no conflict known)
/// for accesses other than 4-byte words at a whole number of words.
unsigned sharedBankConflictWays(std::int64_t StrideBytes, std::uint64_t Bytes);

/// Which lanes of a warp run an access: lane l is the thread
/// (l % RowThreads, l / RowThreads) of the block, and runs it when its x
/// index is below ActiveX (a guard `threadIdx.x < K`, or 1 for
/// `threadIdx.x == K`: the lane offsets are what matter, not the value).
struct WarpLanes {
  unsigned RowThreads = SharedBanks; // blockDim.x when below the warp size
  unsigned ActiveX = SharedBanks;
  std::int64_t RowStrideBytes = 0; // address change per threadIdx.y
  bool RowsKnown = true;           // false: only the first row is counted
};

/// The wavefronts of a warp's shared access with these lanes: the most
/// distinct 4-byte words any bank serves (the rule above, enumerated).
unsigned sharedBankConflictWays(std::int64_t StrideBytes, std::uint64_t Bytes,
                                const WarpLanes &Lanes);

} // namespace gpa

#endif
