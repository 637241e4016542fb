//===- LabelNumber.h - Numbers as assumption labels print them -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The one formatter of numbers inside assumption labels, for both
// front-ends: "%.*g" with a fixed count of significant digits, so the same
// value reads the same on both routes and a report stays byte-identical.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMMON_LABELNUMBER_H
#define GPA_COMMON_LABELNUMBER_H

#include <string>

namespace gpa {

/// \p V with \p SignificantDigits significant digits ("%.*g").
std::string labelNumber(double V, int SignificantDigits);

/// A count or share the analysis found (trip counts, iterations, threads):
/// six significant digits.
inline std::string shortNumber(double V) { return labelNumber(V, 6); }

/// A value given or decided exactly (a user's count, a share of threads):
/// fifteen significant digits, enough to read any double back unchanged.
inline std::string exactNumber(double V) { return labelNumber(V, 15); }

} // namespace gpa

#endif // GPA_COMMON_LABELNUMBER_H
