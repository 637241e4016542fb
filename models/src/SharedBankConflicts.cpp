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

#include <numeric>

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

} // namespace gpa
