//===- MemoryLevels.cpp - Where each global access is served --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Rules R0-R10 of docs/models.md "Memory levels". Shares are of an access's
// requested bytes; a warp's access spans 32 lanes x lane stride. R0-R6 place
// each access from its shape, base and working set; R7 lets a load re-read
// across loop iterations hit where it was fetched, R8 sends L1's share to L2
// on GPUs whose L1 caches only read-only loads, and R9 lets the warps of a
// block that read sectors another of its warps fetched hit L1; R10 merges in
// L2 the parts of a sector that a thread's successive stores write.
//
//===----------------------------------------------------------------------===//
#include "gpa/MemoryLevels.h"

#include "gpa/BaseWorkingSet.h"
#include "gpa/BlockFootprint.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
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
  /// Bytes between consecutive threads (the widest of the group's).
  double ThreadStrideBytes = 0;
  /// Groups whose accesses read this group's bytes close enough for L2.
  std::vector<std::string> RereadFrom;
  /// Bytes between threads one apart along threadIdx.y and .z, where every
  /// access of the group gives the same (NaN: unknown or disagreeing).
  double StrideYBytes = NAN, StrideZBytes = NAN;
  bool AnyAccess = false;
  /// A chain of clusters (below) and the offsets of the accesses in it.
  struct Chain {
    std::vector<double> Unions;
    std::vector<double> Offsets;
  };
  /// The unions of the group's overlapping spans (clusters: a[i-1], a[i],
  /// a[i+1] make one; a[i] and a[i+2048], a row apart, make two, as a[i]
  /// and a[i+n] of two groups do), in address order, split into chains: a
  /// cluster joins the previous one's chain when a thread Gap / ThreadStride
  /// threads away reads its bytes through the previous cluster and that
  /// distance \p Fits L2 (a[i] and a[i + 2048]: 2048 / 4 threads apart).
  template <typename FitsFn>
  std::vector<Chain> clusterChains(double ThreadStride, FitsFn Fits) const {
    auto Sorted = Intervals;
    std::sort(Sorted.begin(), Sorted.end());
    std::vector<Chain> Out;
    double End = -INFINITY, Start = 0;
    for (auto [Lo, Hi] : Sorted) {
      if (Lo >= End) {
        if (Out.empty() || !Fits((Lo - Start) / std::max(1.0, ThreadStride)))
          Out.emplace_back();
        Out.back().Unions.push_back(0);
        Start = Lo;
      }
      Out.back().Offsets.push_back(Lo);
      Lo = std::max(Lo, End);
      if (Hi > Lo)
        Out.back().Unions.back() += Hi - Lo;
      End = std::max(End, Hi);
    }
    return Out;
  }
};
} // namespace

/// The L1's allocation unit: a 128-byte line of four 32-byte sectors, filled
/// by sector (CUDA C++ Best Practices Guide, "Coalesced Access to Global
/// Memory"; Jia et al. 2018, arXiv:1804.06826, Volta L1 sectors).
static constexpr double SectorBytes = 32;

namespace {
/// How one warp's execution of an access lies in sectors: Units runs of
/// Sectors contiguous sectors each (one run for a broadcast or a coalesced
/// warp; one per lane when lanes are a sector or more apart).
struct SectorRuns {
  double Units = 1;
  double Sectors = 1;
};
} // namespace

