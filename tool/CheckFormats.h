//===- CheckFormats.h - Budget violations for CI systems ------ -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_CHECKFORMATS_H
#define GPA_TOOL_CHECKFORMATS_H

#include "gpa/Budget.h"

#include <string>

namespace gpa::tool {

std::string renderCheckText(const BudgetCheck &C);
/// GitHub Actions workflow commands (::error file=...,line=...::message).
std::string renderCheckGithub(const BudgetCheck &C);
/// A SARIF 2.1.0 log with one rule per limit kind.
std::string renderCheckSarif(const BudgetCheck &C,
                             const std::string &BudgetFile);
/// JUnit XML: one test case per kernel a budget matched.
std::string renderCheckJunit(const BudgetCheck &C);

} // namespace gpa::tool

#endif
