//===- Budget.cpp - Power budgets and their enforcement -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Budget.h"

#include "gpa/JsonReader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <set>
#include <utility>
#include <vector>

namespace gpa {

static const char *const RuleKeys =
    "kernel,max_total_power_w,max_energy_j,min_gips_per_w,max_exec_time_s,"
    "require_optimal_sms,description";

static bool isDate(const std::string &S) {
  if (S.size() != 10 || S[4] != '-' || S[7] != '-')
    return false;
  for (std::size_t I : {0, 1, 2, 3, 5, 6, 8, 9})
    if (S[I] < '0' || S[I] > '9')
      return false;
  int Month = std::stoi(S.substr(5, 2)), Day = std::stoi(S.substr(8, 2));
  return Month >= 1 && Month <= 12 && Day >= 1 && Day <= 31;
}

static bool parseWaiver(JsonReader &R, const nlohmann::json &J,
                        const std::string &P, std::vector<BudgetWaiver> &Out) {
  BudgetWaiver W;
  R.rejectUnknownKeys(J, P, "kernel,reason,expires,limits");
  if (const nlohmann::json *K = R.member(J, P, "kernel", true))
    if (auto V = R.string(*K, childPath(P, "kernel")))
      W.KernelGlob = *V;
  if (const nlohmann::json *K = R.member(J, P, "reason", true))
    if (auto V = R.string(*K, childPath(P, "reason"))) {
      W.Reason = *V;
      if (W.Reason.empty())
        R.fail(childPath(P, "reason"), "a non-empty reason");
    }
  if (const nlohmann::json *K = R.member(J, P, "expires", false))
    if (auto V = R.string(*K, childPath(P, "expires"))) {
      W.Expires = *V;
      if (!isDate(W.Expires))
        R.fail(childPath(P, "expires"),
               "a date YYYY-MM-DD, got \"" + W.Expires + "\"");
    }
  if (const nlohmann::json *L = R.member(J, P, "limits", false)) {
    std::string LP = childPath(P, "limits");
    std::string Known = std::string(",") + RuleKeys + ",";
    if (!L->is_array())
      R.fail(LP, "an array of limit names");
    for (std::size_t I = 0; R.ok() && L->is_array() && I < L->size(); ++I) {
      std::string EP = LP + "[" + std::to_string(I) + "]";
      auto V = R.string((*L)[I], EP);
      if (V && (*V == "kernel" || *V == "description" ||
                Known.find("," + *V + ",") == std::string::npos))
        R.fail(EP, "a limit name (max_total_power_w, max_energy_j, "
                   "min_gips_per_w, max_exec_time_s, require_optimal_sms)");
      else if (V)
        W.Limits.push_back(*V);
    }
  }
  if (!R.ok())
    return false;
  Out.push_back(std::move(W));
  return true;
}

bool parseBudget(const nlohmann::json &Doc, const std::string &File,
                 Budget &Out, std::string &Error) {
  JsonReader R(File);
  Budget B;
  B.File = File;
  if (const nlohmann::json *S = R.member(Doc, "$", "schema", true))
    if (auto V = R.string(*S, "$.schema"); V && *V != "gpa-budget/1")
      R.fail("$.schema", "\"gpa-budget/1\"");
  R.rejectUnknownKeys(Doc, "$", "schema,budgets,waivers,description");
  const nlohmann::json *Rules = R.member(Doc, "$", "budgets", true);
  if (Rules && !Rules->is_array())
    R.fail("$.budgets", "an array of budget rules");
  for (std::size_t I = 0; R.ok() && Rules && I < Rules->size(); ++I) {
    const nlohmann::json &J = (*Rules)[I];
    std::string P = "$.budgets[" + std::to_string(I) + "]";
    BudgetRule Rule;
    R.rejectUnknownKeys(J, P, RuleKeys);
    if (const nlohmann::json *K = R.member(J, P, "kernel", true))
      if (auto V = R.string(*K, childPath(P, "kernel")))
        Rule.KernelGlob = *V;
    auto Limit = [&](const char *Key, std::optional<double> &Into) {
      if (const nlohmann::json *V = R.member(J, P, Key, false))
        if (auto N = R.number(*V, childPath(P, Key), 0, 1e300))
          Into = *N;
    };
    Limit("max_total_power_w", Rule.MaxTotalPowerW);
    Limit("max_energy_j", Rule.MaxEnergyJ);
    Limit("min_gips_per_w", Rule.MinGipsPerW);
    Limit("max_exec_time_s", Rule.MaxExecTimeS);
    if (const nlohmann::json *V = R.member(J, P, "require_optimal_sms", false))
      if (auto Bool = R.boolean(*V, childPath(P, "require_optimal_sms")))
        Rule.RequireOptimalSms = *Bool;
    if (R.ok() && !Rule.MaxTotalPowerW && !Rule.MaxEnergyJ &&
        !Rule.MinGipsPerW && !Rule.MaxExecTimeS && !Rule.RequireOptimalSms)
      R.fail(P, "at least one limit (max_total_power_w, max_energy_j, "
                "min_gips_per_w, max_exec_time_s, require_optimal_sms)");
    B.Rules.push_back(std::move(Rule));
  }
  const nlohmann::json *Waivers = R.member(Doc, "$", "waivers", false);
  if (R.ok() && Waivers && !Waivers->is_array())
    R.fail("$.waivers", "an array of waivers");
  for (std::size_t I = 0; R.ok() && Waivers && I < Waivers->size(); ++I) {
    if (!parseWaiver(R, (*Waivers)[I], "$.waivers[" + std::to_string(I) + "]",
                     B.Waivers))
      break;
  }
  if (!R.ok()) {
    Error = R.error();
    return false;
  }
  Out = std::move(B);
  return true;
}

bool loadBudget(const std::string &Path, Budget &Out, std::string &Error) {
  auto Text = readTextFile(Path, Error);
  if (!Text)
    return false;
  auto Doc = parseJsonText(*Text, Path, Error);
  return Doc && parseBudget(*Doc, Path, Out, Error);
}

double BudgetViolation::margin() const {
  return Limit.rfind("min_", 0) == 0 ? LimitValue - Predicted
                                     : Predicted - LimitValue;
}

/// Four significant digits: enough to act on, stable to read.
static std::string shortNumber(double V) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof(Buffer), "%.4g", V);
  return Buffer;
}

