//===- BlockWeights.cpp - Expected executions of each basic block --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// BFI's frequencies are relative numbers (the entry block's raw frequency is
// arbitrary), so each is divided by the entry frequency. BFI's loops are
// static guesses (a back edge is taken with probability ~31/32, so a header
// runs ~32 times per entry). Each loop L is therefore rescaled by
//
//   s(L) = TripCount(L) / (freq(header) / freq(entering edges))
//
// so that its header runs TripCount times per entry, where TripCount is
// ScalarEvolution's constant trip count or the count given for the loop's
// line or kernel (TripCounts.h), else the documented default. Nested
// loops multiply. Irreducible cycles are not loops in LoopInfo and keep BFI's
// own estimate; unreachable blocks get weight 0. Scales and weights are
// clamped to MaxBlockWeight: 255 nested loops of 32 trips would be 32^255.
//
//===----------------------------------------------------------------------===//

#include "BlockWeights.h"
#include "CarriedTripCounts.h"
#include "DerivedTripCounts.h"
#include "SourceLocation.h"
#include "UnrolledLoops.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <cmath>

using namespace llvm;

namespace gpa {

/// V limited to [0, MaxBlockWeight]; NaN (inf x 0) counts as too large.
static double clampWeight(double V, bool &Clamped) {
  if (V >= 0 && V <= MaxBlockWeight)
    return V;
  Clamped = true;
  return V < 0 ? 0 : MaxBlockWeight;
}

/// Header executions per entry into \p L according to BFI alone.
static double bfiIterations(const Loop &L, BlockFrequencyInfo &BFI,
                            BranchProbabilityInfo &BPI) {
  const BasicBlock *Header = L.getHeader();
  double Entering = 0;
  for (const BasicBlock *Pred : predecessors(Header)) {
    if (L.contains(Pred))
      continue;
    double PredFreq = double(BFI.getBlockFreq(Pred).getFrequency());
    Entering += PredFreq * BPI.getEdgeProbability(Pred, Header).getNumerator() /
                double(BranchProbability::getDenominator());
  }
  double HeaderFreq = double(BFI.getBlockFreq(Header).getFrequency());
  if (Entering <= 0 || HeaderFreq <= 0)
    return 0;
  return HeaderFreq / Entering;
}

/// The zero-trip guard of L: a conditional branch before the loop (in the
/// header's outside predecessor, or the block leading to it) with one
/// successor on the way into the loop and the other an exit block of L —
/// the shape every rotated for-loop has, and the rule the PTX front-end
/// applies to nvcc's guards (docs/plugin.md). nullptr when there is none.
static const BasicBlock *guardBlock(const Loop &L) {
  const BasicBlock *Header = L.getHeader();
  const BasicBlock *Into = Header;
  const BasicBlock *Cand = L.getLoopPredecessor();
  SmallVector<BasicBlock *, 4> Exits;
  L.getExitBlocks(Exits);
  for (int Step = 0; Cand && Step < 2; ++Step) {
    const auto *Br = dyn_cast<BranchInst>(Cand->getTerminator());
    if (Br && Br->isConditional()) {
      for (unsigned I = 0; I < 2; ++I)
        if (Br->getSuccessor(I) == Into &&
            is_contained(Exits, Br->getSuccessor(1 - I)))
          return Cand;
      return nullptr;
    }
    if (!Br || Cand->getSingleSuccessor() != Into)
      return nullptr;
    Into = Cand;
    Cand = Cand->getSinglePredecessor();
  }
  return nullptr;
}

/// A loop behind a zero-trip guard (`if (i < n) do { ... } while (i < n)`)
/// is assumed entered: BFI's 50% for the guard would halve every such loop,
/// the grid-stride loop of a kernel launched for its data among them.
/// Returns the factor that undoes the guard's probability.
static double guardCorrection(const Loop &L, BlockFrequencyInfo &BFI,
                              BranchProbabilityInfo &BPI) {
  const BasicBlock *Guard = guardBlock(L);
  if (!Guard)
    return 1.0;
  double GuardFreq = double(BFI.getBlockFreq(Guard).getFrequency());
  double Entering = 0;
  for (const BasicBlock *Pred : predecessors(L.getHeader()))
    if (!L.contains(Pred))
      Entering += double(BFI.getBlockFreq(Pred).getFrequency()) *
                  BPI.getEdgeProbability(Pred, L.getHeader()).getNumerator() /
                  double(BranchProbability::getDenominator());
  return Entering > 0 && GuardFreq > Entering ? GuardFreq / Entering : 1.0;
}

/// The unrolled pair L belongs to, if any.
static const UnrolledPair *pairOf(const Loop &L,
                                  const std::vector<UnrolledPair> &Pairs) {
  for (const UnrolledPair &P : Pairs)
    if (P.Main == &L || P.Remainder == &L)
      return &P;
  return nullptr;
}

static std::string decimal(unsigned V) { return std::to_string(V); }

/// A loop of an unrolled pair runs its share of the source loop's count
/// once per entry into the source loop (Pair.Entry), whatever BFI guesses
/// for the unroller's `n < U` and `n % U == 0` tests: the count decides
/// them. The source loop's zero-trip guard is assumed entered, as every
/// loop's (unless a bounds guard decided it).
static double pairScale(const Loop &L, const UnrolledPair &Pair,
                        unsigned TripCount, BlockFrequencyInfo &BFI,
                        const std::vector<const BasicBlock *> &DecidedGuards) {
  double HeaderFreq = double(BFI.getBlockFreq(L.getHeader()).getFrequency());
  double EntryFreq = double(BFI.getBlockFreq(Pair.Entry).getFrequency());
  if (HeaderFreq <= 0)
    return 1.0;
  double Own = double(TripCount) * EntryFreq / HeaderFreq;
  if (Pair.Guard && !is_contained(DecidedGuards, Pair.Guard) && EntryFreq > 0)
    Own *= std::max(1.0, double(BFI.getBlockFreq(Pair.Guard).getFrequency()) /
                             EntryFreq);
  return Own;
}

/// What the chosen branch probabilities multiply \p X's weight by
/// (reweighFactor over every moved decision).
static double reweighed(const std::vector<const BranchDecision *> &Moved,
                        const BasicBlock &X, const DominatorTree &DT,
                        const LoopInfo &LI);

static void scaleLoop(const Loop &L, double ParentScale,
                      DenseMap<const Loop *, double> &Scale,
                      BlockFrequencyInfo &BFI, BranchProbabilityInfo &BPI,
                      ScalarEvolution &SE, const LoopTripCounts &Trips,
                      const std::vector<const BasicBlock *> &DecidedGuards,
                      const std::vector<UnrolledPair> &Pairs,
                      const std::vector<const BranchDecision *> &Moved,
                      const DominatorTree &DT, const LoopInfo &LI,
                      BlockWeights &Out) {
  unsigned TripCount = SE.getSmallConstantTripCount(&L);
  double Count = TripCount; // header executions per entry
  double Own = 1.0;
  bool Weighed = false;
  const UnrolledPair *Pair = nullptr;
  if (TripCount)
    ++Out.ConstantTripCountLoops;
  else {
    AssumedLoop A;
    A.F = L.getHeader()->getParent();
    if (DebugLoc Start = L.getStartLoc()) {
      A.File = relativeFile(*Start.get());
      A.Line = Start.getLine();
      A.Column = Start.getCol();
    }
    A.Trips = Trips.forLine(A.Line);
    A.Iterations = A.Trips.Count;
    A.L = &L;
    Count = A.Trips.Count;
    // A count for the loop's line wins; else one from the arguments.
    bool LineGiven = A.Line && Trips.ByLine.count(A.Line);
    std::optional<DerivedTrip> D;
    if (!LineGiven)
      D = deriveTripCount(L, SE, LI, Trips.Branches);
    // A counter carried across the enclosing loop (a pipeline's producer).
    if (!LineGiven && !D)
      D = carriedTripCount(L, SE);
    if (D) {
      A.Derived = true;
      A.Iterations = D->Count;
      A.Trips = {unsigned(std::min(4294967295.0, std::round(D->Count))),
                 D->Source, D->Kind};
      if (D->PerAnchor) {
        // Executions per execution of the anchor, its entry conditions
        // included: the header's weight is set, not BFI's guesses scaled.
        const BasicBlock *Anchor = L.getParentLoop()
                                       ? L.getParentLoop()->getHeader()
                                       : &A.F->getEntryBlock();
        const BasicBlock *Header = L.getHeader();
        double HeaderFreq = double(BFI.getBlockFreq(Header).getFrequency()) *
                            reweighed(Moved, *Header, DT, LI);
        double AnchorFreq = double(BFI.getBlockFreq(Anchor).getFrequency()) *
                            reweighed(Moved, *Anchor, DT, LI);
        Own = HeaderFreq > 0 ? D->Count * AnchorFreq / HeaderFreq : 1.0;
        Weighed = true;
      } else {
        Count = D->Count;
      }
    } else {
      ++Out.UnknownTripCountLoops;
      // A given or assumed count is the source loop's: split it between
      // the unroller's two loops (a derived count is each loop's own).
      if ((Pair = pairOf(L, Pairs))) {
        unsigned N = A.Trips.Count, U = Pair->Factor;
        bool Main = Pair->Main == &L;
        A.Trips.Count = Main ? N / U : N % U;
        A.Trips.Source +=
            ": " + decimal(N) + " iterations " + (Main ? "div " : "mod ") +
            decimal(U) +
            (Main ? " (the loop LLVM unrolled " + decimal(U) + " times)"
                  : std::string(" (the unrolled loop's remainder)"));
        A.Part = Main ? AssumedLoop::Unrolled::Main
                      : AssumedLoop::Unrolled::Remainder;
        A.Iterations = A.Trips.Count;
        Count = A.Trips.Count;
      }
    }
    Out.Assumed.push_back(std::move(A));
  }
  if (!Weighed && Pair) {
    Own = pairScale(L, *Pair, unsigned(Count), BFI, DecidedGuards);
  } else if (!Weighed) {
    double Iterations = bfiIterations(L, BFI, BPI);
    Own = Iterations > 0 ? Count / Iterations : 1.0;
    // A bounds guard before the loop is weighed by its decision instead.
    if (!is_contained(DecidedGuards, guardBlock(L)))
      Own *= guardCorrection(L, BFI, BPI);
  }
  bool Ignored = false;
  double Total = clampWeight(ParentScale * Own, Ignored);
  Scale[&L] = Total;
  for (const Loop *Sub : L.getSubLoops())
    scaleLoop(*Sub, Total, Scale, BFI, BPI, SE, Trips, DecidedGuards, Pairs,
              Moved, DT, LI, Out);
}

/// Every loop's zero-trip guard block (assumed entered: guardCorrection).
static void loopGuards(const Loop &L, std::vector<const BasicBlock *> &Out) {
  if (const BasicBlock *G = guardBlock(L))
    Out.push_back(G);
  for (const Loop *Sub : L.getSubLoops())
    loopGuards(*Sub, Out);
}

/// The factor BFI's weight of \p X changes by when branch D runs with its
/// chosen probability instead of BFI's: blocks reached only through its true
/// edge scale by chosen / heuristic, those only through its false edge by
/// (1 - chosen) / (1 - heuristic); joins keep theirs. Only blocks in the
/// branch's loop (or loops inside it) scale: a block past the loop is not
/// reached once per execution of the branch.
static double reweighFactor(const BranchDecision &D, const BasicBlock &X,
                            const DominatorTree &DT, const LoopInfo &LI) {
  const Loop *L = LI.getLoopFor(D.Block);
  if (L && !L->contains(&X))
    return 1;
  constexpr double Tiny = 1e-9;
  if (D.SwitchCase) {
    // A destination reached by several of the switch's cases is no single
    // edge: reached only from the switch, it dominates what it reaches.
    const BasicBlock *Dest =
        D.Block->getTerminator()->getSuccessor(D.Successor);
    bool Through = Dest->getUniquePredecessor() == D.Block
                       ? DT.dominates(Dest, &X)
                       : DT.dominates(BasicBlockEdge(D.Block, Dest), &X);
    if (!D.FirstOfDestination || D.DestinationHeuristic <= Tiny || !Through)
      return 1;
    return D.DestinationChosen / D.DestinationHeuristic;
  }
  const auto *Br = cast<BranchInst>(D.Block->getTerminator());
  BasicBlockEdge True(D.Block, Br->getSuccessor(0));
  BasicBlockEdge False(D.Block, Br->getSuccessor(1));
  if (D.HeuristicTrue > Tiny && DT.dominates(True, &X))
    return D.TrueProbability / D.HeuristicTrue;
  if (1 - D.HeuristicTrue > Tiny && DT.dominates(False, &X))
    return (1 - D.TrueProbability) / (1 - D.HeuristicTrue);
  return 1;
}

static double reweighed(const std::vector<const BranchDecision *> &Moved,
                        const BasicBlock &X, const DominatorTree &DT,
                        const LoopInfo &LI) {
  double W = 1;
  for (const BranchDecision *D : Moved)
    W *= reweighFactor(*D, X, DT, LI);
  return W;
}

BlockWeights computeBlockWeights(Function &F, BlockFrequencyInfo &BFI,
                                 BranchProbabilityInfo &BPI, LoopInfo &LI,
                                 ScalarEvolution &SE, DominatorTree &DT,
                                 const LoopTripCounts &Trips) {
  BlockWeights Out;
  double Entry = double(BFI.getEntryFreq().getFrequency());
  if (Entry <= 0)
    Entry = 1;
  DenseMap<const Loop *, double> Scale;
  std::vector<const BasicBlock *> Guards;
  for (const Loop *L : LI)
    loopGuards(*L, Guards);
  std::vector<UnrolledPair> Pairs = findUnrolledPairs(LI, SE, DT);
  for (const UnrolledPair &P : Pairs)
    if (P.Guard && !is_contained(Guards, P.Guard))
      Guards.push_back(P.Guard);
  std::vector<BranchDecision> Decided =
      decideBranches(F, BPI, LI, Trips.Branches, Guards, &SE);
  std::vector<const BasicBlock *> DecidedGuards;
  for (const BranchDecision &D : Decided)
    if (is_contained(Guards, D.Block))
      DecidedGuards.push_back(D.Block);
  // Only the branches whose chosen probability differs from BFI's move
  // weights; the listing keeps guards and every weight not 0 or 1.
  std::vector<BranchDecision> Switches =
      decideSwitches(F, BPI, LI, Trips.Branches, &SE);
  std::vector<const BranchDecision *> Moved;
  for (const BranchDecision &D : Decided)
    if (std::fabs(D.TrueProbability - D.HeuristicTrue) > 1e-12)
      Moved.push_back(&D);
  for (const BranchDecision &D : Switches)
    if (D.FirstOfDestination &&
        std::fabs(D.DestinationChosen - D.DestinationHeuristic) > 1e-12)
      Moved.push_back(&D);
  for (const Loop *L : LI)
    scaleLoop(*L, 1.0, Scale, BFI, BPI, SE, Trips, DecidedGuards, Pairs, Moved,
              DT, LI, Out);
  for (const BranchDecision &D : Decided) {
    bool Certain = D.TrueProbability < 1e-3 || D.TrueProbability > 1 - 1e-3;
    // A thread-index test's share is listed however small (1 block of
    // 1024 passes `blockIdx.x == 0`).
    if (D.ThreadGuard || D.IndexTest || D.Stated || !Certain)
      Out.Branches.push_back(D);
  }
  // Every switch share that is not 0 or 1 is listed, the code's and the
  // launch's however small, so no weight removes work silently (a chain of
  // ix == 0 / ix == 399 tests is written as a switch: gpuFLOPBench ace).
  for (const BranchDecision &D : Switches) {
    bool Certain = D.TrueProbability < 1e-3 || D.TrueProbability > 1 - 1e-3;
    if (D.IndexTest || D.Stated || !Certain)
      Out.Branches.push_back(D);
  }
  for (const BasicBlock &BB : F) {
    double W = double(BFI.getBlockFreq(&BB).getFrequency()) / Entry;
    if (const Loop *L = LI.getLoopFor(&BB))
      W *= Scale.lookup(L);
    W *= reweighed(Moved, BB, DT, LI);
    bool Clamped = false;
    Out.Weight[&BB] = clampWeight(W, Clamped);
    Out.ClampedBlocks += Clamped;
  }
  return Out;
}

} // namespace gpa
