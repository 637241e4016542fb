//===- KernelArguments.cpp - Kernel arguments given by name ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelArguments.h"

namespace gpa {

void resolveNamedArguments(BranchFacts &F,
                           const std::vector<std::string> &Names,
                           const std::string &Kernel,
                           const std::string &NoNamesWhy,
                           std::vector<std::string> &Warnings) {
  // Names only matter with arguments (and enter BranchFacts::key(), which
  // must stay the default's without them).
  if (F.Arguments.empty() && F.NamedArguments.empty())
    return;
  F.ParameterNames = Names;
  bool AnyName = false;
  std::string List;
  for (std::size_t K = 0; K < Names.size(); ++K) {
    AnyName |= !Names[K].empty();
    List += (K ? ", " : "") + std::to_string(K) + ": " +
            (Names[K].empty() ? "(no name)" : Names[K]);
  }
  for (const auto &[Name, V] : F.NamedArguments) {
    std::string What =
        F.ArgumentsSource + ": kernel " + Kernel + ": argument '" + Name + "'";
    std::size_t K = 0;
    while (K < Names.size() && Names[K] != Name)
      ++K;
    if (K == Names.size()) {
      Warnings.push_back(What + " names no parameter, not used; " +
                         (AnyName
                              ? "the parameters are " + List
                              : NoNamesWhy + "; give it by position (from 0)"));
      continue;
    }
    auto [It, New] = F.Arguments.emplace(unsigned(K), V);
    if (!New && It->second != V)
      Warnings.push_back(What + " (position " + std::to_string(K) + ") is " +
                         std::to_string(V) + " by name but " +
                         std::to_string(It->second) + " by position; using " +
                         std::to_string(It->second));
  }
  F.NamedArguments.clear();
}

std::string parameterLabel(const BranchFacts &F, unsigned K) {
  if (K < F.ParameterNames.size() && !F.ParameterNames[K].empty())
    return F.ParameterNames[K];
  return "argument " + std::to_string(K);
}

} // namespace gpa
