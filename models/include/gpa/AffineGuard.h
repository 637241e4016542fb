//===- AffineGuard.h - The share of a launch a guard passes -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A bounds guard compares an index that is affine in one dimension's block
// and thread index and in a loop counter (or an unrolled copy's constant),
//
//   v = Block * blockIdx + Thread * threadIdx + Counter * k + Offset,
//
// with a bound. Kernel Tuner and most hand-written launches cover a tiled
// problem with more threads than it has points (dedispersion launches
// ceil(2048 / by) blocks along y whatever its tile), so how many
// (block, thread, iteration) points of the launch pass the guard is counted
// exactly here, not estimated as bound / threads: the values of a tiled index
// are not contiguous, and each unrolled copy has its own offset.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_AFFINEGUARD_H
#define GPA_AFFINEGUARD_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

/// v = Block * b + Thread * t + Counter * k + Offset over b in [0, Blocks),
/// t in [0, Threads), k in [0, Trips).
struct AffineIndex {
  std::int64_t Block = 0, Thread = 0, Counter = 0, Offset = 0;
  std::uint64_t Blocks = 1, Threads = 1, Trips = 1;

  /// "32 * blockIdx.y + threadIdx.y + 8 * k + 8" with the names given.
  std::string text(const std::string &BlockName, const std::string &ThreadName,
                   const std::string &CounterName) const;
};

/// The number of points with Lo <= v < Hi, counted exactly in
/// O(Trips x min(Blocks, Thread x Threads / Block + 2)) steps; nullopt when a
/// coefficient or a count is too large to count exactly in 64 bits
/// (|coefficient| > 2^24, a count > 2^32, Trips > 2^20).
std::optional<std::uint64_t> pointsInRange(const AffineIndex &I,
                                           std::int64_t Lo, std::int64_t Hi);

/// The share of the points with v < Bound (Signed), or 0 <= v < Bound
/// (unsigned: a negative v wraps above any bound); nullopt as above.
std::optional<double> shareBelow(const AffineIndex &I, std::int64_t Bound,
                                 bool Signed);

struct BranchFacts;

/// An index as a front-end reads it: per dimension (x, y, z) the
/// coefficients of the block and the thread index, a loop counter's step
/// and trip count (Trips 1: no counter; an unrolled copy's counter is in
/// Offset), and a constant.
struct GuardIndex {
  std::int64_t Block[3] = {0, 0, 0}, Thread[3] = {0, 0, 0};
  std::int64_t Counter = 0;
  std::uint64_t Trips = 1;
  std::int64_t Offset = 0;
  /// Where nonzero, the thread term along D is a block-stride loop's
  /// counter (`for (i = threadIdx.y; i < E; i += blockDim.y)`), which takes
  /// each value of [0, ThreadSpan[D]) once across the block's threads and
  /// iterations: it is counted over those values, not the block's threads.
  std::uint64_t ThreadSpan[3] = {0, 0, 0};
  /// That loop's step, blockDim along D (for the words only).
  std::uint64_t SpanStep = 0;
};

/// A guard `index < bound` decided on a launch.
struct GuardShare {
  double InBounds = 1;
  /// "32 * blockIdx.y + threadIdx.y + 8 < 100: 28 of 104 (block, thread)
  /// points in bounds".
  std::string Words;
  /// Where the dimensions it counted over come from: "blockDim.y from
  /// l.json, gridDim.y from l.json" (BranchFacts::launchSourceOf).
  std::string LaunchSource;
  /// blockIdx.x * blockDim.x + threadIdx.x (or threadIdx.x) shifted by a
  /// constant: min(1, bound / threads) is exact and says the same.
  bool Contiguous = false;
};

/// The share of the launch's (block, thread, iteration) points for which
/// Index < Bound (exclusive; Signed as the comparison reads it), with the
/// index's names as the IR (blockIdx.y) or the PTX (%ctaid.y) writes them.
/// nullopt when the index has no thread or block term, spans several
/// dimensions, or the launch (Facts) lacks a dimension it needs.
std::optional<GuardShare> shareOfLaunch(const GuardIndex &Index,
                                        std::int64_t Bound, bool Signed,
                                        const BranchFacts &Facts,
                                        bool PtxNames);

/// The share of the launch's (block, thread, iteration) points for which
/// Index == Value (an equality test: `threadIdx.x == 0` lets one thread of
/// each block through, `blockIdx.x == 0` one block of the grid), counted
/// as shareOfLaunch counts; nullopt as there.
std::optional<GuardShare> shareEqualOfLaunch(const GuardIndex &Index,
                                             std::int64_t Value,
                                             const BranchFacts &Facts,
                                             bool PtxNames);

