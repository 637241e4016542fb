//===- AffineGuard.cpp - The share of a launch a guard lets through ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/AffineGuard.h"
#include "gpa/BranchFacts.h"

#include <algorithm>
#include <limits>

namespace gpa {

namespace {
constexpr std::int64_t MaxCoefficient = std::int64_t(1) << 24;
constexpr std::uint64_t MaxCount = std::uint64_t(1) << 32;
constexpr std::uint64_t MaxTrips = std::uint64_t(1) << 20;

/// i in [0, N) with A * i < R (A >= 0).
std::uint64_t countBelow(std::int64_t A, std::uint64_t N, std::int64_t R) {
  if (R <= 0 || N == 0)
    return 0;
  if (A == 0)
    return N;
  return std::min<std::uint64_t>(N, std::uint64_t((R + A - 1) / A));
}

/// (i, j) in [0, Ni) x [0, Nj) with A * i + B * j < R (A, B >= 0): blocks
/// whose every thread passes count whole, those whose none passes not at
/// all; only the few in between (at most B x Nj / A + 2) are walked.
std::uint64_t pairsBelow(std::int64_t A, std::uint64_t Ni, std::int64_t B,
                         std::uint64_t Nj, std::int64_t R) {
  if (Ni == 0 || Nj == 0)
    return 0;
  std::int64_t Span = B * std::int64_t(Nj - 1);
  std::uint64_t Full = countBelow(A, Ni, R - Span);
  std::uint64_t Any = countBelow(A, Ni, R);
  std::uint64_t N = Full * Nj;
  for (std::uint64_t I = Full; I < Any; ++I)
    N += countBelow(B, Nj, R - A * std::int64_t(I));
  return N;
}
} // namespace

std::optional<std::uint64_t> pointsInRange(const AffineIndex &I,
                                           std::int64_t Lo, std::int64_t Hi) {
  auto TooLarge = [](std::int64_t C) {
    return C > MaxCoefficient || C < -MaxCoefficient;
  };
  if (TooLarge(I.Block) || TooLarge(I.Thread) || TooLarge(I.Counter) ||
      I.Blocks > MaxCount || I.Threads > MaxCount || I.Trips > MaxTrips ||
      I.Offset > (std::int64_t(1) << 56) || I.Offset < -(std::int64_t(1) << 56))
    return std::nullopt;
  if (Hi <= Lo || I.Blocks == 0 || I.Threads == 0 || I.Trips == 0)
    return std::uint64_t(0);
  // A negative coefficient walks its range backwards: c * i = c * (N - 1)
  // + |c| * (N - 1 - i).
  std::int64_t Offset = I.Offset, Block = I.Block, Thread = I.Thread,
               Counter = I.Counter;
  auto Flip = [&](std::int64_t &C, std::uint64_t N) {
    if (C < 0) {
      Offset += C * std::int64_t(N - 1);
      C = -C;
    }
  };
  Flip(Block, I.Blocks);
  Flip(Thread, I.Threads);
  Flip(Counter, I.Trips);
  // Keep the bounds within reach of the values (no overflow below).
  constexpr std::int64_t Far = std::int64_t(1) << 60;
  Lo = std::max(Lo, -Far);
  Hi = std::min(Hi, Far);
  std::uint64_t N = 0;
  for (std::uint64_t K = 0; K < I.Trips; ++K) {
    std::int64_t Shift = Offset + Counter * std::int64_t(K);
    N += pairsBelow(Block, I.Blocks, Thread, I.Threads, Hi - Shift) -
         pairsBelow(Block, I.Blocks, Thread, I.Threads, Lo - Shift);
  }
  return N;
}

std::optional<double> shareBelow(const AffineIndex &I, std::int64_t Bound,
                                 bool Signed) {
  std::int64_t Lo = Signed ? std::numeric_limits<std::int64_t>::min() : 0;
  std::optional<std::uint64_t> N = pointsInRange(I, Lo, Bound);
  if (!N)
    return std::nullopt;
  double Points = double(I.Blocks) * double(I.Threads) * double(I.Trips);
  return Points > 0 ? double(*N) / Points : 0.0;
}

std::string AffineIndex::text(const std::string &BlockName,
                              const std::string &ThreadName,
                              const std::string &CounterName) const {
  std::string Out;
  auto Term = [&](std::int64_t C, const std::string &Name) {
    if (C == 0)
      return;
    if (!Out.empty())
      Out += C < 0 ? " - " : " + ";
    else if (C < 0)
      Out += "-";
    std::int64_t M = C < 0 ? -C : C;
    if (!Name.empty() && M == 1)
      Out += Name;
    else
      Out += std::to_string(M) + (Name.empty() ? "" : " * " + Name);
  };
  Term(Block, BlockName);
  Term(Thread, ThreadName);
  Term(Counter, CounterName);
  Term(Offset, "");
  return Out.empty() ? "0" : Out;
}

namespace {
/// Index's one dimension over the launch, as AffineIndex; false when it
/// has no thread or block term, spans several dimensions, or the launch
/// lacks a dimension it needs.
bool launchIndex(const GuardIndex &Index, const BranchFacts &Facts, int &Dim,
                 AffineIndex &I) {
  Dim = -1;
  for (int D = 0; D < 3; ++D)
    if (Index.Block[D] || Index.Thread[D]) {
      if (Dim >= 0)
        return false;
      Dim = D;
    }
  if (Dim < 0)
    return false;
  const std::uint64_t GridBlocks[3] = {Facts.GridBlocksX, Facts.GridBlocksY,
                                       Facts.GridBlocksZ};
  const std::uint64_t BlockThreads[3] = {
      Facts.BlockThreadsX, Facts.BlockThreadsY, Facts.BlockThreadsZ};
  I.Block = Index.Block[Dim];
  I.Thread = Index.Thread[Dim];
  I.Counter = Index.Counter;
  I.Offset = Index.Offset;
  I.Trips = Index.Trips ? Index.Trips : 1;
  I.Blocks = I.Block ? GridBlocks[Dim] : 1;
  I.Threads = !I.Thread               ? 1
              : Index.ThreadSpan[Dim] ? Index.ThreadSpan[Dim]
                                      : BlockThreads[Dim];
  return I.Blocks && I.Threads;
}

std::string pointsText(const AffineIndex &I, std::uint64_t In) {
  return std::to_string(In) + " of " +
         std::to_string(I.Blocks * I.Threads * I.Trips) +
         (I.Trips > 1 ? " (block, thread, iteration)" : " (block, thread)") +
         " points";
}

std::string indexText(const AffineIndex &I, const GuardIndex &Index, int Dim,
                      bool PtxNames) {
  const char *Axis[3] = {"x", "y", "z"};
  std::string B = PtxNames ? std::string("%ctaid.") + Axis[Dim]
                           : std::string("blockIdx.") + Axis[Dim];
  std::string T = PtxNames ? std::string("%tid.") + Axis[Dim]
                           : std::string("threadIdx.") + Axis[Dim];
  if (!Index.ThreadSpan[Dim])
    return I.text(B, T, "k") +
           (I.Trips > 1 ? " (k < " + std::to_string(I.Trips) + ")" : "");
  return I.text(B, "i", "k") + " (i = " + T + " + " +
         std::to_string(Index.SpanStep) + " * j < " +
         std::to_string(Index.ThreadSpan[Dim]) + ": each i once per block)";
}
} // namespace

std::optional<GuardShare> shareOfLaunch(const GuardIndex &Index,
                                        std::int64_t Bound, bool Signed,
                                        const BranchFacts &Facts,
                                        bool PtxNames) {
  int Dim = -1;
  AffineIndex I;
  if (!launchIndex(Index, Facts, Dim, I))
    return std::nullopt;
  std::optional<double> Share = shareBelow(I, Bound, Signed);
  std::optional<std::uint64_t> In = pointsInRange(
      I, Signed ? std::numeric_limits<std::int64_t>::min() : 0, Bound);
  if (!Share || !In)
    return std::nullopt;
  GuardShare Out;
  Out.InBounds = *Share;
  Out.LaunchSource = Facts.launchSourceOf(Dim, I.Block != 0, I.Thread != 0);
  Out.Contiguous = Dim == 0 && I.Trips == 1 && I.Thread == 1 &&
                   !Index.ThreadSpan[Dim] &&
                   (I.Block == 0 || std::uint64_t(I.Block) == I.Threads);
  Out.Words = indexText(I, Index, Dim, PtxNames) + " < " +
              std::to_string(Bound) + ": " + pointsText(I, *In) + " in bounds";
  return Out;
}

std::optional<GuardShare> shareEqualOfLaunch(const GuardIndex &Index,
                                             std::int64_t Value,
                                             const BranchFacts &Facts,
                                             bool PtxNames) {
  int Dim = -1;
  AffineIndex I;
  if (!launchIndex(Index, Facts, Dim, I) ||
      Value >= std::numeric_limits<std::int64_t>::max())
    return std::nullopt;
  std::optional<std::uint64_t> In = pointsInRange(I, Value, Value + 1);
  if (!In)
    return std::nullopt;
  double Points = double(I.Blocks) * double(I.Threads) * double(I.Trips);
  GuardShare Out;
  Out.InBounds = double(*In) / Points;
  Out.LaunchSource = Facts.launchSourceOf(Dim, I.Block != 0, I.Thread != 0);
  Out.Words = indexText(I, Index, Dim, PtxNames) +
              " == " + std::to_string(Value) + ": " + pointsText(I, *In);
  return Out;
}

bool EqualityShares::add(const GuardIndex &Index, std::int64_t Value,
                         const BranchFacts &Facts, bool PtxNames) {
  unsigned T = indexTerms(Index);
  if (!T || (T & Terms))
    return false;
  Terms |= T;
  std::optional<GuardShare> S =
      shareEqualOfLaunch(Index, Value, Facts, PtxNames);
  if (!S) {
    Known = false;
    return true;
  }
  Share *= S->InBounds;
  Words += (Words.empty() ? "" : "; ") + S->Words;
  if (Launch.find(S->LaunchSource) == std::string::npos)
    Launch += (Launch.empty() ? "" : ", ") + S->LaunchSource;
  return true;
}

namespace {
bool sameIndex(const GuardIndex &A, const GuardIndex &B) {
  for (int D = 0; D < 3; ++D)
    if (A.Block[D] != B.Block[D] || A.Thread[D] != B.Thread[D] ||
        A.ThreadSpan[D] != B.ThreadSpan[D])
      return false;
  return A.Counter == B.Counter && A.Trips == B.Trips && A.Offset == B.Offset &&
         A.SpanStep == B.SpanStep;
}

const char *opText(IndexTestOp Op) {
  switch (Op) {
  case IndexTestOp::Lt:
    return "<";
  case IndexTestOp::Le:
    return "<=";
  case IndexTestOp::Gt:
    return ">";
  case IndexTestOp::Ge:
    return ">=";
  case IndexTestOp::Eq:
    return "==";
  case IndexTestOp::Ne:
    return "!=";
  }
  return "?";
}
} // namespace

IndexTestOp IndexTestJoin::negated(IndexTestOp Op) {
  switch (Op) {
  case IndexTestOp::Lt:
    return IndexTestOp::Ge;
  case IndexTestOp::Le:
    return IndexTestOp::Gt;
  case IndexTestOp::Gt:
    return IndexTestOp::Le;
  case IndexTestOp::Ge:
    return IndexTestOp::Lt;
  case IndexTestOp::Eq:
    return IndexTestOp::Ne;
  case IndexTestOp::Ne:
    return IndexTestOp::Eq;
  }
  return Op;
}

bool IndexTestJoin::add(const GuardIndex &Index, IndexTestOp Op,
                        std::int64_t Value, bool Signed) {
  unsigned T = indexTerms(Index);
  // Value + 1 below must not overflow; an unsigned test of a negative
  // constant is a test against a value no index reaches (not taken).
  if (!T || Value >= std::numeric_limits<std::int64_t>::max() ||
      (!Signed && Value < 0))
    return false;
  for (Group &G : Groups)
    if (sameIndex(G.Index, Index)) {
      G.Tests.push_back({Op, Value, Signed});
      BoundsOnly &= Op != IndexTestOp::Eq && Op != IndexTestOp::Ne;
      return true;
    }
  if (T & Terms)
    return false;
  Terms |= T;
  Groups.push_back({Index, {{Op, Value, Signed}}});
  BoundsOnly &= Op != IndexTestOp::Eq && Op != IndexTestOp::Ne;
  return true;
}

bool IndexTestJoin::overlaps() const {
  for (const Group &G : Groups)
    if (G.Tests.size() > 1)
      return true;
  return false;
}

std::optional<GuardShare> IndexTestJoin::share(const BranchFacts &Facts,
                                               bool PtxNames) const {
  if (Groups.empty())
    return std::nullopt;
  constexpr std::int64_t Min = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t Max = std::numeric_limits<std::int64_t>::max();
  GuardShare Out;
  Out.InBounds = 1;
  for (const Group &G : Groups) {
    int Dim = -1;
    AffineIndex I;
    if (!launchIndex(G.Index, Facts, Dim, I))
      return std::nullopt;
    // Each test holds on [Lo, Hi) (Inside) or off it: the Inside ranges
    // intersect, the others are cut out of what is left.
    std::int64_t Lo = Min, Hi = Max;
    std::vector<std::pair<std::int64_t, std::int64_t>> Cut;
    std::string Tests;
    for (const Test &X : G.Tests) {
      std::int64_t Floor = X.Signed ? Min : 0;
      std::int64_t L = Floor, H = X.Value;
      bool Inside = true;
      switch (X.Op) {
      case IndexTestOp::Lt:
        break;
      case IndexTestOp::Le:
        H = X.Value + 1;
        break;
      case IndexTestOp::Gt:
        H = X.Value + 1;
        Inside = false;
        break;
      case IndexTestOp::Ge:
        Inside = false;
        break;
      case IndexTestOp::Eq:
        L = X.Value;
        H = X.Value + 1;
        break;
      case IndexTestOp::Ne:
        L = X.Value;
        H = X.Value + 1;
        Inside = false;
        break;
      }
      if (Inside) {
        Lo = std::max(Lo, L);
        Hi = std::min(Hi, H);
      } else {
        Cut.push_back({L, H});
      }
      bool Bound = X.Op != IndexTestOp::Eq && X.Op != IndexTestOp::Ne;
      Tests += std::string(Tests.empty() ? " " : ", ") +
               (Bound && !X.Signed ? "unsigned " : "") + opText(X.Op) + " " +
               std::to_string(X.Value);
    }
    std::optional<std::uint64_t> In =
        Hi > Lo ? pointsInRange(I, Lo, Hi) : std::optional<std::uint64_t>(0);
    if (!In)
      return std::nullopt;
    // The cut ranges within [Lo, Hi), merged so no point is taken twice.
    std::sort(Cut.begin(), Cut.end());
    std::int64_t Reached = Lo;
    for (auto [L, H] : Cut) {
      L = std::max(L, Reached);
      H = std::min(H, Hi);
      if (H <= L)
        continue;
      std::optional<std::uint64_t> Off = pointsInRange(I, L, H);
      if (!Off || *Off > *In)
        return std::nullopt;
      *In -= *Off;
      Reached = H;
    }
    double Points = double(I.Blocks) * double(I.Threads) * double(I.Trips);
    Out.InBounds *= double(*In) / Points;
    Out.Words += (Out.Words.empty() ? "" : "; ") +
                 indexText(I, G.Index, Dim, PtxNames) + Tests + ": " +
                 pointsText(I, *In) + " pass";
    std::string Source = Facts.launchSourceOf(Dim, I.Block != 0, I.Thread != 0);
    if (Out.LaunchSource.find(Source) == std::string::npos)
      Out.LaunchSource += (Out.LaunchSource.empty() ? "" : ", ") + Source;
  }
  return Out;
}

std::string IndexTestJoin::source(bool And, const GuardShare &S,
                                  bool ReadsArguments,
                                  const BranchFacts &Facts) {
  return std::string(And ? "the joined index tests all hold: "
                         : "the condition false where the negations of the "
                           "joined index tests all hold: ") +
         S.Words + " (" + S.LaunchSource +
         (ReadsArguments ? "; " + Facts.ArgumentsSource : "") + ")";
}

unsigned indexTerms(const GuardIndex &Index) {
  unsigned Bits = 0;
  for (int D = 0; D < 3; ++D) {
    if (Index.Thread[D])
      Bits |= 1u << D;
    if (Index.Block[D])
      Bits |= 1u << (3 + D);
  }
  return Bits;
}

std::string indexTermNames(unsigned Terms, bool PtxNames) {
  const char *Axis[3] = {"x", "y", "z"};
  std::string Out;
  for (int Bit = 0; Bit < 6; ++Bit) {
    if (!(Terms >> Bit & 1))
      continue;
    bool Block = Bit >= 3;
    Out += (Out.empty() ? "" : ", ") +
           std::string(PtxNames ? (Block ? "%ctaid." : "%tid.")
                                : (Block ? "blockIdx." : "threadIdx.")) +
           Axis[Bit % 3];
  }
  return Out;
}

} // namespace gpa