/// Chains of one group k rows of a 3-D block apart along z (or y):
/// ace-cuda's phi[x ± 1][y][z] with x = blockIdx.z * 4 + threadIdx.z,
/// 1.28 MB apart. Launch order is x, then y, then z within a block, so the
/// thread k rows on is k * Bx * By (k * Bx) threads later, not Gap / the
/// lane stride, for the (Bz - k) / Bz of the threads whose neighbour is in
/// their own block; the others' is in another block (along z, gridDim.x *
/// gridDim.y blocks later: no credit). Chains linked so, with the largest
/// share first, form trees (Kruskal); each tree is fetched once through its
/// largest chain and every other chain for the share its link leaves. The
/// DRAM bytes this removes from the chains' sum.
template <typename FitsFn>
static double blockRowCredit(const GroupSpan &G,
                             const std::vector<GroupSpan::Chain> &Chains,
                             const std::vector<double> &ChainMax,
                             const BlockDims &Dims, FitsFn Fits) {
  if (Chains.size() < 2 || !Dims.known())
    return 0;
  auto Near = [&](double Gap) {
    double Share = 0;
    auto Along = [&](double Stride, std::uint64_t N, double Step) {
      if (!(Stride > 0) || N < 2)
        return;
      double K = Gap / Stride;
      if (K != std::floor(K) || K < 1 || K >= double(N) || !Fits(K * Step))
        return;
      Share = std::max(Share, (double(N) - K) / double(N));
    };
    Along(G.StrideZBytes, Dims.Z, double(Dims.X) * double(Dims.Y));
    Along(G.StrideYBytes, Dims.Y, double(Dims.X));
    return Share;
  };
  struct Link {
    double Share;
    std::size_t A, B;
  };
  std::vector<Link> Links;
  for (std::size_t A = 0; A < Chains.size(); ++A)
    for (std::size_t B = A + 1; B < Chains.size(); ++B) {
      double Best = 0;
      for (double X : Chains[A].Offsets)
        for (double Y : Chains[B].Offsets)
          Best = std::max(Best, Near(std::fabs(Y - X)));
      if (Best > 0)
        Links.push_back({Best, A, B});
    }
  if (Links.empty())
    return 0;
  std::stable_sort(
      Links.begin(), Links.end(),
      [](const Link &X, const Link &Y) { return X.Share > Y.Share; });
  std::vector<std::size_t> Parent(Chains.size());
  for (std::size_t C = 0; C < Parent.size(); ++C)
    Parent[C] = C;
  std::function<std::size_t(std::size_t)> Root = [&](std::size_t C) {
    return Parent[C] == C ? C : Parent[C] = Root(Parent[C]);
  };
  // Tree edges, then each tree's members and its largest chain.
  std::vector<std::vector<std::pair<std::size_t, double>>> Edges(Chains.size());
  for (const Link &L : Links) {
    std::size_t RA = Root(L.A), RB = Root(L.B);
    if (RA == RB)
      continue;
    Parent[RA] = RB;
    Edges[L.A].push_back({L.B, L.Share});
    Edges[L.B].push_back({L.A, L.Share});
  }
  double Credit = 0;
  std::vector<bool> Seen(Chains.size(), false);
  for (std::size_t C = 0; C < Chains.size(); ++C) {
    if (Seen[C] || Edges[C].empty())
      continue;
    // The tree's largest chain (the first of equals) is fetched whole; the
    // others, walked from it, are credited their link's share.
    std::vector<std::size_t> Members{C};
    Seen[C] = true;
    for (std::size_t I = 0; I < Members.size(); ++I)
      for (auto [N, Share] : Edges[Members[I]])
        if (!Seen[N]) {
          Seen[N] = true;
          Members.push_back(N);
        }
    std::size_t Top = Members[0];
    for (std::size_t M : Members)
      if (ChainMax[M] > ChainMax[Top] ||
          (ChainMax[M] == ChainMax[Top] && M < Top))
        Top = M;
    std::vector<bool> Reached(Chains.size(), false);
    std::vector<std::size_t> Walk{Top};
    Reached[Top] = true;
    for (std::size_t I = 0; I < Walk.size(); ++I)
      for (auto [N, Share] : Edges[Walk[I]])
        if (!Reached[N]) {
          Reached[N] = true;
          Walk.push_back(N);
          Credit += Share * ChainMax[N];
        }
  }
  return Credit;
}

static SectorRuns sectorRuns(const GlobalAccessFact &F, double Lanes) {
  SectorRuns R;
  double Stride = std::max(F.LaneStrideBytes, F.Bytes);
  double Span = F.Bytes;
  if (F.Shape == AccessShape::Gather ||
      (F.Shape == AccessShape::Strided && Stride >= SectorBytes))
    R.Units = Lanes;
  else if (F.Shape != AccessShape::Broadcast)
    Span = Lanes * Stride;
  R.Sectors = std::max(1.0, std::ceil(Span / SectorBytes));
  return R;
}

