//===- FactCoverage.cpp - Facts matching no kernel of a module ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "FactCoverage.h"

#include "BlockWeights.h"

#include "gpa/LaunchFile.h"
#include "gpa/TripCounts.h"
#include "gpa/UnmatchedFacts.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"

#include <set>

namespace gpa {

void appendUnmatchedFacts(const std::vector<llvm::Function *> &Kernels,
                          const LaunchFile &Facts,
                          const std::string &LaunchFileName,
                          const std::vector<TripCountRule> &TripRules,
                          std::vector<std::string> &Warnings) {
  std::vector<KernelName> Names;
  for (const llvm::Function *K : Kernels)
    Names.push_back({K->getName().str(), llvm::demangle(K->getName())});
  for (std::string &W : unmatchedLaunchEntries(
           Facts, "-gpa-launch-file=" + LaunchFileName, Names))
    Warnings.push_back(std::move(W));
  for (std::string &W :
       unmatchedTripCountRules(TripRules, "-gpa-trip-count", Names))
    Warnings.push_back(std::move(W));
}

void LoopLineCoverage::note(const LoopTripCounts &Trips,
                            const std::vector<AssumedLoop> &Loops,
                            const std::string &Kernel) {
  std::set<unsigned> Starts;
  for (const AssumedLoop &L : Loops)
    if (L.Line)
      Starts.insert(L.Line);
  for (const auto &[Line, Choice] : Trips.ByLine) {
    Offer &O = Offers[{Choice.Source, Line}];
    if (Starts.count(Line)) {
      O.Used = true;
      continue;
    }
    std::string Lines;
    for (unsigned S : Starts)
      Lines += (Lines.empty() ? "" : ", ") + std::to_string(S);
    O.Kernels += (O.Kernels.empty() ? "" : ", ") + Kernel;
    O.Starts += std::string(O.Starts.empty() ? "" : "; ") + Kernel +
                (Lines.empty() ? " has none" : " at line(s) " + Lines);
  }
}

void LoopLineCoverage::appendWarnings(
    std::vector<std::string> &Warnings) const {
  for (const auto &[Key, O] : Offers)
    if (!O.Used)
      Warnings.push_back(
          Key.first +
          ": no loop without a constant trip count starts at line " +
          std::to_string(Key.second) + " in " + O.Kernels +
          ", so this trip count applies to nothing (loops without one: " +
          O.Starts +
          "; a count applies to the line where the loop statement starts, "
          "from debug line information)");
}

} // namespace gpa
