//===- TripCounts.h - Loops the compiler cannot count ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Loops whose trip count is not a compile-time constant run an assumed
// number of iterations per entry. The user sets it per kernel and per loop
// (by its source line): `--trip-count KERNEL:LINE=N` (gpa),
// `-gpa-trip-count=KERNEL:LINE=N` (plugin) or a gpa-launch/1 file's
// `trip_count` and `loops`. Each count carries its source and kind.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TRIPCOUNTS_H
#define GPA_TRIPCOUNTS_H

#include "gpa/BranchFacts.h"

#include <map>
#include <string>
#include <vector>

namespace gpa {

struct LaunchEntry;

/// One `--trip-count` value: "N" (every kernel), "KERNEL=N" (a name glob)
/// or "KERNEL:LINE=N" (the loop starting at source line LINE).
struct TripCountRule {
  std::string Spec;         // as written, for the source label
  std::string Kernel = "*"; // glob on the mangled or demangled name
  unsigned Line = 0;        // 0: every loop of the kernel
  unsigned Count = 0;
};

/// Error says what was expected ("--trip-count 'k:x=3': ...").
bool parseTripCountRule(const std::string &Spec, TripCountRule &Out,
                        std::string &Error);

/// A loop's count and where it came from.
struct TripChoice {
  unsigned Count = 16;
  std::string Source; // "-gpa-trip-count=k:12=100", "launch.json", ...
  std::string Kind = "assumed"; // given or assumed
};

/// The counts one kernel's unknown loops use, and the launch facts that
/// weigh its branches (both decide the block weights).
struct LoopTripCounts {
  TripChoice Default;
  std::map<unsigned, TripChoice> ByLine;
  BranchFacts Branches;

  /// The count of the loop starting at Line (0: no line known).
  const TripChoice &forLine(unsigned Line) const;
  /// Distinguishes count sets (analyses memoised per set).
  std::string key() const;
};

/// The counts for one kernel: Rules (flags) win over the launch-file entry
/// File (its `loops`, then its `trip_count`), a loop line over a kernel-wide
/// value; the rest use Fallback (-gpa-default-trip-count).
LoopTripCounts tripCountsFor(const std::string &Mangled,
                             const std::string &Demangled,
                             const TripChoice &Fallback,
                             const LaunchEntry *File,
                             const std::string &FileName,
                             const std::vector<TripCountRule> &Rules,
                             const std::string &FlagName);

} // namespace gpa

#endif
