//===- FactCoverage.cpp - Facts matching no kernel of a module ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "FactCoverage.h"

#include "gpa/LaunchFile.h"
#include "gpa/TripCounts.h"
#include "gpa/UnmatchedFacts.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"

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

} // namespace gpa
