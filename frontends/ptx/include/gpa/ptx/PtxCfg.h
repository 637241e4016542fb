//===- PtxCfg.h - Basic blocks, loops and block weights ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The control-flow graph of one PTX function: basic blocks split at labels
// and after branches, dominators, natural loops (back edges to a dominating
// header), and the expected executions of each block per thread under the
// static heuristic in docs/ptx-frontend.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXCFG_H
#define GPA_PTX_PTXCFG_H

#include "gpa/BranchFacts.h"
#include "gpa/InstructionCosts.h"
#include "gpa/TripCounts.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxError.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpa::ptx {

struct PtxBlock {
  std::size_t Begin = 0, End = 0; ///< Instruction range [Begin, End) in Body
  std::vector<unsigned> Succs, Preds;
  bool Reachable = false;
  /// Expected executions per thread per function invocation.
  double Weight = 0;
  /// Number of loops containing the block.
  unsigned LoopDepth = 0;
  /// With two successors: the probability of Succs[0], the branch target
  /// (Succs[1] falls through); PtxBranchHeuristics.cpp.
  double TakenProbability = 0.5;
  /// How TakenProbability was chosen (gpa/BranchFacts.h rules): empty for
  /// a block without a two-way branch; kind given, derived or assumed.
  std::string ProbabilitySource, ProbabilityKind;
  /// The branch is a thread-index bounds guard.
  bool ThreadGuard = false;
  double GuardInBounds = 1; ///< a guard's P(in bounds)
  /// The branch is an equality test on thread or block indices the launch
  /// decides (PtxBranchHeuristics.cpp): listed however small its share.
  bool IndexTest = false;
  /// The branch is a loop's zero-trip guard: the loop is assumed entered
  /// (PtxBlockWeights.cpp), whatever TakenProbability says.
  bool LoopGuard = false;
  /// Empty or only "bra.uni": llc's layout, no block of the IR.
  bool OnlyJumps = false;
  /// The branch is an unrolled pair's entry or remainder test, decided by
  /// the count given for the source loop (PtxGivenTripCounts.cpp).
  bool CountDecided = false;
  /// The share of the block's threads reaching the branch that take it,
  /// found while counting a loop behind it per thread
  /// (PtxThreadTripCounts.cpp; -1: none), applied by decideThreadTests.
  double ThreadTakenProbability = -1;
  std::string ThreadProbabilitySource;
};

struct PtxLoop {
  unsigned Header = 0;
  std::vector<unsigned> Blocks;      ///< Sorted, includes the header
  int Parent = -1;                   ///< Enclosing loop index, -1 at top level
  std::vector<unsigned> ExitTargets; ///< Blocks outside entered from inside
  /// Executions per entry when the PTX makes it evident (PtxTripCount.cpp);
  /// 0: unknown, the default trip count applies.
  double TripCount = 0;
  /// Without TripCount: the count given for its kernel or line, or the
  /// default (PtxGivenTripCounts.cpp; -1: none, the default applies), how
  /// it was chosen (TripChoice's kind and source), and its source line.
  double GivenTripCount = -1;
  std::string TripKind, TripSource;
  unsigned SourceLine = 0;
  /// nvcc's remainder loop of this unrolled loop (-1: none), the unroll
  /// factor and the source loop's given count they split.
  int Remainder = -1;
  unsigned UnrollFactor = 0;
  double SourceTripCount = -1;
  bool contains(unsigned B) const;
};

struct PtxCfg {
  std::vector<PtxBlock> Blocks; ///< Block 0 is the entry
  std::vector<PtxLoop> Loops;
  std::vector<unsigned> Rpo; ///< Reachable blocks in reverse post-order
  std::vector<int> IDom;     ///< Immediate dominator (-1: entry/unreached)
  /// Edges ignored because they enter a cycle that has no dominating header.
  std::vector<std::pair<unsigned, unsigned>> IrreducibleEdges;
  std::vector<std::string> Warnings;

  bool dominates(unsigned A, unsigned B) const;
  /// The smallest loop containing \p Block; null outside every loop.
  const PtxLoop *innermostLoop(unsigned Block) const;
};

struct WeightOptions {
  /// Iterations assumed for every loop per entry (nested loops multiply).
  double DefaultTripCount = 16;
  /// Block weights are clamped here (deep nests would overflow the model).
  double MaxWeight = 1e12;
  /// Sector and warp size of the GPU model (transactions per warp).
  gpa::MemoryGeometry Memory;
  /// Launch facts and given probabilities that decide branches.
  gpa::BranchFacts Branches;
  /// Counts given per kernel and source line for loops the PTX does not
  /// count (unset: DefaultTripCount for all).
  std::optional<gpa::LoopTripCounts> Trips;
};