std::string BudgetViolation::message() const {
  // A prediction from -O0 code is not what the optimised build runs.
  std::string Unopt = Unoptimised ? " (predicted from unoptimised code, "
                                    "optimization: O0; build with -O2 for "
                                    "the figures of a release)"
                                  : "";
  return messageText() + Unopt;
}

std::string BudgetViolation::messageText() const {
  std::string Where = File.empty() ? ReportFile : File;
  if (!File.empty() && Line)
    Where += ":" + std::to_string(Line);
  return Where + ": " + detail();
}

std::string BudgetViolation::where() const {
  if (File.empty())
    return ReportFile;
  if (!Line)
    return File;
  return File + ":" + std::to_string(Line) + ":" +
         std::to_string(Column ? Column : 1);
}

std::string BudgetViolation::detail() const {
  std::string Name = Demangled.empty() ? Kernel : Demangled;
  std::string Pct = LimitValue > 0
                        ? " (" + shortNumber(margin() / LimitValue * 100) + "%)"
                        : "";
  if (Limit.rfind("regression_", 0) == 0)
    return Name + ": " + Limit.substr(11) + " regressed (baseline " + Pattern +
           "): predicted " + shortNumber(Predicted) + ", baseline " +
           shortNumber(Baseline) + ", +" +
           shortNumber((Predicted / Baseline - 1) * 100) + "%, more than the " +
           shortNumber(MaxRegressionPct) + "% allowed on " + Gpu;
  if (Limit == "require_optimal_sms")
    return Name + ": require_optimal_sms (budget '" + Pattern +
           "'): launched on " + shortNumber(Predicted) + " SMs, recommended " +
           shortNumber(LimitValue) + " SMs on " + Gpu;
  return Name + ": " + Limit + " exceeded (budget '" + Pattern +
         "'): predicted " + shortNumber(Predicted) + ", limit " +
         shortNumber(LimitValue) + ", over by " + shortNumber(margin()) + Pct +
         " on " + Gpu;
}

