//===- SarifLog.h - The SARIF 2.1.0 log both gpa commands write -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// One SARIF writer for `gpa analyze --format sarif` and `gpa check --format
// sarif`: every rule a result can name (kernel summaries, findings, budget
// limits, baseline regressions, expired waivers) with a full description
// and help text, artifact locations relative to the declared SRCROOT base,
// and documentation links only where the caller gave a URL they resolve at
// (--docs-url): a repository-relative link would resolve in the user's
// repository, where GpuPowerAdvisor's docs are not.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_SARIFLOG_H
#define GPA_TOOL_SARIFLOG_H

#include <nlohmann/json.hpp>

#include <string>

namespace gpa::tool {

/// The log with one run and an empty results array. DocsUrl: where this
/// GpuPowerAdvisor's sources are browsable (the directory holding README.md
/// and docs/); empty leaves out informationUri and every helpUri.
nlohmann::json sarifLog(const std::string &DocsUrl);

/// A physicalLocation for File (relative: against SRCROOT; absolute: a
/// file:// URI), with line and column when known; {} without a file.
nlohmann::json sarifPhysicalLocation(const std::string &File, unsigned Line,
                                     unsigned Column);

/// A result of Rule at Physical (no locations when Physical is {}).
nlohmann::json sarifResult(const std::string &Rule, const char *Level,
                           const std::string &Text,
                           const nlohmann::json &Physical,
                           nlohmann::json Properties);

} // namespace gpa::tool

#endif
