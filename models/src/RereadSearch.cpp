//===- RereadSearch.cpp - Which thread re-reads an access's bytes ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The reference thread is thread 0 of the grid's middle block (a row of a
// stencil away from the grid's edges, where a modulo wraps). For a load B
// and a load A of another group of the same base, B's address at the
// reference thread is d bytes from A's; A moves s bytes per thread along a
// launch dimension, so the thread d / s threads along that dimension is the
// candidate, and it counts only when A's address there is B's (glu's
// x2 = X[i*2S + S + j] is d = S floats from x1 = X[i*2S + j], but thread
// + S reads the next row's x1, not x2's bytes: no reuse). Two reads in
// different loops (softmax's passes over a row, each thread 0 threads from
// itself) lie a loop's bytes apart in the thread's own requests; the model
// multiplies them by the threads in flight (MemoryLevels.cpp).
//
//===----------------------------------------------------------------------===//
#include "gpa/RereadSearch.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace gpa {

namespace {
struct Launch {
  std::uint64_t Block[3], Grid[3];
  bool known(unsigned D) const { return Block[D] > 0 && Grid[D] > 0; }
  std::uint64_t dim(std::uint64_t N) const { return N ? N : 1; }
  /// The thread's position in launch order (blocks in x, y, z order; the
  /// threads of a block likewise).
  double linear(const ThreadPoint &P) const {
    double BlockThreads = double(dim(Block[0]) * dim(Block[1]) * dim(Block[2]));
    double B = double(P.Ctaid[0]) +
               double(dim(Grid[0])) *
                   (double(P.Ctaid[1]) + double(dim(Grid[1])) * P.Ctaid[2]);
    double T = double(P.Tid[0]) +
               double(dim(Block[0])) *
                   (double(P.Tid[1]) + double(dim(Block[1])) * P.Tid[2]);
    return B * BlockThreads + T;
  }
  /// \p P moved by \p K threads along dimension \p D of the grid, when the
  /// result is a thread of the launch.
  std::optional<ThreadPoint> moved(ThreadPoint P, unsigned D, double K) const {
    double G = double(P.Ctaid[D]) * double(Block[D]) + double(P.Tid[D]) + K;
    if (G < 0 || G >= double(Grid[D]) * double(Block[D]))
      return std::nullopt;
    std::uint64_t Global = std::uint64_t(G);
    P.Ctaid[D] = Global / Block[D];
    P.Tid[D] = Global % Block[D];
    return P;
  }
};
} // namespace

namespace {
/// Each access's loops and each loop's per-thread bytes, for the bytes
/// between two reads in different loops.
struct LoopBytes {
  std::map<std::size_t, std::vector<const void *>> Around;
  std::map<const void *, double> PerThread;

  LoopBytes(const std::vector<GlobalAccessFact> &Facts,
            const std::vector<std::size_t> &Own,
            const LoopsAroundAccess &LoopsOf) {
    if (!LoopsOf)
      return;
    for (std::size_t K : Own) {
      std::vector<const void *> &Chain = Around[K] = LoopsOf(K);
      for (const void *L : Chain)
        PerThread[L] += Facts[K].PerThread * Facts[K].Bytes;
    }
  }

  /// The largest footprint of a loop around one of \p A, \p B and not the
  /// other; 0 in the same innermost loop (or without loops).
  double between(std::size_t A, std::size_t B) const {
    auto IA = Around.find(A), IB = Around.find(B);
    if (IA == Around.end() || IB == Around.end())
      return 0;
    const std::vector<const void *> &LA = IA->second, &LB = IB->second;
    if (!LA.empty() && !LB.empty() && LA.front() == LB.front())
      return 0;
    double Largest = 0;
    auto Add = [&](const std::vector<const void *> &Of,
                   const std::vector<const void *> &Other) {
      for (const void *L : Of)
        if (std::find(Other.begin(), Other.end(), L) == Other.end())
          Largest = std::max(Largest, PerThread.at(L));
    };
    Add(LA, LB);
    Add(LB, LA);
    return Largest;
  }
};
} // namespace