/// R7's miss fraction of a load re-executed each iteration with a known
/// address step: a new iteration brings |step| new bytes of each run of
/// Sectors sectors (at most all of them); a step of 0 misses on the first
/// execution only.
static double loopMissFraction(const GlobalAccessFact &F, double Lanes) {
  SectorRuns R = sectorRuns(F, Lanes);
  double Step = std::fabs(F.IterationStrideBytes);
  if (Step == 0)
    return 1 / std::max(1.0, F.PerThread);
  return std::min(1.0, Step / (R.Sectors * SectorBytes));
}

/// Iterations between a sector's first and last use (R7's reuse distance).
static double reuseIterations(const GlobalAccessFact &F, double Lanes) {
  double Step = std::fabs(F.IterationStrideBytes);
  if (Step == 0)
    return 1;
  return std::max(1.0, sectorRuns(F, Lanes).Sectors * SectorBytes / Step);
}

/// Bytes one warp brings into L1 per loop iteration through all loads in
/// loops (those of other loops too: an over-estimate of the footprint).
static double
loopBytesPerWarpIteration(const std::vector<GlobalAccessFact> &Facts,
                          double Lanes) {
  double Bytes = 0;
  for (const GlobalAccessFact &F : Facts) {
    if (F.Store || !F.InLoop)
      continue;
    SectorRuns R = sectorRuns(F, Lanes);
    double Run = R.Sectors * SectorBytes;
    double New = F.IterationStrideKnown
                     ? std::min(Run, std::fabs(F.IterationStrideBytes))
                     : Run;
    Bytes += R.Units * New;
  }
  return Bytes;
}

static bool loopReuseApplies(const GlobalAccessFact &F, const CacheLevels &C,
                             const L1Budget &B) {
  return C.present() && !F.Store && F.InLoop && F.IterationStrideKnown &&
         C.L1SharedBytesPerSm > 0 && B.ResidentBlocksPerSm > 0;
}

static bool fitsL2(const GlobalAccessFact &F, const CacheLevels &C) {
  return F.WorkingSetBytes > 0 && F.WorkingSetBytes <= C.L2Bytes;
}

/// The accesses R2/R3 group by base: loads at a constant lane stride whose
/// working set R4 does not already place.
static bool reusesByOffset(const GlobalAccessFact &F, const CacheLevels &C) {
  return !F.Store && !fitsL2(F, C) &&
         (F.Shape == AccessShape::Coalesced || F.Shape == AccessShape::Strided);
}

/// R7: a load whose sectors stay in L1 for its reuse distance misses only
/// loopMissFraction of the time; the rest of its misses hit L1. When the
/// block's window does not fit its share of L1 but the grid's fits L2, the
/// re-reads hit L2 instead. A working set R4 placed keeps its compulsory
/// DRAM share.
static void applyLoopReuse(const GlobalAccessFact &F, const CacheLevels &C,
                           const L1Budget &B, double Lanes,
                           double WarpsPerBlock, double Blocks,
                           double LoopBytesPerWarp, AccessLevels &A) {
  double Miss = loopMissFraction(F, Lanes);
  double WindowPerBlock =
      reuseIterations(F, Lanes) * WarpsPerBlock * LoopBytesPerWarp;
  double L1Bytes =
      std::max(0.0, C.L1SharedBytesPerSm -
                        B.ResidentBlocksPerSm * B.SharedBytesPerBlock);
  bool KeepDram = fitsL2(F, C);
  LevelShares &S = A.Shares;
  if (WindowPerBlock * B.ResidentBlocksPerSm <= L1Bytes) {
    double Reused = S.L2 * (1 - Miss) + (KeepDram ? 0 : S.Dram * (1 - Miss));
    S.L1 += Reused;
    S.L2 *= Miss;
    if (!KeepDram)
      S.Dram *= Miss;
  } else if (!KeepDram && WindowPerBlock * Blocks <= C.L2Bytes) {
    double Dram = S.Dram * Miss;
    S.L2 += S.Dram - Dram;
    S.Dram = Dram;
  } else {
    return;
  }
  A.LoopReuse = true;
}

