//===- FactCoverage.h - Facts matching no kernel of a module --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The IR front-end's side of gpa/UnmatchedFacts.h: launch-file entries and
// -gpa-trip-count rules whose kernel pattern matches no kernel of the
// module, and loop lines that match no loop of their kernel, become warnings
// (the plugin diagnoses them, gpa prints them).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_FACTCOVERAGE_H
#define GPA_FRONTENDS_IR_FACTCOVERAGE_H

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Function;
}

namespace gpa {

struct AssumedLoop;
struct LaunchFile;
struct LoopTripCounts;
struct TripCountRule;

void appendUnmatchedFacts(const std::vector<llvm::Function *> &Kernels,
                          const LaunchFile &Facts,
                          const std::string &LaunchFileName,
                          const std::vector<TripCountRule> &TripRules,
                          std::vector<std::string> &Warnings);

/// Trip counts given for a source line (`KERNEL:LINE=N`, a launch file's
/// `loops`): one that no loop without a constant count of any kernel it
/// was offered to starts at applies to nothing, and is a warning naming the
/// fact and the lines such loops start at.
class LoopLineCoverage {
public:
  void note(const LoopTripCounts &Trips, const std::vector<AssumedLoop> &Loops,
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
