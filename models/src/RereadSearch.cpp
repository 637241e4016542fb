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
// + S reads the next row's x1, not x2's bytes: no reuse).
//
//===----------------------------------------------------------------------===//
#include "gpa/RereadSearch.h"

#include <cmath>

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

void findRereads(std::vector<GlobalAccessFact> &Facts,
                 const std::vector<std::size_t> &Own, const BranchFacts &F,
                 const OffsetAtThread &OffsetAt) {
  Launch L{{F.BlockThreadsX, F.BlockThreadsY, F.BlockThreadsZ},
           {F.GridBlocksX, F.GridBlocksY, F.GridBlocksZ}};
  if (!L.known(0))
    return;
  ThreadPoint Ref;
  for (unsigned D = 0; D < 3; ++D)
    Ref.Ctaid[D] = L.known(D) ? L.Grid[D] / 2 : 0;
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
        if (B.RereadGroup.empty() || Threads < B.RereadThreads) {
          B.RereadGroup = A.Group;
          B.RereadThreads = Threads;
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