/// R10's walks: accesses that move through the same runs of sectors
/// together, the unrolled copies of one access or one access alone. Copies
/// share the base, direction, step, executions and lane placement, and lie
/// at distinct offsets within one step (an unrolled loop's copies tile
/// it); the group is not compared, because the IR names the same address
/// by two SCEV forms (`1*{0,+,32}` and `4*{0,+,8}` of one loop: softmax's
/// copies at 0-16 and 20-28). Where the copies so keyed do not tile one
/// step (two loops over one row: a shared offset), each group is a walk
/// when its offsets are distinct, else each access alone.
using WalkKey =
    std::tuple<bool, std::string, double, double, int, double, double>;

static WalkKey walkKey(const GlobalAccessFact &F) {
  return {F.Store,     F.Base,       F.IterationStrideBytes,
          F.PerThread, int(F.Shape), F.LaneStrideBytes,
          F.Bytes};
}

/// The offsets of a walk's accesses, in increasing order.
static std::vector<double>
walkOffsets(const std::vector<GlobalAccessFact> &Facts,
            const std::vector<std::size_t> &Members) {
  std::vector<double> Offsets;
  for (std::size_t I : Members)
    Offsets.push_back(Facts[I].OffsetBytes);
  std::sort(Offsets.begin(), Offsets.end());
  return Offsets;
}

static bool tilesOneStep(const std::vector<GlobalAccessFact> &Facts,
                         const std::vector<std::size_t> &Members) {
  std::vector<double> Offsets = walkOffsets(Facts, Members);
  if (std::adjacent_find(Offsets.begin(), Offsets.end()) != Offsets.end())
    return false;
  const GlobalAccessFact &F = Facts[Members[0]];
  double Spread = Offsets.back() - Offsets.front() + F.Bytes;
  return Members.size() == 1 || Spread <= std::fabs(F.IterationStrideBytes);
}

/// The walks of \p Facts that \p Take admits.
template <typename TakeFn>
static std::vector<std::vector<std::size_t>>
walks(const std::vector<GlobalAccessFact> &Facts, TakeFn Take) {
  std::map<WalkKey, std::vector<std::size_t>> ByKey;
  for (std::size_t I = 0; I < Facts.size(); ++I)
    if (Take(Facts[I]))
      ByKey[walkKey(Facts[I])].push_back(I);
  std::vector<std::vector<std::size_t>> Out;
  for (auto &[Key, Members] : ByKey) {
    if (tilesOneStep(Facts, Members)) {
      Out.push_back(Members);
      continue;
    }
    std::map<std::string, std::vector<std::size_t>> ByGroup;
    for (std::size_t I : Members)
      ByGroup[Facts[I].Group].push_back(I);
    for (auto &[Group, InGroup] : ByGroup)
      if (tilesOneStep(Facts, InGroup))
        Out.push_back(InGroup);
      else
        for (std::size_t I : InGroup)
          Out.push_back({I});
  }
  return Out;
}

/// Stores R10 may merge: in a loop with a known step.
/// A step of 0 is left alone: the executions per thread may span outer
/// loops whose iterations write other bytes (lebesgue's linterp[i1 * nfun +
/// j], rewritten over i2 for each i1), so 1 / executions could drop
/// sectors that are written.
static bool storeInAWalk(const GlobalAccessFact &F, const CacheLevels &C) {
  return C.present() && F.Store && F.InLoop && F.IterationStrideKnown &&
         F.IterationStrideBytes != 0;
}

