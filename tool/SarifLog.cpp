//===- SarifLog.cpp - The SARIF 2.1.0 log both gpa commands write --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "SarifLog.h"

#include "gpa/FindingRules.h"

#include <cctype>
#include <string>
#include <vector>

#ifndef GPA_VERSION
#define GPA_VERSION "unknown"
#endif

namespace gpa::tool {

using nlohmann::json;

namespace {

/// A rule GpuPowerAdvisor reports, beyond the findings of
/// models/src/FindingRules.cpp; Doc#Anchor is its section.
struct ToolRule {
  const char *Id;
  const char *Level; // default level: note, warning, error
  const char *Short;
  const char *Full;
  const char *Doc;
  const char *Anchor;
};

const std::vector<ToolRule> &toolRules() {
  static const std::vector<ToolRule> Rules = {
      {"gpa-kernel-power", "note", "Predicted kernel power, time and energy",
       "The kernel's predicted power, performance per watt and execution "
       "time on the chosen GPU model, at the launch the report records (a "
       "launch site's configuration, or the assumed launch listed under the "
       "kernel's assumptions). Informational: nothing to fix.",
       "docs/ci.md", "gpa-kernel-power"},
      {"gpa-use-fewer-sms", "warning", "Kernel saves energy on fewer SMs",
       "The kernel is bandwidth-bound: the decision (docs/models.md, \"The "
       "decision\") finds that fewer active SMs keep its execution time "
       "within the allowed slowdown while the idle SMs stop drawing dynamic "
       "power. Launch fewer blocks (a grid-stride loop keeps the work the "
       "same) or let the runtime's launch rewrite do it.",
       "docs/ci.md", "gpa-use-fewer-sms"},
      {"max_total_power_w", "error",
       "Predicted kernel power exceeds the budget",
       "The kernel's predicted average GPU power while it runs (static power "
       "plus the dynamic power of its instruction and memory mix on the "
       "active SMs) is above the budget's max_total_power_w. Reduce the "
       "memory traffic or arithmetic per thread, run it on fewer SMs, or "
       "raise the limit when the budget is wrong; a waiver records a known "
       "exception.",
       "docs/ci.md", "max_total_power_w"},
      {"max_energy_j", "error",
       "Predicted energy per launch exceeds the budget",
       "Predicted power times predicted execution time of one launch is "
       "above max_energy_j. The energy grows with the grid, so the figure is "
       "only as real as the launch: a launch site the host compilation saw "
       "gives the real grid, a kernel without one is evaluated at the "
       "assumed launch its report lists. Use this limit for kernels whose "
       "launches the report records.",
       "docs/ci.md", "max_energy_j"},
      {"min_gips_per_w", "error",
       "Predicted performance per watt is below the budget",
       "Predicted giga-instructions per second per watt is below "
       "min_gips_per_w: the kernel spends more energy per instruction than "
       "the budget allows (stalls on memory, replays, idle SMs drawing "
       "power). The findings on the same kernel name the causes the "
       "analysis sees.",
       "docs/ci.md", "min_gips_per_w"},
      {"max_exec_time_s", "error",
       "Predicted execution time exceeds the budget",
       "The kernel's predicted execution time for one launch is above "
       "max_exec_time_s, at the launch the report records.",
       "docs/ci.md", "max_exec_time_s"},
      {"require_optimal_sms", "error",
       "Kernel is launched on more SMs than the decision recommends",
       "The budget asks for kernels to occupy no more SMs than the decision "
       "(docs/models.md, \"The decision\") recommends: the fewest SMs that "
       "keep the execution time within the allowed slowdown and save "
       "energy. This launch occupies more. Launch fewer blocks, or waive "
       "the rule for kernels that must finish as early as possible.",
       "docs/ci.md", "require_optimal_sms"},
      {"regression_energy_j", "error",
       "Energy per launch regressed against the baseline",
       "The kernel's predicted energy per launch is higher than in the "
       "baseline report by more than --max-regression percent. Both reports "
       "are for the same GPU model; compare the two reports' kernel entries "
       "to see which count changed.",
       "docs/ci.md", "regression_energy_j"},
      {"regression_total_power_w", "error",
       "Kernel power regressed against the baseline",
       "The kernel's predicted power is higher than in the baseline report "
       "by more than --max-regression percent.",
       "docs/ci.md", "regression_total_power_w"},
      {"regression_exec_time_s", "error",
       "Execution time regressed against the baseline",
       "The kernel's predicted execution time is longer than in the "
       "baseline report by more than --max-regression percent.",
       "docs/ci.md", "regression_exec_time_s"},
      {"waiver_expired", "error", "A budget waiver has expired",
       "A waiver in the budget file is past its expiry date, so it fails "
       "the check whether or not the kernel still exceeds the limit: renew "
       "it with a new date and reason, or remove it.",
       "docs/ci.md", "waiver_expired"}};
  return Rules;
}

json ruleDescriptor(const std::string &Id, const std::string &Short,
                    const std::string &Full, const char *Level,
                    const std::string &Doc, const std::string &Anchor,
                    const std::string &DocsUrl) {
  std::string Markdown = Full;
  json Rule = {{"id", Id},
               {"name", Id},
               {"shortDescription", {{"text", Short}}},
               {"fullDescription", {{"text", Full}}},
               {"defaultConfiguration", {{"level", Level}}}};
  if (!DocsUrl.empty()) {
    std::string Uri = DocsUrl + "/" + Doc + "#" + Anchor;
    Rule["helpUri"] = Uri;
    Markdown += " See [" + Doc + "](" + Uri + ").";
  }
  Rule["help"] = {{"text", Full}, {"markdown", Markdown}};
  return Rule;
}

} // namespace

json sarifLog(const std::string &DocsUrl) {
  json Rules = json::array();
  for (const ToolRule &R : toolRules())
    Rules.push_back(ruleDescriptor(R.Id, R.Short, R.Full, R.Level, R.Doc,
                                   R.Anchor, DocsUrl));
  for (const FindingRule &R : findingRules())
    Rules.push_back(ruleDescriptor(R.Id, R.ShortHelp, R.FullHelp, "warning",
                                   FindingsDoc, R.Anchor, DocsUrl));
  json Driver = {
      {"name", "GpuPowerAdvisor"}, {"version", GPA_VERSION}, {"rules", Rules}};
  if (!DocsUrl.empty())
    Driver["informationUri"] = DocsUrl + "/README.md";
  return {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       json::array({{{"tool", {{"driver", Driver}}},
                     {"originalUriBaseIds",
                      {{"SRCROOT",
                        {{"description",
                          {{"text", "The directory gpa ran in (the repository "
                                    "root in the documented CI recipes): every "
                                    "relative artifact URI is relative to "
                                    "it"}}}}}}},
                     {"results", json::array()}}})}};
}