/// Builds blocks, dominators and loops of F. Fails (with a located error) on
/// a branch to a label F does not define.
bool buildCfg(const PtxFunction &F, const std::string &File, PtxCfg &Out,
              PtxError &Error);

/// Fills PtxLoop::TripCount for nvcc-style counted loops.
struct PtxFunction;
void computeTripCounts(const PtxFunction &F, PtxCfg &Cfg);

/// A loop's executions per entry from the kernel's arguments given by
/// position (ld.param of a given argument: PtxArgumentTripCounts.cpp), and
/// the parameters it read.
struct ArgumentTripCount {
  double Count = 0;
  std::set<unsigned> Read;
};
std::optional<ArgumentTripCount>
argumentTripCount(const PtxFunction &F, const PtxCfg &Cfg, const PtxLoop &L,
                  const gpa::BranchFacts &Facts);

/// Fills PtxLoop::GivenTripCount of loops without a TripCount from
/// \p Trips, splitting a count between nvcc's unrolled loop and its
/// remainder; a loop whose count follows from the kernel's arguments
/// (argumentTripCount) unless its line has a count of its own.
void applyGivenTripCounts(const PtxFunction &F, PtxCfg &Cfg,
                          const gpa::LoopTripCounts &Trips);

/// A loop whose counter starts at a thread index (a block-stride loop):
/// with the block's shape given, each thread of the block followed to the
/// loop and its executions counted; sets L's GivenTripCount (`derived`,
/// the mean over the threads entering) and the branches on the way'
/// ThreadTakenProbability. False (nothing set) when it does not apply.
bool applyThreadTripCount(const PtxFunction &F, PtxCfg &Cfg, PtxLoop &L,
                          const gpa::BranchFacts &Facts);

/// A loop whose counter starts once before the enclosing loop and goes on
/// across its iterations (a pipeline's producer loop, `for (; k_buf <
/// K_TILES && k_buf < k + NBUFFER; k_buf++)`): its executions summed over
/// the enclosing loop, divided by that loop's trip count; sets L's
/// GivenTripCount (`derived`, the expression in the label). False (nothing
/// set) when it does not apply (PtxCarriedTripCounts.cpp).
bool applyCarriedTripCount(const PtxFunction &F, PtxCfg &Cfg, PtxLoop &L);

/// Where applyCarriedTripCount does not apply (nvcc unrolled the producer
/// and peeled its remainder, `T & 3` bodies before a loop stepping by 4;
/// no zero-trip guard): the enclosing loop's iterations followed one by one
/// (at most 65536) with the carried counter, each bound evaluated at the
/// entry; sets L's GivenTripCount (`derived`, mean over its entries) and
/// the shares of the branches on the way that read no thread index
/// (applied by decideThreadTests). False (nothing set) when it does not
/// apply (PtxCarriedTripCounts.cpp).
bool applyFollowedCarriedTripCount(const PtxFunction &F, PtxCfg &Cfg,
                                   PtxLoop &L, const gpa::BranchFacts &Facts);

/// Two-way branches whose test reads only the thread's index, the block's
/// size, given arguments and immediates (nvcc's unrolled `for (i = tid; i
/// < n; i += NTHREADS)` of a copy: "setp.gt.u32 %p, %tid, 63; @%p bra"):
/// with the block's shape given, each thread's test evaluated; sets the
/// ThreadTakenProbability decideThreadTests applies.
void applyThreadIndexTests(const PtxFunction &F, PtxCfg &Cfg,
                           const gpa::BranchFacts &Facts);

/// After computeBranchProbabilities: the branches applyThreadTripCount
/// decided take their threads' shares.
void decideThreadTests(PtxCfg &Cfg);

/// After computeBranchProbabilities: the tests an unrolled pair's count
/// decides, `n < U` before the unrolled loop (entered when count div U > 0)
/// and `n % U == 0` after it (the remainder entered when count mod U > 0).
void decideUnrolledPairTests(PtxCfg &Cfg);

/// Fills PtxBlock::TakenProbability from the comparisons guarding branches,
/// and PtxBlock::OnlyJumps.
void computeBranchProbabilities(const PtxFunction &F, PtxCfg &Cfg,
                                const gpa::BranchFacts &Facts = {});

/// Fills PtxBlock::Weight and LoopDepth (see docs/ptx-frontend.md).
void computeBlockWeights(PtxCfg &Cfg, const WeightOptions &Opts);

} // namespace gpa::ptx

#endif