/// Whether a walk writes every sector its loop passes: a step within the
/// run of sectors the warp's execution touches (|step| <= 32 x sectors per
/// run), or copies that tile the step without a gap (nvcc's sixteen 4-byte
/// copies, step 64: two whole sectors per lane and iteration). A larger
/// step with gaps may skip sectors and is left alone.
static bool walkCoversItsSectors(const std::vector<GlobalAccessFact> &Facts,
                                 const std::vector<std::size_t> &Walk,
                                 double Lanes) {
  const GlobalAccessFact &F = Facts[Walk[0]];
  double Step = std::fabs(F.IterationStrideBytes);
  if (Step <= sectorRuns(F, Lanes).Sectors * SectorBytes)
    return true;
  std::vector<double> Offsets = walkOffsets(Facts, Walk);
  for (std::size_t K = 1; K < Offsets.size(); ++K)
    if (Offsets[K] - Offsets[K - 1] > F.Bytes)
      return false;
  return Offsets.back() - Offsets.front() + F.Bytes == Step;
}

bool gatherStoreAssumedToMerge(const GlobalAccessFact &F) {
  return F.Store && F.Shape == AccessShape::Gather && F.InLoop &&
         F.IterationStrideKnown && F.IterationStrideBytes != 0;
}

/// New bytes one warp brings per iteration through a walk of loads: each
/// copy brings min(run, |step|) (the whole run for an unknown step), but
/// copies closer together than that share them (softmax's eight unrolled
/// loads 4 bytes apart, step 32: one sector per lane, not eight).
static double walkNewBytesPerWarp(const GlobalAccessFact &F,
                                  const std::vector<double> &Offsets,
                                  double Lanes) {
  SectorRuns R = sectorRuns(F, Lanes);
  double Run = R.Sectors * SectorBytes;
  double New = F.IterationStrideKnown
                   ? std::min(Run, std::fabs(F.IterationStrideBytes))
                   : Run;
  auto [Lo, Hi] = std::minmax_element(Offsets.begin(), Offsets.end());
  double Spread = *Hi - *Lo + F.Bytes;
  return R.Units * std::min(New * double(Offsets.size()),
                            std::max(New, std::min(Run, Spread)));
}

/// R10: what reaches DRAM of stores whose thread's successive iterations
/// (or unrolled copies) write the rest of the same sectors. A sector
/// written in parts stays dirty in L2 and goes to DRAM once when evicted
/// (a write-back L2: global stores bypass L1 and are cached in L2, CUDA C++
/// Programming Guide, cc 7.x/8.x "Global Memory"; softMax's 100,000 rows
/// written 4 bytes at a time at a 3,136-byte lane stride moved 851 MB of
/// DRAM on the RTX 3080, where a sector per write would be 2.5 GB:
/// docs/validation.md, h/flopbench2). Per walk of K copies with step s,
/// each iteration makes K x sectors-per-run sector writes and advances the
/// run by |s| bytes, so the loop covers |s| / 32 new sectors per iteration:
/// m = min(1, |s| / (32 x sectors per run x K)).
/// Capacity (issue 24: reuse only within the level's capacity, as R3): a
/// sector the copies complete within one iteration (|s| >= the run) is
/// merged by stores issued back to back. One completed over several
/// iterations is rewritten every iteration, and each write refreshes it in
/// L2's LRU order, so it stays when what the warps in flight bring into L2
/// between two of its writes fits: their open sectors (the run of every
/// such store walk executed at least as often) plus one iteration's new
/// bytes of every load walk executed at least as often (the store's loop,
/// loops nested in it, and others of the same count: the conservative
/// side) <= L2 bytes. Unknown residency: no merge over iterations. The L2
/// traffic (the shares L2 + DRAM) is unchanged.
static std::vector<double>
storeMergeMissFractions(const std::vector<GlobalAccessFact> &Facts,
                        const CacheLevels &C, double Lanes,
                        double WarpsInFlight) {
  std::vector<double> Miss(Facts.size(), 1);
  auto Stores = walks(
      Facts, [&](const GlobalAccessFact &F) { return storeInAWalk(F, C); });
  auto Loads = walks(
      Facts, [](const GlobalAccessFact &F) { return !F.Store && F.InLoop; });
  for (const auto &Set : Stores) {
    const GlobalAccessFact &F = Facts[Set[0]];
    SectorRuns R = sectorRuns(F, Lanes);
    double Run = R.Sectors * SectorBytes;
    double Step = std::fabs(F.IterationStrideBytes);
    if (!walkCoversItsSectors(Facts, Set, Lanes))
      continue;
    // Step >= run: the copies complete their sectors within the iteration.
    if (Step < Run) {
      double BetweenWritesPerWarp = 0;
      for (const auto &Other : Stores)
        if (Facts[Other[0]].PerThread >= F.PerThread) {
          SectorRuns O = sectorRuns(Facts[Other[0]], Lanes);
          BetweenWritesPerWarp += O.Units * O.Sectors * SectorBytes;
        }
      for (const auto &Load : Loads)
        if (Facts[Load[0]].PerThread >= F.PerThread)
          BetweenWritesPerWarp += walkNewBytesPerWarp(
              Facts[Load[0]], walkOffsets(Facts, Load), Lanes);
      if (!(WarpsInFlight > 0) ||
          WarpsInFlight * BetweenWritesPerWarp > C.L2Bytes)
        continue;
    }
    double M = std::min(1.0, Step / (Run * double(Set.size())));
    for (std::size_t I : Set)
      Miss[I] = M;
  }
  return Miss;
}

