//===- Budget.h - Power budgets and their enforcement -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A budget file (schema models/schema/gpa-budget.schema.json) maps kernel
// name globs to limits. Checked by `gpa check` against gpa-report/1 files and
// by the plugin (-gpa-budget=FILE) against its typed results, with the
// same code.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BUDGET_H
#define GPA_BUDGET_H

#include "gpa/KernelNameMatch.h"

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

/// A known, accepted violation: kernels matching KernelGlob may exceed the
/// listed limits (all limits when Limits is empty) until Expires
/// (YYYY-MM-DD, UTC, inclusive; empty: no expiry). An expired waiver fails
/// `gpa check` so that it is renewed or removed.
struct BudgetWaiver {
  std::string KernelGlob;
  std::string Reason;
  std::string Expires;
  std::vector<std::string> Limits;
};

struct Budget {
  std::string File; // as given, for messages
  std::vector<BudgetRule> Rules;
  std::vector<BudgetWaiver> Waivers;
};

bool parseBudget(const nlohmann::json &Document, const std::string &File,
                 Budget &Out, std::string &Error);
bool loadBudget(const std::string &Path, Budget &Out, std::string &Error);

struct BudgetViolation {
  std::string Kernel;    // name as in the report (mangled for plugin reports)
  std::string Demangled; // may be empty
  std::string File;      // source file, may be empty
  unsigned Line = 0;
  unsigned Column = 0; // 0: the report has no column
  std::string Gpu;
  std::string Limit; // "max_total_power_w", ...
  double LimitValue = 0;
  double Predicted = 0;
  std::string Pattern; // the rule's glob
  std::size_t RuleIndex = 0;
  std::string ReportFile;
  /// Baseline checks: the baseline's value and the allowed increase.
  double Baseline = 0;
  double MaxRegressionPct = 0;
  std::string WaiverReason; // set for waived violations
  bool Unoptimised = false; // predicted from unoptimised (-O0) code

  /// Predicted minus limit for max_* limits, limit minus predicted for
  /// min_*: positive is the amount by which the budget is exceeded.
  double margin() const;
  /// One line: "file:line: kernel: limit (budget 'glob'): predicted X, limit
  /// Y, over by Z (P%)", and whether it was predicted from -O0 code.
  std::string message() const;
  std::string messageText() const; // message() without the -O0 note
  /// Where a compiler would put the diagnostic: "file:line:col" (column 1
  /// when the report has none: a PTX entry's .loc has column 0), or the
  /// report file when the kernel has no source location.
  std::string where() const;
  /// message() without its leading location: "kernel: limit ...".
  std::string detail() const;
};

struct BudgetCheck {
  std::vector<BudgetViolation> Violations;
  /// Violations a waiver covers: reported, not failing.
  std::vector<BudgetViolation> Waived;
  /// One line per expired waiver (each fails the check).
  std::vector<std::string> ExpiredWaivers;
  /// Baseline comparison: kernels only in the reports / only in the
  /// baseline.
  std::vector<std::string> NewKernels, RemovedKernels;
  /// Every kernel a rule matched (name as in the report), in report order.
  std::vector<std::string> MatchedKernels;
  unsigned KernelsChecked = 0;
  unsigned KernelsMatched = 0;
};

/// Checks every kernel of a gpa-report/1 document against the rules that
/// match its name (mangled or demangled); violations a live waiver covers
/// go to Out.Waived. Errors (a malformed report) name the report file and
/// the JSON path.
bool checkReport(const nlohmann::json &Report, const std::string &ReportFile,
                 const Budget &B, BudgetCheck &Out, std::string &Error);

struct KernelFacts;

/// checkReport on kernels already read (from a report, or from typed
/// results: gpa/AnalyzedKernel.h's kernelFacts); ReportFile names where
/// they came from in messages.
void checkKernels(const std::vector<KernelFacts> &Kernels,
                  const std::string &Gpu, const std::string &ReportFile,
                  const Budget &B, BudgetCheck &Out);

/// Today's date, UTC, as YYYY-MM-DD.
std::string todayUtc();

/// Adds a line to Out.ExpiredWaivers for each waiver of B whose expiry
/// date is before Today (YYYY-MM-DD).
void checkWaiverExpiry(const Budget &B, const std::string &Today,
                       BudgetCheck &Out);

/// The numbers a budget or baseline needs from one report kernel.
struct KernelFacts {
  std::string Name, Demangled, File;
  unsigned Line = 0, Column = 0;
  double TotalPowerW = 0, EnergyJ = 0, GipsPerW = 0, ExecTimeS = 0;
  double ActiveSms = 0, OptimalSms = 0;
  /// The counts come from code built without optimisation (the report's
  /// `optimization` assumption is "O0").
  bool Unoptimised = false;
};

/// A violation of Limit by kernel F on Gpu, with the kernel's identity and
/// location filled in; budgets and baselines add what is theirs.
BudgetViolation violationOf(const KernelFacts &F, const std::string &Gpu,
                            const char *Limit, double LimitValue,
                            double Predicted);

/// Every kernel of a gpa-report/1 document, checked like checkReport does.
bool readReportKernels(const nlohmann::json &Report,
                       const std::string &ReportFile, std::string &Gpu,
                       std::vector<KernelFacts> &Out, std::string &Error);

/// Compares Current with Baseline kernel by kernel (by name): energy, total
/// power or execution time more than MaxRegressionPct percent above the
/// baseline's is a violation ("regression_energy_j", ...); kernels in only
/// one of them are listed in Out.NewKernels / Out.RemovedKernels.
void compareWithBaseline(const std::vector<KernelFacts> &Baseline,
                         const std::string &BaselineFile,
                         const std::vector<KernelFacts> &Current,
                         const std::string &Gpu, double MaxRegressionPct,
                         BudgetCheck &Out);

} // namespace gpa

#endif
