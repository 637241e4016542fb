//===- BaseWorkingSet.cpp - The bytes a base's accesses cover -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The union of a base's footprints: sorted by start, merged where they
// overlap or touch. A footprint whose start is unknown cannot be placed
// against the others, so it is added whole (the set can only come out
// larger than the truth: fewer L2 hits, more DRAM), except that the same
// slice named twice (same group, offset and extent) counts once.
//
//===----------------------------------------------------------------------===//
#include "gpa/BaseWorkingSet.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

namespace gpa {

void boundFootprint(GlobalAccessFact &F, const ByteRange &R) {
  if (R.Bytes <= 0)
    return;
  bool Had = F.WorkingSetBytes > 0;
  if (Had && F.WorkingSetStartKnown) {
    double Lo = std::max(F.WorkingSetStartBytes, R.StartBytes);
    double Hi = std::min(F.WorkingSetStartBytes + F.WorkingSetBytes,
                         R.StartBytes + R.Bytes);
    if (Hi > Lo) {
      F.WorkingSetStartBytes = Lo;
      F.WorkingSetBytes = Hi - Lo;
      return;
    }
    // Disjoint (an access outside the array it names): the narrower.
    if (F.WorkingSetBytes <= R.Bytes)
      return;
  } else if (Had && F.WorkingSetBytes <= R.Bytes) {
    return; // a smaller extent without a start: keep it
  }
  F.WorkingSetStartKnown = true;
  F.WorkingSetStartBytes = R.StartBytes;
  F.WorkingSetBytes = R.Bytes;
}

namespace {
struct BaseSlices {
  bool Unknown = false;
  std::vector<std::pair<double, double>> Placed; // [lo, hi)
  std::set<std::tuple<std::string, double, double>> Unplaced;
  double UnplacedBytes = 0;
};
} // namespace

std::map<std::string, BaseWorkingSet>
baseWorkingSets(const std::vector<GlobalAccessFact> &Facts) {
  std::map<std::string, BaseSlices> Slices;
  for (const GlobalAccessFact &F : Facts) {
    BaseSlices &S = Slices[F.Base];
    if (F.WorkingSetBytes <= 0)
      S.Unknown = true;
    else if (F.WorkingSetStartKnown)
      S.Placed.push_back(
          {F.WorkingSetStartBytes, F.WorkingSetStartBytes + F.WorkingSetBytes});
    else if (S.Unplaced.insert({F.Group, F.OffsetBytes, F.WorkingSetBytes})
                 .second)
      S.UnplacedBytes += F.WorkingSetBytes;
  }
  std::map<std::string, BaseWorkingSet> Out;
  for (auto &[Base, S] : Slices) {
    BaseWorkingSet &W = Out[Base];
    if (S.Unknown)
      continue;
    std::sort(S.Placed.begin(), S.Placed.end());
    double End = 0, Union = 0;
    bool First = true;
    for (auto [Lo, Hi] : S.Placed) {
      if (!First)
        Lo = std::max(Lo, End);
      if (Hi > Lo)
        Union += Hi - Lo;
      End = First ? Hi : std::max(End, Hi);
      First = false;
    }
    W.Bytes = Union + S.UnplacedBytes;
    W.Summed = !S.Unplaced.empty() && S.Unplaced.size() + S.Placed.size() > 1;
  }
  return Out;
}

} // namespace gpa