/// R9: the block's warps request WarpsPerBlock x (sectors per warp) sectors
/// per execution and touch BlockSectors distinct ones; each distinct sector
/// is fetched once (by the first warp that names it) and the block's other
/// requests for it hit L1 (sectors stay in L1 while the block's warps work
/// on the same execution: the footprint is BlockSectors x 32 bytes). The
/// shares beyond L1 shrink by the block's miss fraction; a working set R4
/// placed keeps its compulsory DRAM share (as R7). R1 is the case of one
/// sector per block. Sectors per warp are sectorRuns' (one contiguous span
/// of 32 lanes, what the levelled timing charges per warp beyond L1), also
/// when a warp's lanes span rows (blockDim.x < 32): the miss fraction keeps
/// the DRAM bytes right and is clamped to [0, 1].
static void applyBlockReuse(const GlobalAccessFact &F, double BlockSectors,
                            const CacheLevels &C, double Lanes,
                            double WarpsPerBlock, AccessLevels &A) {
  SectorRuns R = sectorRuns(F, Lanes);
  double Requested = WarpsPerBlock * R.Units * R.Sectors;
  double Miss = std::clamp(BlockSectors / Requested, 0.0, 1.0);
  if (Miss >= 1)
    return;
  LevelShares &S = A.Shares;
  double Beyond = (S.L2 + S.Dram) * Miss;
  double Dram = fitsL2(F, C) ? std::min(S.Dram, Beyond) : S.Dram * Miss;
  S.L1 = 1 - Beyond;
  S.L2 = Beyond - Dram;
  S.Dram = Dram;
  A.BlockReuse = true;
}

/// Each access with its base's working set: the union of its accesses'
/// footprints (gpa/BaseWorkingSet.h), known only when every access of the
/// base has one (a base read at a run-time offset somewhere has an unknown
/// extent).
static std::vector<GlobalAccessFact>
withBaseWorkingSets(const std::vector<GlobalAccessFact> &Facts) {
  std::map<std::string, BaseWorkingSet> PerBase = baseWorkingSets(Facts);
  std::vector<GlobalAccessFact> Out = Facts;
  for (GlobalAccessFact &F : Out)
    F.WorkingSetBytes = PerBase[F.Base].Bytes;
  return Out;
}

