//===- UnmatchedFacts.h - Facts that apply to no kernel -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A user fact is never ignored silently (issue 25 §4): a launch-file entry,
// a --trip-count KERNEL=N rule, a budget rule or waiver whose kernel
// pattern matches no kernel of the input is named in a warning that lists
// the kernels there are; so is a trip count for a line where no loop
// without a constant count starts.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_UNMATCHEDFACTS_H
#define GPA_UNMATCHEDFACTS_H

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace gpa {

struct Budget;
struct LaunchFile;
struct LoopTripCounts;
struct TripCountRule;

/// A kernel as patterns see it: a glob matches either name.
struct KernelName {
  std::string Mangled, Demangled;
};

/// "kernels: a, b" (demangled where known), or "no kernels".
std::string kernelListText(const std::vector<KernelName> &Kernels);

/// One warning per entry of File that is the first match of no kernel:
/// "<Flag>=<file>: kernel pattern 'P' matches no kernel here (kernels: ...)"
/// or "... is shadowed by an earlier entry for every kernel it matches".
std::vector<std::string>
unmatchedLaunchEntries(const LaunchFile &File, const std::string &FlagAndFile,
                       const std::vector<KernelName> &Kernels);

/// One warning per rule naming a kernel pattern (KERNEL=N, KERNEL:LINE=N)
/// that matches no kernel: "<Flag>=<spec>: kernel pattern 'P' matches no
/// kernel here (kernels: ...)".
std::vector<std::string>
unmatchedTripCountRules(const std::vector<TripCountRule> &Rules,
                        const std::string &Flag,
                        const std::vector<KernelName> &Kernels);

/// One warning per budget rule and waiver of B whose pattern matches no
/// kernel of the reports checked.
std::vector<std::string>
unmatchedBudgetPatterns(const Budget &B,
                        const std::vector<KernelName> &Kernels);

/// Trip counts given for a source line (`KERNEL:LINE=N`, a launch file's
/// `loops`): one where no loop without a constant count starts, in any
/// kernel it was offered to, applies to nothing, and is a warning naming
/// the fact and the lines such loops start at. Both front-ends note each
/// kernel's counts and the lines of its loops without a constant count.
class LoopLineCoverage {
public:
  void note(const LoopTripCounts &Trips, const std::set<unsigned> &Starts,
            const std::string &Kernel);
  void appendWarnings(std::vector<std::string> &Warnings) const;

private:
  struct Offer {
    bool Used = false;
    std::string Kernels, Starts;
  };
  std::map<std::pair<std::string, unsigned>, Offer> Offers;
};

} // namespace gpa

#endif