void findRereads(std::vector<GlobalAccessFact> &Facts,
                 const std::vector<std::size_t> &Own, const BranchFacts &F,
                 const OffsetAtThread &OffsetAt,
                 const LoopsAroundAccess &LoopsOf) {
  Launch L{{F.BlockThreadsX, F.BlockThreadsY, F.BlockThreadsZ},
           {F.GridBlocksX, F.GridBlocksY, F.GridBlocksZ}};
  if (!L.known(0))
    return;
  ThreadPoint Ref;
  for (unsigned D = 0; D < 3; ++D)
    Ref.Ctaid[D] = L.known(D) ? L.Grid[D] / 2 : 0;
  const LoopBytes Loops(Facts, Own, LoopsOf);
  auto Eligible = [&](const GlobalAccessFact &A) {
    return !A.Store && (A.Shape == AccessShape::Coalesced ||
                        A.Shape == AccessShape::Strided);
  };
  for (std::size_t BI : Own) {
    GlobalAccessFact &B = Facts[BI];
    if (!Eligible(B))
      continue;
    std::optional<double> At = OffsetAt(BI, Ref);
    if (!At)
      continue;
    for (std::size_t AI : Own) {
      const GlobalAccessFact &A = Facts[AI];
      if (AI == BI || !Eligible(A) || A.Base != B.Base || A.Group == B.Group)
        continue;
      std::optional<double> From = OffsetAt(AI, Ref);
      if (!From)
        continue;
      double Distance = *At - *From;
      for (unsigned D = 0; D < 3; ++D) {
        if (!L.known(D))
          continue;
        std::optional<ThreadPoint> Next = L.moved(Ref, D, 1);
        std::optional<double> Step = Next ? OffsetAt(AI, *Next) : std::nullopt;
        if (!Step || *Step == *From)
          continue;
        double K = Distance / (*Step - *From);
        if (K != std::round(K))
          continue;
        std::optional<ThreadPoint> There = L.moved(Ref, D, K);
        if (!There)
          continue;
        std::optional<double> Check = OffsetAt(AI, *There);
        if (!Check || *Check != *At)
          continue;
        double Threads = std::fabs(L.linear(*There) - L.linear(Ref));
        double Between = Loops.between(AI, BI);
        // The nearest: fewest bytes of loops between, then fewest threads.
        if (B.RereadGroup.empty() || Between < B.RereadBytesBetween ||
            (Between == B.RereadBytesBetween && Threads < B.RereadThreads)) {
          B.RereadGroup = A.Group;
          B.RereadThreads = Threads;
          B.RereadBytesBetween = Between;
        }
      }
    }
  }
}

std::optional<double> laneStrideAt(const BranchFacts &F,
                                   const OffsetAtThread &OffsetAt) {
  Launch L{{F.BlockThreadsX, F.BlockThreadsY, F.BlockThreadsZ},
           {F.GridBlocksX, F.GridBlocksY, F.GridBlocksZ}};
  if (!L.known(0) || L.Block[0] < 32)
    return std::nullopt;
  ThreadPoint P;
  for (unsigned D = 0; D < 3; ++D)
    P.Ctaid[D] = L.known(D) ? L.Grid[D] / 2 : 0;
  auto At = [&](std::uint64_t Lane) {
    P.Tid[0] = Lane;
    return OffsetAt(0, P);
  };
  std::optional<double> A0 = At(0), A1 = At(1), A2 = At(2), A30 = At(30),
                        A31 = At(31);
  if (!A0 || !A1 || !A2 || !A30 || !A31)
    return std::nullopt;
  double Stride = *A1 - *A0;
  if (*A2 - *A1 != Stride || *A31 - *A30 != Stride || *A31 - *A0 != 31 * Stride)
    return std::nullopt;
  return Stride;
}

} // namespace gpa
