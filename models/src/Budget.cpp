//===- Budget.cpp - Power budgets and their enforcement -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Budget.h"

#include "gpa/JsonReader.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>

namespace gpa {

static const char *const RuleKeys =
    "kernel,max_total_power_w,max_energy_j,min_gips_per_w,max_exec_time_s,"
    "require_optimal_sms,description";

bool parseBudget(const nlohmann::json &Doc, const std::string &File,
                 Budget &Out, std::string &Error) {
  JsonReader R(File);
  Budget B;
  B.File = File;
  if (const nlohmann::json *S = R.member(Doc, "$", "schema", true))
    if (auto V = R.string(*S, "$.schema"); V && *V != "gpa-budget/1")
      R.fail("$.schema", "\"gpa-budget/1\"");
  R.rejectUnknownKeys(Doc, "$", "schema,budgets,description");
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

static bool matchSet(const std::string &P, std::size_t &I, char C) {
  // P[I] is just after '['; on return I is just after ']'.
  bool Negate = I < P.size() && (P[I] == '!' || P[I] == '^');
  if (Negate)
    ++I;
  bool Found = false;
  bool First = true;
  while (I < P.size() && (P[I] != ']' || First)) {
    First = false;
    char Lo = P[I], Hi = Lo;
    if (I + 2 < P.size() && P[I + 1] == '-' && P[I + 2] != ']') {
      Hi = P[I + 2];
      I += 2;
    }
    Found |= Lo <= C && C <= Hi;
    ++I;
  }
  ++I; // ']'
  return Found != Negate;
}

bool globMatch(const std::string &P, const std::string &T) {
  // Iterative matcher with one backtrack point for the last '*'.
  std::size_t Pi = 0, Ti = 0, StarP = std::string::npos, StarT = 0;
  while (Ti < T.size()) {
    if (Pi < P.size() && P[Pi] == '*') {
      StarP = Pi++;
      StarT = Ti;
      continue;
    }
    if (Pi < P.size() && P[Pi] == '[' &&
        P.find(']', Pi + 2) != std::string::npos) {
      std::size_t Next = Pi + 1;
      if (matchSet(P, Next, T[Ti])) {
        Pi = Next;
        ++Ti;
        continue;
      }
    } else if (Pi < P.size() && (P[Pi] == '?' || P[Pi] == T[Ti])) {
      ++Pi;
      ++Ti;
      continue;
    }
    if (StarP == std::string::npos)
      return false;
    Pi = StarP + 1;
    Ti = ++StarT;
  }
  while (Pi < P.size() && P[Pi] == '*')
    ++Pi;
  return Pi == P.size();
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
  std::string Where = File.empty() ? ReportFile : File;
  if (!File.empty() && Line)
    Where += ":" + std::to_string(Line);
  std::string Name = Demangled.empty() ? Kernel : Demangled;
  std::string Pct = LimitValue > 0
                        ? " (" + shortNumber(margin() / LimitValue * 100) + "%)"
                        : "";
  if (Limit == "require_optimal_sms")
    return Where + ": " + Name + ": require_optimal_sms (budget '" + Pattern +
           "'): launched on " + shortNumber(Predicted) + " SMs, recommended " +
           shortNumber(LimitValue) + " SMs on " + Gpu;
  return Where + ": " + Name + ": " + Limit + " exceeded (budget '" + Pattern +
         "'): predicted " + shortNumber(Predicted) + ", limit " +
         shortNumber(LimitValue) + ", over by " + shortNumber(margin()) + Pct +
         " on " + Gpu;
}

namespace {
/// Reads the numbers a budget needs out of one report kernel.
struct KernelFacts {
  std::string Name, Demangled, File;
  unsigned Line = 0;
  double TotalPowerW = 0, EnergyJ = 0, GipsPerW = 0, ExecTimeS = 0;
  double ActiveSms = 0, OptimalSms = 0;
};

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
  }
  Num("power", "total_power_w", F.TotalPowerW);
  Num("efficiency", "energy_j", F.EnergyJ);
  Num("efficiency", "gips_per_w", F.GipsPerW);
  Num("timing", "exec_time_s", F.ExecTimeS);
  Num("launch", "active_sms", F.ActiveSms);
  Num("advice", "optimal_active_sms", F.OptimalSms);
  return R.ok();
}
} // namespace

bool checkReport(const nlohmann::json &Report, const std::string &ReportFile,
                 const Budget &B, BudgetCheck &Out, std::string &Error) {
  JsonReader R(ReportFile);
  std::string Gpu;
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
    if ((*Sites)[I].is_object())
      Launched.insert((*Sites)[I].value("name", ""));
  }
  for (std::size_t I = 0; R.ok() && Kernels && I < Kernels->size(); ++I)
    if (!(*Kernels)[I].is_object() ||
        !Launched.count((*Kernels)[I].value("name", "")))
      Checked.push_back(
          {&(*Kernels)[I], "$.kernels[" + std::to_string(I) + "]"});
  for (const auto &[Kernel, Path] : Checked) {
    KernelFacts F;
    if (!readFacts(R, *Kernel, Path, F))
      break;
    ++Out.KernelsChecked;
    bool Matched = false;
    for (std::size_t RI = 0; RI < B.Rules.size(); ++RI) {
      const BudgetRule &Rule = B.Rules[RI];
      if (!globMatch(Rule.KernelGlob, F.Name) &&
          !(F.Demangled.size() && globMatch(Rule.KernelGlob, F.Demangled)))
        continue;
      Matched = true;
      auto Add = [&](const char *Limit, double LimitValue, double Predicted) {
        BudgetViolation V{
            F.Name,     F.Demangled, F.File,          F.Line, Gpu,       Limit,
            LimitValue, Predicted,   Rule.KernelGlob, RI,     ReportFile};
        Out.Violations.push_back(std::move(V));
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
  if (!R.ok()) {
    Error = R.error();
    return false;
  }
  return true;
}

} // namespace gpa
