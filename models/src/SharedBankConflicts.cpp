//===- SharedBankConflicts.cpp - Replays of a shared-memory access --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// CUDA C++ Programming Guide, "Shared Memory" (compute capability 5.x):
// lane k reads word k·s, bank (k·s) mod 32; the banks hit are the multiples
// of gcd(s, 32), each by gcd(s, 32) lanes at distinct words.
//
//===----------------------------------------------------------------------===//
#include "gpa/SharedBankConflicts.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace gpa {

unsigned sharedBankConflictWays(std::int64_t StrideBytes, std::uint64_t Bytes) {
  if (Bytes != SharedBankBytes || StrideBytes % SharedBankBytes != 0)
    return 1;
  std::uint64_t Words =
      std::uint64_t(StrideBytes < 0 ? -StrideBytes : StrideBytes) /
      SharedBankBytes;
  if (Words == 0)
    return 1;
  return unsigned(std::gcd<std::uint64_t>(Words, SharedBanks));
}

unsigned sharedBankConflictWays(std::int64_t StrideBytes, std::uint64_t Bytes,
                                const WarpLanes &Lanes) {
  if (Bytes != SharedBankBytes || StrideBytes % SharedBankBytes != 0 ||
      Lanes.RowStrideBytes % std::int64_t(SharedBankBytes) != 0)
    return 1;
  unsigned Row = std::max(1u, std::min(Lanes.RowThreads, SharedBanks));
  std::map<std::int64_t, std::set<std::int64_t>> WordsOfBank;
  for (unsigned Lane = 0; Lane < SharedBanks; ++Lane) {
    std::int64_t X = Lane % Row, Y = Lane / Row;
    if (X >= std::int64_t(Lanes.ActiveX) || (Y > 0 && !Lanes.RowsKnown))
      continue;
    std::int64_t Word =
        (X * StrideBytes + Y * Lanes.RowStrideBytes) / SharedBankBytes;
    std::int64_t Bank = ((Word % SharedBanks) + SharedBanks) % SharedBanks;
    WordsOfBank[Bank].insert(Word);
  }
  std::size_t Ways = 1;
  for (const auto &[Bank, Words] : WordsOfBank)
    Ways = std::max(Ways, Words.size());
  return unsigned(Ways);
}

} // namespace gpa
