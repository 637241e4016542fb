//===- Nnls.cpp - Lawson-Hanson non-negative least squares ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Nnls.h"

#include <algorithm>
#include <cmath>

namespace gpa {

namespace {
/// Solves G[P,P] z = h[P] by Cholesky; false when G[P,P] is singular.
bool solvePassive(const std::vector<double> &G, const std::vector<double> &H,
                  std::size_t N, const std::vector<std::size_t> &P,
                  std::vector<double> &Z) {
  std::size_t K = P.size();
  std::vector<double> L(K * K, 0.0);
  double Scale = 0;
  for (std::size_t I = 0; I < K; ++I)
    Scale = std::max(Scale, G[P[I] * N + P[I]]);
  for (std::size_t I = 0; I < K; ++I)
    for (std::size_t J = 0; J <= I; ++J) {
      double S = G[P[I] * N + P[J]];
      for (std::size_t M = 0; M < J; ++M)
        S -= L[I * K + M] * L[J * K + M];
      if (I == J) {
        if (!(S > 1e-13 * Scale))
          return false;
        L[I * K + I] = std::sqrt(S);
      } else {
        L[I * K + J] = S / L[J * K + J];
      }
    }
  std::vector<double> Y(K);
  for (std::size_t I = 0; I < K; ++I) {
    double S = H[P[I]];
    for (std::size_t M = 0; M < I; ++M)
      S -= L[I * K + M] * Y[M];
    Y[I] = S / L[I * K + I];
  }
  Z.assign(K, 0.0);
  for (std::size_t I = K; I-- > 0;) {
    double S = Y[I];
    for (std::size_t M = I + 1; M < K; ++M)
      S -= L[M * K + I] * Z[M];
    Z[I] = S / L[I * K + I];
  }
  return true;
}
} // namespace

std::vector<double> solveNnls(const std::vector<double> &G,
                              const std::vector<double> &H) {
  std::size_t N = H.size();
  std::vector<double> X(N, 0.0), W(N);
  std::vector<bool> Passive(N, false);
  double Tol = 0;
  for (double V : H)
    Tol = std::max(Tol, std::fabs(V));
  Tol *= 1e-12;
  auto Gradient = [&] {
    for (std::size_t I = 0; I < N; ++I) {
      double S = H[I];
      for (std::size_t J = 0; J < N; ++J)
        S -= G[I * N + J] * X[J];
      W[I] = S;
    }
  };
  for (std::size_t Outer = 0; Outer < 3 * N + 3; ++Outer) {
    Gradient();
    // Step 2-3: the zero-set variable whose gradient most wants to grow.
    std::size_t T = N;
    for (std::size_t I = 0; I < N; ++I)
      if (!Passive[I] && W[I] > Tol && (T == N || W[I] > W[T]))
        T = I;
    if (T == N)
      break; // Kuhn-Tucker conditions hold
    Passive[T] = true;
    // Steps 6-11: solve on the passive set, stepping back to stay feasible.
    for (std::size_t Inner = 0; Inner < 3 * N + 3; ++Inner) {
      std::vector<std::size_t> P;
      for (std::size_t I = 0; I < N; ++I)
        if (Passive[I])
          P.push_back(I);
      std::vector<double> Z;
      if (!solvePassive(G, H, N, P, Z)) {
        Passive[T] = false; // dependent column: leave it at zero
        break;
      }
      bool Feasible =
          std::all_of(Z.begin(), Z.end(), [](double V) { return V > 0; });
      if (Feasible) {
        for (std::size_t K = 0; K < P.size(); ++K)
          X[P[K]] = Z[K];
        break;
      }
      double Alpha = 1;
      for (std::size_t K = 0; K < P.size(); ++K)
        if (Z[K] <= 0)
          Alpha = std::min(Alpha, X[P[K]] / (X[P[K]] - Z[K]));
      for (std::size_t K = 0; K < P.size(); ++K) {
        X[P[K]] += Alpha * (Z[K] - X[P[K]]);
        if (X[P[K]] <= 1e-15) {
          X[P[K]] = 0;
          Passive[P[K]] = false;
        }
      }
    }
  }
  return X;
}

} // namespace gpa