/// Percent-encodes what a URI path may not hold as it is.
static std::string uriPath(const std::string &Path) {
  static const char *Hex = "0123456789ABCDEF";
  std::string Out;
  for (unsigned char Ch : Path) {
    if (std::isalnum(Ch) || std::string("/-._~").find(Ch) != std::string::npos)
      Out += char(Ch);
    else {
      Out += '%';
      Out += Hex[Ch >> 4];
      Out += Hex[Ch & 15];
    }
  }
  return Out;
}

json sarifPhysicalLocation(const std::string &File, unsigned Line,
                           unsigned Column) {
  json Physical = json::object();
  if (File.empty())
    return Physical;
  if (File.front() == '/')
    Physical["artifactLocation"] = {{"uri", "file://" + uriPath(File)}};
  else
    Physical["artifactLocation"] = {{"uri", uriPath(File)},
                                    {"uriBaseId", "SRCROOT"}};
  if (Line) {
    Physical["region"] = {{"startLine", Line}};
    if (Column)
      Physical["region"]["startColumn"] = Column;
  }
  return Physical;
}

json sarifResult(const std::string &Rule, const char *Level,
                 const std::string &Text, const json &Physical,
                 json Properties) {
  json Result = {{"ruleId", Rule},
                 {"level", Level},
                 {"message", {{"text", Text}}},
                 {"properties", std::move(Properties)}};
  if (!Physical.empty())
    Result["locations"] = json::array({{{"physicalLocation", Physical}}});
  return Result;
}

} // namespace gpa::tool
