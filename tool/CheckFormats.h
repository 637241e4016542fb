//===- CheckFormats.h - Budget violations for CI systems ------ -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_CHECKFORMATS_H
#define GPA_TOOL_CHECKFORMATS_H

#include "gpa/Budget.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa::tool {

std::string renderCheckText(const BudgetCheck &C);
/// GitHub Actions workflow commands (::error file=...,line=...::message).
std::string renderCheckGithub(const BudgetCheck &C);
/// A finding a report carries (kernels[].findings, docs/findings.md).
struct ReportFinding {
  std::string Kernel, Rule, Message, File;
  unsigned Line = 0, Column = 0;
};

/// Appends the findings of a gpa-report/1 document to Out.
void collectFindings(const nlohmann::json &Report,
                     std::vector<ReportFinding> &Out);

/// One SARIF 2.1.0 log (tool/SarifLog.h) with the budget and baseline
/// violations as errors and the reports' findings as warnings, so that one
/// upload carries both. DocsUrl: see sarifLog.
std::string renderCheckSarif(const BudgetCheck &C,
                             const std::vector<ReportFinding> &Findings,
                             const std::string &BudgetFile,
                             const std::string &DocsUrl);
/// JUnit XML: one test case per kernel a budget matched.
std::string renderCheckJunit(const BudgetCheck &C);

} // namespace gpa::tool

#endif
