//===- AnalyzeFormats.cpp - gpa analyze as text, CSV and SARIF ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Rendered from the gpa-report/1 document, so IR, PTX and CUDA inputs print
// the same way. Fixed formats only (deterministic output).
//
//===----------------------------------------------------------------------===//
#include "Analyze.h"
#include "TextFormat.h"

#include "gpa/CanonicalJson.h"
#include "gpa/FindingRules.h"

#include <algorithm>
#include <cstdio>

namespace gpa::tool {

using nlohmann::json;

namespace {
double num(const json &K, const char *Section, const char *Key) {
  const json *S = K.contains(Section) ? &K[Section] : nullptr;
  if (!S || !S->contains(Key) || !(*S)[Key].is_number())
    return 0;
  return (*S)[Key].get<double>();
}

std::string displayName(const json &K) {
  std::string D = K.value("demangled", "");
  return D.empty() ? K.value("name", "?") : D;
}

std::string where(const json &K) {
  if (!K.contains("location") || !K["location"].is_object())
    return "";
  const json &L = K["location"];
  std::string File = L.value("file", "");
  unsigned Line = L.value("line", 0u);
  return Line ? File + ":" + std::to_string(Line) : File;
}

std::string topUnits(const json &K) {
  std::vector<std::pair<double, std::string>> Units;
  if (K.contains("power") && K["power"].contains("components_w"))
    for (auto &[Key, W] : K["power"]["components_w"].items())
      if (W.is_number() && W.get<double>() > 0)
        Units.push_back({-W.get<double>(), Key});
  std::sort(Units.begin(), Units.end());
  std::string Out;
  for (std::size_t I = 0; I < Units.size() && I < 4; ++I)
    Out += format("%s%s %.1f W", I ? ", " : "", Units[I].second.c_str(),
                  -Units[I].first);
  return Out.empty() ? "none" : Out;
}

/// The decision's verdict (models/include/gpa/Decision.h): a change to
/// fewer SMs is recommended.
bool fewerSmsAdvised(const json &K) {
  return K.contains("advice") && K["advice"].is_object() &&
         K["advice"].value("change", false);
}

std::string adviceReason(const json &K) {
  return K.contains("advice") && K["advice"].is_object()
             ? K["advice"].value("reason", std::string("launch as written"))
             : std::string("launch as written");
}
} // namespace

std::string renderAnalyzeText(const json &Report) {
  std::string Out =
      format("GPU model %s%s\n", Report.value("gpu", "?").c_str(),
             Report.value("calibrated", false) ? "" : " (power uncalibrated)");
  for (const json &K : Report.value("kernels", json::array())) {
    Out +=
        format("\nkernel %s  [%s]\n", displayName(K).c_str(), where(K).c_str());
    Out += format("  launch      %.0f threads x %.0f blocks, %.0f regs/thread, "
                  "%.0f active blocks/SM on %.0f SMs\n",
                  num(K, "launch", "threads_per_block"),
                  num(K, "launch", "blocks"),
                  num(K, "launch", "registers_per_thread"),
                  num(K, "launch", "active_blocks_per_sm"),
                  num(K, "launch", "active_sms"));
    Out += format("  timing      case %.0f, MWP %.3f (peak BW %.3f), CWP %.3f, "
                  "%.6g s\n",
                  num(K, "timing", "case"), num(K, "timing", "mwp"),
                  num(K, "timing", "mwp_peak_bw"), num(K, "timing", "cwp"),
                  num(K, "timing", "exec_time_s"));
    // Which memory level bounds a memory-bound kernel (docs/models.md).
    if (K.contains("timing") && K["timing"].contains("memory_levels") &&
        K["timing"]["memory_levels"].contains("summary"))
      Out += "  memory      " +
             K["timing"]["memory_levels"].value("summary", std::string()) +
             "\n";
    Out += format("  power       %.1f W total (%.1f W runtime); top: %s\n",
                  num(K, "power", "total_power_w"),
                  num(K, "power", "runtime_power_w"), topUnits(K).c_str());
    Out +=
        format("  efficiency  %.4g GIPS, %.4g GIPS/W, %.6g J per launch\n",
               num(K, "efficiency", "gips"), num(K, "efficiency", "gips_per_w"),
               num(K, "efficiency", "energy_j"));
    if (fewerSmsAdvised(K))
      Out += format(
          "  advice      run on %.0f SMs (%s): energy %s (%s with power "
          "gating), slowdown %.1f%%\n",
          num(K, "advice", "optimal_active_sms"),
          K["advice"].value("mechanism", std::string("sm")).c_str(),
          savingText(
              K["advice"]["energy_savings_pct"].value("runtime_idle", 0.0))
              .c_str(),
          savingText(
              K["advice"]["energy_savings_pct"].value("power_gating", 0.0))
              .c_str(),
          num(K, "advice", "slowdown_pct"));
    else
      Out += "  advice      " + adviceReason(K) + "\n";
    if (K.contains("assumptions") && K["assumptions"].is_object())
      for (auto &[Key, V] : K["assumptions"].items())
        Out += "  assumes     " + Key + ": " +
               (V.is_string() ? V.get<std::string>() : V.dump()) + "\n";
  }
  return Out;
}

std::string renderAnalyzeCsv(const json &Report) {
  std::string Out = "kernel,demangled,location,gpu,threads_per_block,blocks,"
                    "active_sms,case,mwp,cwp,exec_time_s,total_power_w,gips,"
                    "gips_per_w,energy_j,bandwidth_bound,optimal_active_sms\n";
  for (const json &K : Report.value("kernels", json::array())) {
    Out += csvField(K.value("name", "")) + "," +
           csvField(K.value("demangled", "")) + "," + csvField(where(K)) + "," +
           csvField(Report.value("gpu", ""));
    for (auto [Section, Key] : {std::pair{"launch", "threads_per_block"},
                                {"launch", "blocks"},
                                {"launch", "active_sms"},
                                {"timing", "case"},
                                {"timing", "mwp"},
                                {"timing", "cwp"},
                                {"timing", "exec_time_s"},
                                {"power", "total_power_w"},
                                {"efficiency", "gips"},
                                {"efficiency", "gips_per_w"},
                                {"efficiency", "energy_j"}})
      Out += "," + formatNumber(num(K, Section, Key));
    Out += std::string(",") +
           (K.contains("advice") && K["advice"].value("bandwidth_bound", false)
                ? "true"
                : "false") +
           "," + formatNumber(num(K, "advice", "optimal_active_sms")) + "\n";
  }
  return Out;
}

namespace {
/// A SARIF physicalLocation for a report location: the file relative to the
/// source root (uriBaseId SRCROOT, declared in originalUriBaseIds), never an
/// absolute path; {} without a location.
json physicalLocation(const json &Location) {
  json Physical = json::object();
  if (!Location.is_object() || Location.value("file", "").empty())
    return Physical;
  Physical["artifactLocation"] = {{"uri", Location.value("file", "")},
                                  {"uriBaseId", "SRCROOT"}};
  unsigned Line = Location.value("line", 0u);
  unsigned Column = Location.value("column", 0u);
  if (Line) {
    Physical["region"] = {{"startLine", Line}};
    if (Column)
      Physical["region"]["startColumn"] = Column;
  }
  return Physical;
}

/// One result per finding (frontends/ir/Findings.cpp) of every kernel.
void addFindingResults(const json &K, json &Results) {
  for (const json &F : K.value("findings", json::array())) {
    json Result = {{"ruleId", F.value("rule", "")},
                   {"level", "warning"},
                   {"message", {{"text", F.value("message", "")}}},
                   {"properties", {{"kernel", K.value("name", "")}}}};
    json Physical = physicalLocation(F.value("location", json()));
    if (!Physical.empty())
      Result["locations"] = json::array({{{"physicalLocation", Physical}}});
    Results.push_back(std::move(Result));
  }
}
} // namespace

std::string renderAnalyzeSarif(const json &Report) {
  json Results = json::array();
  for (const json &K : Report.value("kernels", json::array())) {
    json Physical = physicalLocation(K.value("location", json()));
    bool Fewer = fewerSmsAdvised(K);
    std::string Text =
        Fewer ? format("%s: running it on %.0f of %.0f SMs on %s saves "
                       "%.1f%% energy",
                       displayName(K).c_str(),
                       num(K, "advice", "optimal_active_sms"),
                       num(K, "launch", "active_sms"),
                       Report.value("gpu", "?").c_str(),
                       K["advice"]["energy_savings_pct"].value("runtime_idle",
                                                               0.0))
              : format("%s on %s: %.1f W, %.4g GIPS/W, %.6g s per launch",
                       displayName(K).c_str(), Report.value("gpu", "?").c_str(),
                       num(K, "power", "total_power_w"),
                       num(K, "efficiency", "gips_per_w"),
                       num(K, "timing", "exec_time_s"));
    json Result = {{"ruleId", Fewer ? "gpa-use-fewer-sms" : "gpa-kernel-power"},
                   {"level", Fewer ? "warning" : "note"},
                   {"message", {{"text", Text}}},
                   {"properties", {{"kernel", K.value("name", "")}}}};
    if (!Physical.empty())
      Result["locations"] = json::array({{{"physicalLocation", Physical}}});
    Results.push_back(std::move(Result));
    addFindingResults(K, Results);
  }
  json Rules = json::array(
      {{{"id", "gpa-kernel-power"},
        {"shortDescription",
         {{"text", "Predicted kernel power, efficiency and time (IPP)"}}}},
       {{"id", "gpa-use-fewer-sms"},
        {"shortDescription",
         {{"text", "Bandwidth-bound kernel: fewer SMs save energy (IPP "
                   "Eq. 34)"}}}}});
  for (const FindingRule &R : findingRules())
    Rules.push_back(
        {{"id", R.Id},
         {"name", R.Id},
         {"shortDescription", {{"text", R.ShortHelp}}},
         {"fullDescription", {{"text", R.FullHelp}}},
         {"help",
          {{"text", R.FullHelp},
           {"markdown", std::string(R.FullHelp) + " See [" + FindingsDoc +
                            "](" + FindingsDoc + "#" + R.Anchor + ")."}}},
         {"helpUri", std::string(FindingsDoc) + "#" + R.Anchor},
         {"defaultConfiguration", {{"level", "warning"}}}});
  json Log = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::array({{{"tool",
                              {{"driver",
                                {{"name", "GpuPowerAdvisor"},
                                 {"version", "0.1.0"},
                                 {"rules", Rules}}}}},
                             {"originalUriBaseIds",
                              {{"SRCROOT",
                                {{"description",
                                  {{"text", "The directory the compile "
                                            "ran in: every artifact URI is "
                                            "relative to it"}}}}}}},
                             {"results", Results}}})}};
  return toCanonicalJson(Log);
}

} // namespace gpa::tool
