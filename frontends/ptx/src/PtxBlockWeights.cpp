//===- PtxBlockWeights.cpp - Expected executions of each block -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Static block frequencies, computed region by region from the innermost
// loop out. Inside a region (a loop body, or the whole function) a unit of
// mass enters at the header and flows forward in RPO:
//  - a block with one successor passes its mass on;
//  - a two-way branch whose targets both stay in the region splits by its
//    probability (PtxBranchHeuristics.cpp, LLVM's integer rules; else
//    50/50), except a loop guard (the branch just before a loop, one target
//    on the way in, the other an exit of the loop, directly or through
//    blocks that only jump, as llc lays exits out: the IR front-end's
//    rule): the loop is assumed entered, the skip gets nothing, unless
//    the guard is a thread-index bounds guard, which keeps its decision;
//  - edges back to the region's header are ignored (they are the trip);
//  - edges leaving the region carry no mass inside it, but record an exit
//    attempt (the block's mass times the edge's probability, all of it when
//    nothing else stays inside) from which the loop's exit distribution is
//    formed.
// A child loop is collapsed: entered with mass m, its blocks get m x
// DefaultTripCount x their local mass, and m leaves through its exits in
// proportion to the exit attempts. Nested loops thus multiply trip counts.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxCfg.h"

#include <algorithm>
#include <map>

namespace gpa::ptx {

namespace {
struct RegionResult {
  std::vector<double> Local;             ///< per block, relative to header
  std::map<unsigned, double> ExitShares; ///< exit target -> share (sum 1)
};

class Weigher {
public:
  Weigher(PtxCfg &Cfg, const WeightOptions &Opts) : Cfg(Cfg), Opts(Opts) {
    for (unsigned I = 0; I < Cfg.Loops.size(); ++I)
      for (unsigned B : Cfg.Loops[I].Blocks)
        if (Innermost[B] < 0 ||
            Cfg.Loops[Innermost[B]].Blocks.size() > Cfg.Loops[I].Blocks.size())
          Innermost[B] = static_cast<int>(I);
  }
  void run();

private:
  PtxCfg &Cfg;
  const WeightOptions &Opts;
  std::vector<int> Innermost = std::vector<int>(Cfg.Blocks.size(), -1);
  std::vector<RegionResult> LoopResults =
      std::vector<RegionResult>(Cfg.Loops.size());
  bool Clamped = false; ///< some weight hit Opts.MaxWeight

