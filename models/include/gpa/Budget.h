//===- Budget.h - Power budgets and their enforcement -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A budget file (schema models/schema/gpa-budget.schema.json) maps kernel
// name globs to limits. Checked by `gpa check` against gpa-report/1 files and
// by the plugin (-gpa-budget=FILE) against the report it builds, with the
// same code.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BUDGET_H
#define GPA_BUDGET_H

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct BudgetRule {
  std::string KernelGlob;
  std::optional<double> MaxTotalPowerW;
  std::optional<double> MaxEnergyJ;
  std::optional<double> MinGipsPerW;
  std::optional<double> MaxExecTimeS;
  bool RequireOptimalSms = false;
};

struct Budget {
  std::string File; // as given, for messages
  std::vector<BudgetRule> Rules;
};

bool parseBudget(const nlohmann::json &Document, const std::string &File,
                 Budget &Out, std::string &Error);
bool loadBudget(const std::string &Path, Budget &Out, std::string &Error);

/// Shell-style glob: '*' any run, '?' one character, '[abc]'/'[a-z]'/'[!a]'
/// one of a set; everything else matches itself.
bool globMatch(const std::string &Pattern, const std::string &Text);

struct BudgetViolation {
  std::string Kernel;    // name as in the report (mangled for plugin reports)
  std::string Demangled; // may be empty
  std::string File;      // source file, may be empty
  unsigned Line = 0;
  std::string Gpu;
  std::string Limit; // "max_total_power_w", ...
  double LimitValue = 0;
  double Predicted = 0;
  std::string Pattern; // the rule's glob
  std::size_t RuleIndex = 0;
  std::string ReportFile;

  /// Predicted minus limit for max_* limits, limit minus predicted for
  /// min_*: positive is the amount by which the budget is exceeded.
  double margin() const;
  /// One line: "file:line: kernel: limit (budget 'glob'): predicted X, limit
  /// Y, over by Z (P%)".
  std::string message() const;
};

struct BudgetCheck {
  std::vector<BudgetViolation> Violations;
  /// Every kernel a rule matched (name as in the report), in report order.
  std::vector<std::string> MatchedKernels;
  unsigned KernelsChecked = 0;
  unsigned KernelsMatched = 0;
};

/// Checks every kernel of a gpa-report/1 document against the rules that
/// match its name (mangled or demangled). Errors (a malformed report) name
/// the report file and the JSON path.
bool checkReport(const nlohmann::json &Report, const std::string &ReportFile,
                 const Budget &B, BudgetCheck &Out, std::string &Error);

} // namespace gpa

#endif
