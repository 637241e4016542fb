//===- Nnls.h - Non-negative least squares ----------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Lawson & Hanson, "Solving Least Squares Problems" (1974), ch. 23,
// algorithm NNLS, on the normal equations: minimise |A x - b|^2 subject to
// x >= 0, given G = A^T A and h = A^T b.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_NNLS_H
#define GPA_NNLS_H

#include <vector>

namespace gpa {

/// G is n x n, row-major. Returns x >= 0; columns that only add noise stay
/// at zero. Scale A's columns to comparable norms before forming G.
std::vector<double> solveNnls(const std::vector<double> &G,
                              const std::vector<double> &H);

} // namespace gpa

#endif