namespace {
/// Reads the numbers a budget needs out of one report kernel.
bool readFacts(JsonReader &R, const nlohmann::json &K, const std::string &P,
               KernelFacts &F) {
  auto Str = [&](const nlohmann::json &Obj, const std::string &Path,
                 const char *Key, std::string &Into, bool Required) {
    if (const nlohmann::json *V = R.member(Obj, Path, Key, Required))
      if (auto S = R.string(*V, childPath(Path, Key)))
        Into = *S;
  };
  auto Num = [&](const char *Section, const char *Key, double &Into) {
    std::string SP = childPath(P, Section);
    if (const nlohmann::json *S = R.member(K, P, Section, true))
      if (const nlohmann::json *V = R.member(*S, SP, Key, true))
        if (auto N = R.number(*V, childPath(SP, Key), -1e300, 1e300))
          Into = *N;
  };
  Str(K, P, "name", F.Name, true);
  Str(K, P, "demangled", F.Demangled, false);
  // "location" is null when the plugin had no debug info.
  const nlohmann::json *L = R.member(K, P, "location", false);
  if (L && !L->is_null()) {
    std::string LP = childPath(P, "location");
    Str(*L, LP, "file", F.File, false);
    if (const nlohmann::json *V = R.member(*L, LP, "line", false))
      if (auto N = R.number(*V, childPath(LP, "line"), 0, 1e9, true))
        F.Line = static_cast<unsigned>(*N);
    if (const nlohmann::json *V = R.member(*L, LP, "column", false))
      if (auto N = R.number(*V, childPath(LP, "column"), 0, 1e9, true))
        F.Column = static_cast<unsigned>(*N);
  }
  // Total power, the launch average (efficiency.total_power_w); reports
  // written before it was there: the power section's estimate.
  const nlohmann::json *Eff =
      K.is_object() && K.contains("efficiency") ? &K["efficiency"] : nullptr;
  if (Eff && Eff->is_object() && Eff->contains("total_power_w"))
    Num("efficiency", "total_power_w", F.TotalPowerW);
  else
    Num("power", "total_power_w", F.TotalPowerW);
  Num("efficiency", "energy_j", F.EnergyJ);
  Num("efficiency", "gips_per_w", F.GipsPerW);
  Num("timing", "exec_time_s", F.ExecTimeS);
  Num("launch", "active_sms", F.ActiveSms);
  Num("advice", "optimal_active_sms", F.OptimalSms);
  // The `optimization` assumption (docs/report-format.md): "O0" when the
  // plugin analysed unoptimised code.
  if (auto A = K.find("assumptions"); A != K.end() && A->is_object())
    if (auto O = A->find("optimization"); O != A->end() && O->is_object())
      if (auto V = O->find("value"); V != O->end() && V->is_string())
        F.Unoptimised = V->get<std::string>() == "O0";
  return R.ok();
}

/// Obj's member Key when Obj is an object and it is a string, else "" (a
/// malformed name is reported where the kernel's facts are read).
std::string stringMember(const nlohmann::json &Obj, const char *Key) {
  if (!Obj.is_object())
    return "";
  auto It = Obj.find(Key);
  return It != Obj.end() && It->is_string() ? It->get<std::string>() : "";
}
} // namespace

bool readReportKernels(const nlohmann::json &Report,
                       const std::string &ReportFile, std::string &Gpu,
                       std::vector<KernelFacts> &Out, std::string &Error) {
  JsonReader R(ReportFile);
  if (const nlohmann::json *S = R.member(Report, "$", "schema", true))
    if (auto V = R.string(*S, "$.schema"); V && *V != "gpa-report/1")
      R.fail("$.schema", "\"gpa-report/1\"");
  if (const nlohmann::json *G = R.member(Report, "$", "gpu", true))
    if (auto V = R.string(*G, "$.gpu"))
      Gpu = *V;
  const nlohmann::json *Kernels = R.member(Report, "$", "kernels", true);
  if (Kernels && !Kernels->is_array())
    R.fail("$.kernels", "an array");
  // Budgets hold for real launches: a kernel whose launch sites the host
  // compilation evaluated (`launch_sites`, docs/findings.md) is checked at
  // each site instead of at its assumed launch.
  std::vector<std::pair<const nlohmann::json *, std::string>> Checked;
  std::set<std::string> Launched;
  const nlohmann::json *Sites = R.member(Report, "$", "launch_sites", false);
  if (Sites && !Sites->is_array())
    R.fail("$.launch_sites", "an array");
  for (std::size_t I = 0; R.ok() && Sites && I < Sites->size(); ++I) {
    Checked.push_back(
        {&(*Sites)[I], "$.launch_sites[" + std::to_string(I) + "]"});
    Launched.insert(stringMember((*Sites)[I], "name"));
  }
  for (std::size_t I = 0; R.ok() && Kernels && I < Kernels->size(); ++I)
    if (!(*Kernels)[I].is_object() ||
        !Launched.count(stringMember((*Kernels)[I], "name")))
      Checked.push_back(
          {&(*Kernels)[I], "$.kernels[" + std::to_string(I) + "]"});
  for (const auto &[Kernel, Path] : Checked) {
    KernelFacts F;
    if (!readFacts(R, *Kernel, Path, F))
      break;
    Out.push_back(std::move(F));
  }
  if (!R.ok()) {
    Error = R.error();
    return false;
  }
  return true;
}

