//===- LoadRounds.cpp - Global-load latencies a thread waits in turn ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// docs/models.md "Load rounds from the code". A load's round is one more
// than the latest round of the loads of its region its address needs; the
// other memory instructions (stores, local memory) stay one period each, as
// in HK09.
//
//===----------------------------------------------------------------------===//
#include "gpa/LoadRounds.h"

#include "gpa/KernelProfile.h"

#include <algorithm>
#include <map>

namespace gpa {

BlockRounds roundsOfBlock(const std::vector<BlockLoad> &Loads) {
  BlockRounds Out;
  std::vector<unsigned> Depth(Loads.size(), 1);
  std::map<unsigned, unsigned> Longest, LongestStaging; // region -> depth
  for (std::size_t I = 0; I < Loads.size(); ++I) {
    for (std::size_t J : Loads[I].AddressFrom)
      if (J < I && Loads[J].Region == Loads[I].Region)
        Depth[I] = std::max(Depth[I], Depth[J] + 1);
    unsigned &L = Longest[Loads[I].Region];
    L = std::max(L, Depth[I]);
    if (Loads[I].Staging) {
      unsigned &S = LongestStaging[Loads[I].Region];
      S = std::max(S, Depth[I]);
    }
  }
  Out.Loads = double(Loads.size());
  for (const auto &[Region, D] : Longest)
    Out.Rounds += D;
  for (const auto &[Region, D] : LongestStaging)
    Out.StagingRounds += D;
  return Out;
}

void LoadRoundSums::add(const BlockRounds &B, double Weight) {
  SavedRounds += Weight * (B.Loads - B.Rounds);
  StagingRounds += Weight * B.StagingRounds;
}

void LoadRoundSums::addScaled(const LoadRoundSums &O, double Scale) {
  SavedRounds += O.SavedRounds * Scale;
  StagingRounds += O.StagingRounds * Scale;
}

void applyLoadRounds(const LoadRoundSums &Sums, KernelProfile &P) {
  double MemInsts = P.memoryInstructions();
  P.LoadRounds = Sums.SavedRounds > 0 && MemInsts > Sums.SavedRounds
                     ? MemInsts - Sums.SavedRounds
                     : 0;
  P.BarrierLoadRounds =
      P.count(Unit::Sync) > 0 ? std::max(0.0, Sums.StagingRounds) : 0;
}

} // namespace gpa
