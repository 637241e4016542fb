//===- BaseWorkingSet.h - The bytes a base's accesses cover ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A base's working set is the union of the byte ranges its accesses cover
// over the grid, not the largest of them: cfd's `variables[i + k * nelr]`,
// k = 0..4, are five disjoint slices of one array (issue 24). Rule R4 of
// docs/models.md "Memory levels" reads it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BASEWORKINGSET_H
#define GPA_BASEWORKINGSET_H

#include "gpa/MemoryLevels.h"

#include <map>
#include <string>
#include <vector>

namespace gpa {

/// Bytes an access touches over the grid: [StartBytes, StartBytes + Bytes)
/// from its base pointer.
struct ByteRange {
  double StartBytes = 0;
  double Bytes = 0;
};

/// Narrows \p F's footprint to \p R: the intersection with what \p F
/// already has (a global array's extent), else \p R. Both front-ends call
/// it with the range their launch facts bound.
void boundFootprint(GlobalAccessFact &F, const ByteRange &R);

struct BaseWorkingSet {
  /// 0: unknown (some access of the base has no footprint).
  double Bytes = 0;
  /// Some footprints had no known start and were added, not united (the
  /// conservative side: a larger set, fewer L2 hits).
  bool Summed = false;
};

/// Per base of \p Facts, the union of its accesses' footprints; those
/// without a known start are added to it, except that one repeated with the
/// same group, offset and extent (the same slice) counts once.
std::map<std::string, BaseWorkingSet>
baseWorkingSets(const std::vector<GlobalAccessFact> &Facts);

} // namespace gpa

#endif