BudgetViolation violationOf(const KernelFacts &F, const std::string &Gpu,
                            const char *Limit, double LimitValue,
                            double Predicted) {
  BudgetViolation V;
  V.Kernel = F.Name;
  V.Demangled = F.Demangled;
  V.File = F.File;
  V.Line = F.Line;
  V.Column = F.Column;
  V.Gpu = Gpu;
  V.Limit = Limit;
  V.LimitValue = LimitValue;
  V.Predicted = Predicted;
  V.Unoptimised = F.Unoptimised;
  return V;
}

/// The live waiver (if any) covering Limit for kernel F.
static const BudgetWaiver *findWaiver(const Budget &B, const KernelFacts &F,
                                      const std::string &Limit,
                                      const std::string &Today) {
  for (const BudgetWaiver &W : B.Waivers) {
    if (!W.Expires.empty() && W.Expires < Today)
      continue;
    if (!kernelNameMatches(W.KernelGlob, F.Name, F.Demangled))
      continue;
    if (W.Limits.empty() ||
        std::find(W.Limits.begin(), W.Limits.end(), Limit) != W.Limits.end())
      return &W;
  }
  return nullptr;
}

bool checkReport(const nlohmann::json &Report, const std::string &ReportFile,
                 const Budget &B, BudgetCheck &Out, std::string &Error) {
  std::string Gpu;
  std::vector<KernelFacts> Kernels;
  if (!readReportKernels(Report, ReportFile, Gpu, Kernels, Error))
    return false;
  checkKernels(Kernels, Gpu, ReportFile, B, Out);
  return true;
}

void checkKernels(const std::vector<KernelFacts> &Kernels,
                  const std::string &Gpu, const std::string &ReportFile,
                  const Budget &B, BudgetCheck &Out) {
  std::string Today = B.Waivers.empty() ? "" : todayUtc();
  for (const KernelFacts &F : Kernels) {
    ++Out.KernelsChecked;
    bool Matched = false;
    for (std::size_t RI = 0; RI < B.Rules.size(); ++RI) {
      const BudgetRule &Rule = B.Rules[RI];
      if (!kernelNameMatches(Rule.KernelGlob, F.Name, F.Demangled))
        continue;
      Matched = true;
      auto Add = [&](const char *Limit, double LimitValue, double Predicted) {
        BudgetViolation V = violationOf(F, Gpu, Limit, LimitValue, Predicted);
        V.Pattern = Rule.KernelGlob;
        V.RuleIndex = RI;
        V.ReportFile = ReportFile;
        if (const BudgetWaiver *W = findWaiver(B, F, Limit, Today)) {
          V.WaiverReason = W->Reason;
          Out.Waived.push_back(std::move(V));
        } else {
          Out.Violations.push_back(std::move(V));
        }
      };
      if (Rule.MaxTotalPowerW && F.TotalPowerW > *Rule.MaxTotalPowerW)
        Add("max_total_power_w", *Rule.MaxTotalPowerW, F.TotalPowerW);
      if (Rule.MaxEnergyJ && F.EnergyJ > *Rule.MaxEnergyJ)
        Add("max_energy_j", *Rule.MaxEnergyJ, F.EnergyJ);
      if (Rule.MinGipsPerW && F.GipsPerW < *Rule.MinGipsPerW)
        Add("min_gips_per_w", *Rule.MinGipsPerW, F.GipsPerW);
      if (Rule.MaxExecTimeS && F.ExecTimeS > *Rule.MaxExecTimeS)
        Add("max_exec_time_s", *Rule.MaxExecTimeS, F.ExecTimeS);
      if (Rule.RequireOptimalSms && F.ActiveSms > F.OptimalSms)
        Add("require_optimal_sms", F.OptimalSms, F.ActiveSms);
    }
    if (Matched) {
      ++Out.KernelsMatched;
      Out.MatchedKernels.push_back(F.Name);
    }
  }
}

std::string todayUtc() {
  std::time_t Now = std::time(nullptr);
  std::tm Utc{};
  gmtime_r(&Now, &Utc);
  char Buffer[16];
  std::strftime(Buffer, sizeof(Buffer), "%Y-%m-%d", &Utc);
  return Buffer;
}

void checkWaiverExpiry(const Budget &B, const std::string &Today,
                       BudgetCheck &Out) {
  for (std::size_t I = 0; I < B.Waivers.size(); ++I) {
    const BudgetWaiver &W = B.Waivers[I];
    if (!W.Expires.empty() && W.Expires < Today)
      Out.ExpiredWaivers.push_back(B.File + ": $.waivers[" + std::to_string(I) +
                                   "]: waiver for '" + W.KernelGlob +
                                   "' expired on " + W.Expires + " (" +
                                   W.Reason + "): renew or remove it");
  }
}

} // namespace gpa
