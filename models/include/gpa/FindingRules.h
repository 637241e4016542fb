//===- FindingRules.h - Ids and help of the plugin's findings ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// One table shared by the remark names, the report's `findings` and the
// SARIF `rules[]` of `gpa analyze --format=sarif`. Ids never change; help
// anchors point into docs/findings.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FINDINGRULES_H
#define GPA_FINDINGRULES_H

#include <string>
#include <vector>

namespace gpa {

struct FindingRule {
  const char *Id;        // remark name and SARIF ruleId
  const char *ShortHelp; // one line
  const char *FullHelp;  // what it costs in the model and what to do
  const char *Anchor;    // docs/findings.md#<anchor>
};

const std::vector<FindingRule> &findingRules();

/// The rule with this id, or nullptr.
const FindingRule *findingRule(const std::string &Id);

/// Repository-relative help document of every rule.
constexpr const char *FindingsDoc = "docs/findings.md";

} // namespace gpa

#endif
