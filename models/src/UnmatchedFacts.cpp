//===- UnmatchedFacts.cpp - Facts that apply to no kernel ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "gpa/UnmatchedFacts.h"

#include "gpa/Budget.h"
#include "gpa/KernelNameMatch.h"
#include "gpa/LaunchFile.h"
#include "gpa/TripCounts.h"

#include <algorithm>

namespace gpa {

namespace {
bool matchesAny(const std::string &Pattern,
                const std::vector<KernelName> &Kernels) {
  return std::any_of(Kernels.begin(), Kernels.end(), [&](const KernelName &K) {
    return kernelNameMatches(Pattern, K.Mangled, K.Demangled);
  });
}

std::string noKernel(const std::string &Pattern,
                     const std::vector<KernelName> &Kernels,
                     const char *Where = "here") {
  return "kernel pattern '" + Pattern + "' matches no kernel " + Where + " (" +
         kernelListText(Kernels) + ")";
}
} // namespace

std::string kernelListText(const std::vector<KernelName> &Kernels) {
  if (Kernels.empty())
    return "no kernels";
  std::string List;
  for (const KernelName &K : Kernels)
    List += (List.empty() ? "kernels: " : ", ") +
            (K.Demangled.empty() ? K.Mangled : K.Demangled);
  return List;
}

std::vector<std::string>
unmatchedLaunchEntries(const LaunchFile &File, const std::string &FlagAndFile,
                       const std::vector<KernelName> &Kernels) {
  std::vector<std::string> Out;
  for (const LaunchEntry &E : File.Entries) {
    if (!matchesAny(E.Pattern, Kernels)) {
      Out.push_back(FlagAndFile + ": " + noKernel(E.Pattern, Kernels));
      continue;
    }
    // The first matching entry applies (findLaunchEntry): one that is never
    // first applies to nothing either.
    bool Applies =
        std::any_of(Kernels.begin(), Kernels.end(), [&](const KernelName &K) {
          return findLaunchEntry(File, K.Mangled, K.Demangled) == &E;
        });
    if (!Applies)
      Out.push_back(FlagAndFile + ": kernel pattern '" + E.Pattern +
                    "' is shadowed by an earlier entry for every kernel it "
                    "matches (the first matching entry applies)");
  }
  return Out;
}

std::vector<std::string>
unmatchedTripCountRules(const std::vector<TripCountRule> &Rules,
                        const std::string &Flag,
                        const std::vector<KernelName> &Kernels) {
  std::vector<std::string> Out;
  for (const TripCountRule &R : Rules)
    if (R.Kernel != "*" && !matchesAny(R.Kernel, Kernels))
      Out.push_back(Flag + "=" + R.Spec + ": " + noKernel(R.Kernel, Kernels));
  return Out;
}

std::vector<std::string>
unmatchedBudgetPatterns(const Budget &B,
                        const std::vector<KernelName> &Kernels) {
  std::vector<std::string> Out;
  for (const BudgetRule &R : B.Rules)
    if (!matchesAny(R.KernelGlob, Kernels))
      Out.push_back(B.File + ": budget rule's " +
                    noKernel(R.KernelGlob, Kernels, "of the reports"));
  for (const BudgetWaiver &W : B.Waivers)
    if (!matchesAny(W.KernelGlob, Kernels))
      Out.push_back(B.File + ": waiver's " +
                    noKernel(W.KernelGlob, Kernels, "of the reports"));
  return Out;
}

void LoopLineCoverage::note(const LoopTripCounts &Trips,
                            const std::set<unsigned> &Starts,
                            const std::string &Kernel) {
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