MemoryLevelsEstimate
estimateMemoryLevels(const std::vector<GlobalAccessFact> &Given,
                     const CacheLevels &Caches, std::uint64_t ThreadsPerBlock,
                     std::uint64_t Blocks, unsigned WarpSize,
                     const L1Budget &Budget, const BlockDims &Dims) {
  const std::vector<GlobalAccessFact> Facts = withBaseWorkingSets(Given);
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
  // R3's reuse distances are priced in the bytes the grid requests between
  // two reads of a byte: threads apart x what a thread requests.
  double BytesPerThread = 0;
  for (const GlobalAccessFact &F : Facts)
    BytesPerThread += F.PerThread * F.Bytes;
  // The re-reading thread must exist: a distance of the whole grid or more
  // names a thread the launch does not have (CORR's mean_kernel on 2048
  // threads, rows 2048 floats apart: each element is read once).
  auto FitsL2Between = [&](double Threads) {
    return Threads < GridThreads && Threads * BytesPerThread <= Caches.L2Bytes;
  };
  // A thread that re-reads bytes after the rest of a loop: every thread in
  // flight requests the same bytes meanwhile (the resident grid, at most
  // the whole grid; unknown residency: never fits).
  double ThreadsInFlight =
      std::min(GridThreads, Budget.Sms * Budget.ResidentBlocksPerSm *
                                static_cast<double>(ThreadsPerBlock));
  auto RereadFitsL2 = [&](const GlobalAccessFact &F) {
    if (F.RereadBytesBetween <= 0)
      return FitsL2Between(F.RereadThreads);
    return ThreadsInFlight > 0 &&
           F.RereadThreads * BytesPerThread +
                   ThreadsInFlight * F.RereadBytesBetween <=
               Caches.L2Bytes;
  };
  if (Caches.present())
    for (const GlobalAccessFact &F : Facts) {
      if (!reusesByOffset(F, Caches))
        continue;
      GroupSpan &G = Bases[F.Base][F.Group];
      double Stride = std::max(F.LaneStrideBytes, F.Bytes);
      double Span = Lanes * Stride;
      G.Intervals.push_back({F.OffsetBytes, F.OffsetBytes + Span});
      G.RequestedBytes += Span;
      G.ThreadStrideBytes = std::max(G.ThreadStrideBytes, Stride);
      auto Agree = [&](double &Held, bool Known, double Bytes) {
        if (!Known || (G.AnyAccess && Held != std::fabs(Bytes)))
          Held = NAN;
        else if (!G.AnyAccess)
          Held = std::fabs(Bytes);
      };
      Agree(G.StrideYBytes, F.ThreadStrideYKnown, F.ThreadStrideYBytes);
      Agree(G.StrideZBytes, F.ThreadStrideZKnown, F.ThreadStrideZBytes);
      G.AnyAccess = true;
      if (!F.RereadGroup.empty() && F.RereadGroup != F.Group && RereadFitsL2(F))
        G.RereadFrom.push_back(F.RereadGroup);
    }

  // R5 for a base with one access; else R2 within each cluster of
  // overlapping spans (the union is fetched once, the rest hits L1) and R3
  // across the base's clusters (the first read of a byte is compulsory DRAM
  // traffic; a later read hits L2 only where the same bytes were read
  // before by a thread whose distance keeps them within L2's capacity).
  std::map<std::string, AccessLevels> BaseLevels;
  for (const auto &[Base, Groups] : Bases) {
    AccessLevels &A = BaseLevels[Base];
    if (Groups.size() == 1 && Groups.begin()->second.Intervals.size() == 1) {
      A.Rule = LevelRule::Streaming;
      continue;
    }
    // Groups are linked where a front-end found the thread that reads the
    // same bytes through the other group within L2's capacity; a linked set
    // of groups is fetched once (its largest compulsory share).
    std::map<std::string, std::string> Parent;
    std::function<std::string(const std::string &)> Root =
        [&](const std::string &G) -> std::string {
      auto It = Parent.find(G);
      if (It == Parent.end() || It->second == G)
        return G;
      return It->second = Root(It->second);
    };
    for (const auto &[Name, G] : Groups)
      for (const std::string &From : G.RereadFrom)
        if (Groups.count(From))
          Parent[Root(Name)] = Root(From);
    double SumUnions = 0, SumRequested = 0, Compulsory = 0;
    std::map<std::string, double> LinkedMax;
    for (const auto &[Name, G] : Groups) {
      std::vector<GroupSpan::Chain> Chains =
          G.clusterChains(G.ThreadStrideBytes, FitsL2Between);
      std::vector<double> ChainMax(Chains.size(), 0);
      for (std::size_t C = 0; C < Chains.size(); ++C)
        for (double U : Chains[C].Unions) {
          SumUnions += U;
          ChainMax[C] = std::max(ChainMax[C], U);
        }
      double GroupCompulsory = 0;
      for (double M : ChainMax)
        GroupCompulsory += M;
      GroupCompulsory -=
          blockRowCredit(G, Chains, ChainMax, Dims, FitsL2Between);
      double &M = LinkedMax[Root(Name)];
      M = std::max(M, GroupCompulsory);
      SumRequested += G.RequestedBytes;
    }
    for (const auto &Linked : LinkedMax)
      Compulsory += Linked.second;
    double L1 = 1 - SumUnions / SumRequested;
    double Dram = std::min(Compulsory, SumUnions) / SumRequested;
    A.Shares = {L1, 1 - L1 - Dram, Dram};
    A.Rule = LevelRule::Neighbours;
  }

  // R1/R4: the bytes the grid's loads of a base that fits L2 request. The
  // base's working set comes from DRAM once for all of them: a byte one
  // access fetched is in L2 when another access of the base (another tile
  // row, another dimension) or another block re-reads it.
  std::map<std::string, double> BaseGridBytes;
  for (const GlobalAccessFact &F : Facts)
    if (Caches.present() && !F.Store && fitsL2(F, Caches))
      BaseGridBytes[F.Base] += GridThreads * F.PerThread * F.Bytes;

  double LoopBytes = loopBytesPerWarpIteration(Facts, Lanes);
  std::vector<double> StoreMiss =
      storeMergeMissFractions(Facts, Caches, Lanes, ThreadsInFlight / Lanes);
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
      double GridBytes = BaseGridBytes[F.Base];
      double Dram = fitsL2(F, Caches) && GridBytes > 0
                        ? std::min(Miss, F.WorkingSetBytes / GridBytes)
                        : Miss;
      A.Shares = {1 - Miss, Miss - Dram, Dram};
      A.Rule = LevelRule::Broadcast;
    } else if (fitsL2(F, Caches)) { // R4
      double GridBytes = BaseGridBytes[F.Base];
      double Dram =
          GridBytes > 0 ? std::min(1.0, F.WorkingSetBytes / GridBytes) : 1.0;
      A.Shares = {0, 1 - Dram, Dram};
      A.Rule = LevelRule::FitsL2;
    } else if (F.Shape == AccessShape::Gather) { // R6
      A.Rule = LevelRule::UnknownGather;
    } else {
      A = BaseLevels.at(F.Base);
    }
    // R9: a given block_sectors wins over the one derived from the thread
    // strides and the block's dimensions.
    double BlockSectors = F.BlockSectors;
    bool Derived = false;
    if (BlockSectors <= 0 && Caches.present())
      if (std::optional<double> D = derivedBlockSectors(F, Dims)) {
        BlockSectors = *D;
        Derived = true;
      }
    if (Caches.present() && !F.Store && BlockSectors > 0 &&
        F.Shape != AccessShape::Broadcast) { // R9
      applyBlockReuse(F, BlockSectors, Caches, Lanes, WarpsPerBlock, A);
      A.BlockSectorsDerived = Derived && A.BlockReuse;
    }
    if (loopReuseApplies(F, Caches, Budget))
      applyLoopReuse(F, Caches, Budget, Lanes, WarpsPerBlock,
                     static_cast<double>(std::max<std::uint64_t>(Blocks, 1)),
                     LoopBytes, A);
    if (StoreMiss[I] < 1) { // R10
      A.Shares.L2 += A.Shares.Dram * (1 - StoreMiss[I]);
      A.Shares.Dram *= StoreMiss[I];
      A.StoreMerge = true;
    }
    if (Caches.present() && !Caches.L1CachesGlobalLoads && !F.Store &&
        !F.ReadOnly && A.Shares.L1 > 0) { // R8
      A.Shares.L2 += A.Shares.L1;
      A.Shares.L1 = 0;
      A.L1Bypassed = true;
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
