//===- CheckFormats.cpp - Budget violations as text, GitHub, SARIF, JUnit -===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "CheckFormats.h"
#include "XmlEscape.h"

#include "gpa/CanonicalJson.h"

#include <map>

namespace gpa::tool {

using nlohmann::json;

std::string renderCheckText(const BudgetCheck &C) {
  std::string Out;
  for (const BudgetViolation &V : C.Violations)
    Out += V.message() + "\n";
  for (const BudgetViolation &V : C.Waived)
    Out += "waived: " + V.message() + " [" + V.WaiverReason + "]\n";
  for (const std::string &W : C.ExpiredWaivers)
    Out += W + "\n";
  for (const std::string &K : C.NewKernels)
    Out += "new kernel (not in the baseline): " + K + "\n";
  for (const std::string &K : C.RemovedKernels)
    Out += "removed kernel (only in the baseline): " + K + "\n";
  Out += std::to_string(C.Violations.size()) + " budget violation" +
         (C.Violations.size() == 1 ? "" : "s") + " in " +
         std::to_string(C.KernelsMatched) + " budgeted of " +
         std::to_string(C.KernelsChecked) + " kernels\n";
  return Out;
}

/// GitHub's workflow-command escaping: data escapes %, CR, LF; property
/// values also ':' and ','.
static std::string githubEscape(const std::string &S, bool Property) {
  std::string Out;
  for (char Ch : S) {
    switch (Ch) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    case ':':
      Out += Property ? "%3A" : ":";
      break;
    case ',':
      Out += Property ? "%2C" : ",";
      break;
    default:
      Out += Ch;
    }
  }
  return Out;
}

std::string renderCheckGithub(const BudgetCheck &C) {
  std::string Out;
  for (const BudgetViolation &V : C.Violations) {
    Out += "::error ";
    if (!V.File.empty()) {
      Out += "file=" + githubEscape(V.File, true);
      if (V.Line)
        Out += ",line=" + std::to_string(V.Line);
      Out += ",";
    }
    Out += "title=" + githubEscape("GpuPowerAdvisor " + V.Limit, true) +
           "::" + githubEscape(V.message(), false) + "\n";
  }
  for (const std::string &W : C.ExpiredWaivers)
    Out += "::error title=GpuPowerAdvisor waiver expired::" +
           githubEscape(W, false) + "\n";
  return Out;
}

static const std::map<std::string, std::string> &ruleDescriptions() {
  static const std::map<std::string, std::string> D = {
      {"max_total_power_w",
       "Predicted GPU power (IPP Eq. 5) exceeds the budget"},
      {"max_energy_j", "Predicted energy per launch exceeds the budget"},
      {"min_gips_per_w",
       "Predicted performance per watt (IPP Eq. 28) is below the budget"},
      {"max_exec_time_s", "Predicted execution time (HK09) exceeds the budget"},
      {"require_optimal_sms",
       "Kernel runs on more SMs than the IPP optimum (Eq. 34)"}};
  return D;
}

std::string renderCheckSarif(const BudgetCheck &C,
                             const std::string &BudgetFile) {
  json Rules = json::array();
  for (const auto &[Id, Text] : ruleDescriptions())
    Rules.push_back({{"id", Id},
                     {"name", Id},
                     {"shortDescription", {{"text", Text}}},
                     {"defaultConfiguration", {{"level", "error"}}}});
  json Results = json::array();
  for (const BudgetViolation &V : C.Violations) {
    json Physical = {{"artifactLocation",
                      {{"uri", V.File.empty() ? V.ReportFile : V.File}}}};
    if (V.Line)
      Physical["region"] = {{"startLine", V.Line}};
    Results.push_back(
        {{"ruleId", V.Limit},
         {"level", "error"},
         {"message", {{"text", V.message()}}},
         {"locations", json::array({{{"physicalLocation", Physical}}})},
         {"properties",
          {{"kernel", V.Kernel},
           {"limit", V.LimitValue},
           {"predicted", V.Predicted},
           {"margin", V.margin()},
           {"gpu", V.Gpu},
           {"budget", BudgetFile},
           {"pattern", V.Pattern}}}});
  }
  json Log = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       json::array({{{"tool",
                      {{"driver",
                        {{"name", "GpuPowerAdvisor"},
                         {"informationUri",
                          "https://github.com/gpupoweradvisor/gpupoweradvisor"},
                         {"version", "0.1.0"},
                         {"rules", Rules}}}}},
                     {"results", Results}}})}};
  return toCanonicalJson(Log);
}

std::string renderCheckJunit(const BudgetCheck &C) {
  std::map<std::string, std::vector<const BudgetViolation *>> ByKernel;
  for (const BudgetViolation &V : C.Violations)
    ByKernel[V.Kernel].push_back(&V);
  std::size_t Failures = 0;
  std::string Cases;
  for (const std::string &K : C.MatchedKernels) {
    Cases +=
        "    <testcase classname=\"gpa.budget\" name=\"" + xmlEscape(K) + "\"";
    auto It = ByKernel.find(K);
    if (It == ByKernel.end()) {
      Cases += "/>\n";
      continue;
    }
    ++Failures;
    Cases += ">\n";
    for (const BudgetViolation *V : It->second)
      Cases += "      <failure type=\"" + xmlEscape(V->Limit) +
               "\" message=\"" + xmlEscape(V->message()) + "\"/>\n";
    Cases += "    </testcase>\n";
    ByKernel.erase(It);
  }
  std::string Count = std::to_string(C.MatchedKernels.size());
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<testsuites tests=\"" +
         Count + "\" failures=\"" + std::to_string(Failures) +
         "\">\n"
         "  <testsuite name=\"gpa-budget\" tests=\"" +
         Count + "\" failures=\"" + std::to_string(Failures) +
         "\" errors=\"0\">\n" + Cases + "  </testsuite>\n</testsuites>\n";
}

} // namespace gpa::tool