/// Equality tests joined by `&&` (`tx == 0 && ty == 0`, InstCombine's and
/// nvcc's `(tx | ty) == 0`) on disjoint index terms: over the launch they
/// are independent, so their shares multiply. One accumulator for both
/// front-ends, so the IR and the PTX route word and count them alike.
class EqualityShares {
public:
  /// Adds the test Index == Value. False when the index has no thread or
  /// block term or shares one with a test added before (no such rule then).
  bool add(const GuardIndex &Index, std::int64_t Value,
           const BranchFacts &Facts, bool PtxNames);
  /// The index terms tested (indexTerms of every test).
  unsigned terms() const { return Terms; }
  /// Whether the launch decided every test (shareEqualOfLaunch).
  bool known() const { return Known; }
  /// The product of the tests' shares (those the launch decided).
  double share() const { return Share; }
  /// Each test's words, "; " between them.
  const std::string &words() const { return Words; }
  /// The launch's sources, each once.
  const std::string &launchSource() const { return Launch; }

private:
  unsigned Terms = 0;
  bool Known = true;
  double Share = 1;
  std::string Words, Launch;
};

/// A comparison of an index with a constant, as the join below takes it.
enum class IndexTestOp { Lt, Le, Gt, Ge, Eq, Ne };

/// Tests on launch indices joined by `&&` where several test one index: a
/// stencil's interior, `ix > 0 && ix < 399 && iy > 0 && iy < 399 && ...`
/// (gpuFLOPBench ace-cuda; InstCombine writes `ix > 0` as `ix != 0`). The
/// tests on one index intersect, counted exactly over its (block, thread,
/// iteration) points (pointsInRange: 398 of 400 values of ix pass `ix != 0
/// && ix < 399`, not 399/400 x 399/400); indices on disjoint terms are
/// independent over the launch, so their shares multiply. A join by `||`
/// is the complement of the `&&` of the complements: add each test negated
/// (negated()) and take 1 - share(). One accumulator for both front-ends.
class IndexTestJoin {
public:
  /// Adds `Index Op Value` (Signed as the comparison reads it: an unsigned
  /// test sees a negative index as a large one). False when the index has
  /// no thread or block term, shares a term with a different index added
  /// before (no rule then), or the test is not representable.
  bool add(const GuardIndex &Index, IndexTestOp Op, std::int64_t Value,
           bool Signed);
  /// The test true exactly when Op's is false.
  static IndexTestOp negated(IndexTestOp Op);
  /// Whether some index carries more than one test (without one, the
  /// front-ends' pairwise rules say the same).
  bool overlaps() const;
  /// Whether every test is a bound (no == or !=).
  bool boundsOnly() const { return BoundsOnly; }
  /// The index terms tested (indexTerms of every index).
  unsigned terms() const { return Terms; }
  /// The share of the launch's points passing every test, with words per
  /// index ("blockIdx.z * 4 + threadIdx.z != 0, < 399: 398 of 400 (block,
  /// thread) points pass") and the launch's sources; nullopt when the
  /// launch lacks a dimension or a count is too large to count exactly.
  std::optional<GuardShare> share(const BranchFacts &Facts,
                                  bool PtxNames) const;
  /// The source both front-ends list for a join's weight: which tests hold
  /// (\p And; for `||` the negated ones), \p S's words and launch, and
  /// the given arguments where a bound \p ReadsArguments.
  static std::string source(bool And, const GuardShare &S, bool ReadsArguments,
                            const BranchFacts &Facts);

private:
  struct Test {
    IndexTestOp Op;
    std::int64_t Value;
    bool Signed;
  };
  struct Group {
    GuardIndex Index;
    std::vector<Test> Tests;
  };
  std::vector<Group> Groups;
  unsigned Terms = 0;
  bool BoundsOnly = true;
};

/// The index's terms as bits: bit D for threadIdx along D, bit 3 + D for
/// blockIdx along D. Tests on disjoint terms are independent over the
/// launch (their shares multiply).
unsigned indexTerms(const GuardIndex &Index);

/// The terms' names, "threadIdx.x, threadIdx.y" (IR) or "%tid.x, %tid.y"
/// (PTX).
std::string indexTermNames(unsigned Terms, bool PtxNames);

} // namespace gpa

#endif
