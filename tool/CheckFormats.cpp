//===- CheckFormats.cpp - Budget violations as text, GitHub, SARIF, JUnit -===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "CheckFormats.h"
#include "SarifLog.h"
#include "XmlEscape.h"

#include "gpa/CanonicalJson.h"
#include "gpa/FindingRules.h"

#include <map>

namespace gpa::tool {

using nlohmann::json;

std::string renderCheckText(const BudgetCheck &C) {
  std::string Out;
  // A compiler's diagnostic form, file:line:col: error:, so that problem
  // matchers and CI annotations pick the violations up.
  for (const BudgetViolation &V : C.Violations)
    Out += V.where() + ": error: " + V.detail() +
           V.message().substr(V.messageText().size()) + "\n";
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

void collectFindings(const json &Report, std::vector<ReportFinding> &Out) {
  auto Kernels = Report.find("kernels");
  if (Kernels == Report.end() || !Kernels->is_array())
    return;
  auto Str = [](const json &Obj, const char *Key) {
    auto It = Obj.find(Key);
    return It != Obj.end() && It->is_string() ? It->get<std::string>() : "";
  };
  auto Num = [](const json &Obj, const char *Key) {
    auto It = Obj.find(Key);
    return It != Obj.end() && It->is_number_unsigned() ? It->get<unsigned>()
                                                       : 0u;
  };
  for (const json &K : *Kernels) {
    if (!K.is_object())
      continue;
    auto Findings = K.find("findings");
    if (Findings == K.end() || !Findings->is_array())
      continue;
    for (const json &F : *Findings) {
      if (!F.is_object())
        continue;
      ReportFinding R;
      R.Kernel = Str(K, "name");
      R.Rule = Str(F, "rule");
      R.Message = Str(F, "message");
      if (auto L = F.find("location"); L != F.end() && L->is_object()) {
        R.File = Str(*L, "file");
        R.Line = Num(*L, "line");
        R.Column = Num(*L, "column");
      }
      if (!R.Rule.empty())
        Out.push_back(std::move(R));
    }
  }
}

std::string renderCheckSarif(const BudgetCheck &C,
                             const std::vector<ReportFinding> &Findings,
                             const std::string &BudgetFile,
                             const std::string &DocsUrl) {
  json Log = sarifLog(DocsUrl);
  json &Results = Log["runs"][0]["results"];
  // Budget results first (they fail the check), then the findings that
  // explain them.
  for (const BudgetViolation &V : C.Violations) {
    json Physical = V.File.empty()
                        ? sarifPhysicalLocation(V.ReportFile, 0, 0)
                        : sarifPhysicalLocation(V.File, V.Line, V.Column);
    Results.push_back(sarifResult(V.Limit, "error", V.message(), Physical,
                                  {{"kernel", V.Kernel},
                                   {"limit", V.LimitValue},
                                   {"predicted", V.Predicted},
                                   {"margin", V.margin()},
                                   {"gpu", V.Gpu},
                                   {"budget", BudgetFile},
                                   {"pattern", V.Pattern}}));
  }
  for (const std::string &W : C.ExpiredWaivers)
    Results.push_back(sarifResult("waiver_expired", "error", W,
                                  sarifPhysicalLocation(BudgetFile, 0, 0),
                                  {{"budget", BudgetFile}}));
  for (const ReportFinding &F : Findings) {
    // A rule this gpa does not know (a report from another version) still
    // names a declared rule: its text is kept in the message.
    bool Known = findingRule(F.Rule) != nullptr;
    Results.push_back(
        sarifResult(Known ? F.Rule : "gpa-kernel-power", "warning",
                    Known ? F.Message : F.Rule + ": " + F.Message,
                    sarifPhysicalLocation(F.File, F.Line, F.Column),
                    {{"kernel", F.Kernel}}));
  }
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