  bool ignoredEdge(unsigned From, unsigned To) const {
    for (const auto &E : Cfg.IrreducibleEdges)
      if (E.first == From && E.second == To)
        return true;
    return false;
  }
  /// The child loop of region Loop (-1 = function) that B belongs to.
  int childLoopOf(unsigned B, int Loop) const {
    int L = Innermost[B];
    while (L >= 0 && Cfg.Loops[L].Parent != Loop)
      L = Cfg.Loops[L].Parent;
    return L == Loop ? -1 : L;
  }
  bool inRegion(unsigned B, int Loop) const {
    return Cfg.Blocks[B].Reachable && (Loop < 0 || Cfg.Loops[Loop].contains(B));
  }
  /// Where B leads past blocks that only jump (llc's layout: a loop's exit
  /// "bra.uni $L__BB0_10" is the IR's exit edge to that block).
  unsigned pastJumps(unsigned B) const {
    for (int Seen = 0; Seen < 16 && Cfg.Blocks[B].OnlyJumps &&
                       Cfg.Blocks[B].Succs.size() == 1;
         ++Seen)
      B = Cfg.Blocks[B].Succs[0];
    return B;
  }
  /// Does B lead to To through blocks with one successor (a few)?
  bool reaches(unsigned B, unsigned To) const {
    for (int Steps = 0; Steps < 4 && B != To; ++Steps) {
      if (Cfg.Blocks[B].Succs.size() != 1)
        return false;
      B = Cfg.Blocks[B].Succs[0];
    }
    return B == To;
  }
  /// From's branch to Enter or Skip is the zero-trip guard of a loop, by
  /// the IR front-end's rule (frontends/ir/BlockWeights.cpp, guardBlock):
  /// it ends the loop's only outside predecessor of the header, or the
  /// block that alone leads there, one target on the way into the loop and
  /// the other, Skip, an exit of it (past blocks that only jump).
  bool isLoopGuard(unsigned Enter, unsigned Skip, unsigned From) const {
    unsigned SkipTo = pastJumps(Skip);
    auto ExitsTo = [&](const PtxLoop &L, unsigned To) {
      return std::any_of(L.ExitTargets.begin(), L.ExitTargets.end(),
                         [&](unsigned T) { return pastJumps(T) == To; });
    };
    for (const PtxLoop &L : Cfg.Loops) {
      // nvcc's unrolled loop: `n < 1` skips it and its remainder, past
      // the unrolled loop's own guard `n - 1 < U - 1`.
      bool Unrolled = L.Remainder >= 0;
      bool SkipsAll = Unrolled && ExitsTo(Cfg.Loops[L.Remainder], SkipTo);
      if (L.contains(From) || (!ExitsTo(L, SkipTo) && !SkipsAll))
        continue;
      int Cand = -1;
      unsigned Outside = 0;
      for (unsigned P : Cfg.Blocks[L.Header].Preds)
        if (!L.contains(P)) {
          Cand = static_cast<int>(P);
          ++Outside;
        }
      if (Outside != 1)
        continue;
      unsigned Into = L.Header;
      // Two IR blocks back; blocks that only jump are llc's, not steps.
      for (int Step = 0, Seen = 0; Cand >= 0 && Step < 2 && Seen < 16; ++Seen) {
        const PtxBlock &C = Cfg.Blocks[Cand];
        Step += !C.OnlyJumps;
        if (C.Succs.size() == 2) {
          if (static_cast<unsigned>(Cand) == From && Enter == Into)
            return true;
          // Past the unrolled loop's own guard to the one before it.
          unsigned Other = C.Succs[0] == Into ? C.Succs[1] : C.Succs[0];
          // (nvcc's skips past the unrolled loop; clang's goes to the
          // remainder.)
          if (!SkipsAll || C.Preds.size() != 1 ||
              (C.Succs[0] != Into && C.Succs[1] != Into) ||
              (!ExitsTo(L, pastJumps(Other)) &&
               !reaches(Other, Cfg.Loops[L.Remainder].Header)))
            break;
          Into = static_cast<unsigned>(Cand);
          Cand = static_cast<int>(C.Preds[0]);
          --Step; // that guard is not a step back
          continue;
        }
        if (C.Succs.size() != 1 || C.Succs[0] != Into)
          break;
        Into = static_cast<unsigned>(Cand);
        Cand = C.Preds.size() == 1 ? static_cast<int>(C.Preds[0]) : -1;
      }
    }
    return false;
  }
  RegionResult weighRegion(int Loop);
};
} // namespace

RegionResult Weigher::weighRegion(int Loop) {
  RegionResult R;
  R.Local.assign(Cfg.Blocks.size(), 0);
  std::vector<double> Mass(Cfg.Blocks.size(), 0);
  std::map<unsigned, double> Attempts;
  unsigned Header = Loop < 0 ? 0 : Cfg.Loops[Loop].Header;
  Mass[Header] = 1;
  for (unsigned B : Cfg.Rpo) {
    if (!inRegion(B, Loop) || Mass[B] == 0)
      continue;
    int Child = Loop >= 0 && B == Header ? -1 : childLoopOf(B, Loop);
    if (Child >= 0) {
      if (Cfg.Loops[Child].Header != B)
        continue; // only reachable through the child's header
      const RegionResult &C = LoopResults[Child];
      const PtxLoop &CL = Cfg.Loops[Child];
      double Trips = CL.TripCount > 0         ? CL.TripCount
                     : CL.GivenTripCount >= 0 ? CL.GivenTripCount
                                              : Opts.DefaultTripCount;
      // Clamped on the way out, so 300 nested loops of 16 trips (16^300)
      // never reach inf, and inf x 0 never gives NaN.
      for (unsigned X : Cfg.Loops[Child].Blocks) {
        double W = C.Local[X] == 0 ? 0 : Mass[B] * Trips * C.Local[X];
        if (!(W <= Opts.MaxWeight)) {
          W = Opts.MaxWeight;
          Clamped = true;
        }
        R.Local[X] = W;
      }
      for (const auto &[T, Share] : C.ExitShares) {
        if (T == Header && Loop >= 0)
          continue; // continues this region's loop
        if (inRegion(T, Loop))
          Mass[T] += Mass[B] * Share;
        else
          Attempts[T] += Mass[B] * Share;
      }
      continue;
    }
    R.Local[B] = Mass[B];
    std::vector<unsigned> Inside, Exits;
    std::map<unsigned, double> Share; ///< successor -> branch probability
    const PtxBlock &Blk = Cfg.Blocks[B];
    unsigned NumSuccs = 0;
    for (unsigned S : Blk.Succs)
      NumSuccs += !ignoredEdge(B, S);
    for (unsigned I = 0; I < Blk.Succs.size(); ++I) {
      unsigned S = Blk.Succs[I];
      if (ignoredEdge(B, S))
        continue;
      Share[S] =
          NumSuccs == 2 && Blk.Succs.size() == 2
              ? (I == 0 ? Blk.TakenProbability : 1 - Blk.TakenProbability)
              : 1.0 / NumSuccs;
      if (Loop >= 0 && S == Header)
        continue;
      (inRegion(S, Loop) ? Inside : Exits).push_back(S);
    }
    for (unsigned S : Exits)
      Attempts[S] +=
          Inside.empty() ? Mass[B] / Exits.size() : Mass[B] * Share[S];
    // A bounds guard before a loop keeps its decision: the launch says
    // how many threads enter.
    bool MayGuard = Inside.size() == 2 && !Blk.ThreadGuard && !Blk.IndexTest &&
                    !Blk.CountDecided;
    if (MayGuard && isLoopGuard(Inside[0], Inside[1], B)) {
      Mass[Inside[0]] += Mass[B];
      Cfg.Blocks[B].LoopGuard = true;
    } else if (MayGuard && isLoopGuard(Inside[1], Inside[0], B)) {
      Mass[Inside[1]] += Mass[B];
      Cfg.Blocks[B].LoopGuard = true;
    } else if (Inside.size() == 2) {
      for (unsigned S : Inside)
        Mass[S] += Mass[B] * Share[S];
    } else {
      for (unsigned S : Inside)
        Mass[S] += Mass[B] / Inside.size();
    }
  }
  double Total = 0;
  for (const auto &A : Attempts)
    Total += A.second;
  if (Total > 0)
    for (const auto &[T, W] : Attempts)
      R.ExitShares[T] = W / Total;
  return R;
}

void Weigher::run() {
  // Innermost first: a loop is processed after every loop it contains.
  std::vector<unsigned> Order(Cfg.Loops.size());
  for (unsigned I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return Cfg.Loops[A].Blocks.size() < Cfg.Loops[B].Blocks.size();
  });
  for (unsigned L : Order)
    LoopResults[L] = weighRegion(static_cast<int>(L));
  RegionResult Top = weighRegion(-1);
  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B) {
    double W = Cfg.Blocks[B].Reachable ? Top.Local[B] : 0;
    if (!(W <= Opts.MaxWeight)) { // NaN included
      W = Opts.MaxWeight;
      Clamped = true;
    }
    Cfg.Blocks[B].Weight = W;
  }
  if (Clamped)
    Cfg.Warnings.push_back("loop nest too deep: block weights clamped");
}

void computeBlockWeights(PtxCfg &Cfg, const WeightOptions &Opts) {
  Weigher W(Cfg, Opts);
  W.run();
}

} // namespace gpa::ptx
