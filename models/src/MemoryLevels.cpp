//===- MemoryLevels.cpp - Where each global access is served --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Rules R0-R6 of docs/models.md "Memory levels". Shares are of an access's
// requested bytes; a warp's access spans 32 lanes x lane stride.
//
//===----------------------------------------------------------------------===//
#include "gpa/MemoryLevels.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace gpa {

const char *accessShapeName(AccessShape S) {
  switch (S) {
  case AccessShape::Broadcast:
    return "broadcast";
  case AccessShape::Coalesced:
    return "coalesced";
  case AccessShape::Strided:
    return "strided";
  case AccessShape::Gather:
    return "gather";
  }
  return "unknown";
}

namespace {
/// The byte intervals one warp's executions of a group's accesses touch.
struct GroupSpan {
  std::vector<std::pair<double, double>> Intervals;
  double RequestedBytes = 0; // per warp, summed over the group's accesses
  /// The unions of the group's overlapping spans: a[i-1], a[i], a[i+1] make
  /// one cluster; a[i] and a[i+2048] (a row apart) make two, as a[i] and
  /// a[i+n] of two groups do.
  std::vector<double> clusterUnions() const {
    auto Sorted = Intervals;
    std::sort(Sorted.begin(), Sorted.end());
    std::vector<double> Out;
    double End = -INFINITY;
    for (auto [Lo, Hi] : Sorted) {
      if (Lo >= End)
        Out.push_back(0);
      Lo = std::max(Lo, End);
      if (Hi > Lo)
        Out.back() += Hi - Lo;
      End = std::max(End, Hi);
    }
    return Out;
  }
};
} // namespace

static bool fitsL2(const GlobalAccessFact &F, const CacheLevels &C) {
  return F.WorkingSetBytes > 0 && F.WorkingSetBytes <= C.L2Bytes;
}

/// The accesses R2/R3 group by base: loads at a constant lane stride whose
/// working set R4 does not already place.
static bool reusesByOffset(const GlobalAccessFact &F, const CacheLevels &C) {
  return !F.Store && !fitsL2(F, C) &&
         (F.Shape == AccessShape::Coalesced || F.Shape == AccessShape::Strided);
}

MemoryLevelsEstimate
estimateMemoryLevels(const std::vector<GlobalAccessFact> &Facts,
                     const CacheLevels &Caches, std::uint64_t ThreadsPerBlock,
                     std::uint64_t Blocks, unsigned WarpSize) {
  MemoryLevelsEstimate E;
  E.PerAccess.resize(Facts.size());
  double Lanes = std::max(1u, WarpSize);
  double WarpsPerBlock =
      std::max(1.0, std::ceil(static_cast<double>(ThreadsPerBlock) / Lanes));
  double GridThreads = static_cast<double>(ThreadsPerBlock) *
                       static_cast<double>(std::max<std::uint64_t>(Blocks, 1));

  // R2/R3 inputs: per base, per group, the intervals one warp touches (a
  // group's accesses run the same number of times: the smallest count).
  std::map<std::string, std::map<std::string, GroupSpan>> Bases;
  if (Caches.present())
    for (const GlobalAccessFact &F : Facts) {
      if (!reusesByOffset(F, Caches))
        continue;
      GroupSpan &G = Bases[F.Base][F.Group];
      double Span = Lanes * std::max(F.LaneStrideBytes, F.Bytes);
      G.Intervals.push_back({F.OffsetBytes, F.OffsetBytes + Span});
      G.RequestedBytes += Span;
    }

  // R5 for a base with one access; else R2 within each cluster of
  // overlapping spans (the union is fetched once, the rest hits L1) and R3
  // across the base's clusters, in one group or several (the largest union
  // is the compulsory DRAM traffic; the other clusters' misses hit L2, their
  // lines fetched by a neighbouring warp).
  std::map<std::string, AccessLevels> BaseLevels;
  for (const auto &[Base, Groups] : Bases) {
    AccessLevels &A = BaseLevels[Base];
    if (Groups.size() == 1 && Groups.begin()->second.Intervals.size() == 1) {
      A.Rule = LevelRule::Streaming;
      continue;
    }
    double SumUnions = 0, MaxUnion = 0, SumRequested = 0;
    for (const auto &[Name, G] : Groups) {
      for (double U : G.clusterUnions()) {
        SumUnions += U;
        MaxUnion = std::max(MaxUnion, U);
      }
      SumRequested += G.RequestedBytes;
    }
    double L1 = 1 - SumUnions / SumRequested;
    double Dram = MaxUnion / SumRequested;
    A.Shares = {L1, 1 - L1 - Dram, Dram};
    A.Rule = LevelRule::Neighbours;
  }

  for (std::size_t I = 0; I < Facts.size(); ++I) {
    const GlobalAccessFact &F = Facts[I];
    AccessLevels &A = E.PerAccess[I];
    double Requested = F.PerThread * F.Bytes;
    E.RequestedBytesPerThread += Requested;
    if (!Caches.present()) { // R0: HK09, everything to DRAM
      A.Rule = LevelRule::NoCaches;
    } else if (F.Store) { // R0: written back to DRAM
      A.Rule = LevelRule::Store;
    } else if (F.Shape == AccessShape::Broadcast) { // R1
      // The block's first warp fetches the sector; its other warps hit L1.
      // A working set that fits L2 (R4) serves the first warps' misses
      // from L2 once the grid has fetched it.
      double Miss = 1 / WarpsPerBlock;
      double GridBytes = GridThreads * Requested;
      double Dram = fitsL2(F, Caches) && GridBytes > 0
                        ? std::min(Miss, F.WorkingSetBytes / GridBytes)
                        : Miss;
      A.Shares = {1 - Miss, Miss - Dram, Dram};
      A.Rule = LevelRule::Broadcast;
    } else if (fitsL2(F, Caches)) { // R4
      double GridBytes = GridThreads * Requested;
      double Dram =
          GridBytes > 0 ? std::min(1.0, F.WorkingSetBytes / GridBytes) : 1.0;
      A.Shares = {0, 1 - Dram, Dram};
      A.Rule = LevelRule::FitsL2;
    } else if (F.Shape == AccessShape::Gather) { // R6
      A.Rule = LevelRule::UnknownGather;
    } else {
      A = BaseLevels.at(F.Base);
    }
    E.L2BytesPerThread += Requested * (A.Shares.L2 + A.Shares.Dram);
    E.DramBytesPerThread += Requested * A.Shares.Dram;
  }

  double Executions = 0;
  LevelShares Sum{0, 0, 0};
  for (std::size_t I = 0; I < Facts.size(); ++I) {
    double W = Facts[I].PerThread;
    Executions += W;
    Sum.L1 += W * E.PerAccess[I].Shares.L1;
    Sum.L2 += W * E.PerAccess[I].Shares.L2;
    Sum.Dram += W * E.PerAccess[I].Shares.Dram;
  }
  if (Executions > 0)
    E.Kernel = {Sum.L1 / Executions, Sum.L2 / Executions,
                Sum.Dram / Executions};
  return E;
}

} // namespace gpa
