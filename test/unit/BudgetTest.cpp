//===- BudgetTest.cpp - Budget files, globs and checks --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"
#include "gpa/Budget.h"
#include "gpa/Report.h"

#include <gtest/gtest.h>

using namespace gpa;
using nlohmann::json;

TEST(Budget, GlobMatching) {
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_TRUE(globMatch("*", "_Z5saxpyifPfS_"));
  EXPECT_TRUE(globMatch("*saxpy*", "_Z5saxpyifPfS_"));
  EXPECT_TRUE(globMatch("saxpy(*)", "saxpy(int, float, float*, float*)"));
  EXPECT_TRUE(globMatch("k?", "k1"));
  EXPECT_FALSE(globMatch("k?", "k"));
  EXPECT_TRUE(globMatch("k[0-9]", "k7"));
  EXPECT_FALSE(globMatch("k[!0-9]", "k7"));
  EXPECT_TRUE(globMatch("a*b*c", "axxbyyc"));
  EXPECT_FALSE(globMatch("a*b*c", "axxbyy"));
  EXPECT_FALSE(globMatch("dotp", "dotp2"));
}

static std::string budgetError(const std::string &Text) {
  Budget B;
  std::string Error;
  if (parseBudget(json::parse(Text), "b.json", B, Error))
    return "";
  return Error;
}

TEST(Budget, ParseErrorsNameKeyAndExpectation) {
  EXPECT_EQ(budgetError(R"({"schema": "gpa-budget/2", "budgets": []})"),
            "b.json: $.schema: expected \"gpa-budget/1\"");
  EXPECT_EQ(budgetError(R"({"schema": "gpa-budget/1", "budgets": [
      {"kernel": "*", "max_total_power_w": -5}]})"),
            "b.json: $.budgets[0].max_total_power_w: expected a number in "
            "[0, 1e+300], got -5");
  EXPECT_EQ(budgetError(R"({"schema": "gpa-budget/1", "budgets": [
      {"kernel": "*"}]})")
                .rfind("b.json: $.budgets[0]: expected at least one limit", 0),
            0u);
  EXPECT_EQ(budgetError(R"({"schema": "gpa-budget/1", "budgets": [
      {"kernel": "*", "max_watts": 3}]})")
                .rfind("b.json: $.budgets[0].max_watts: expected one of", 0),
            0u);
  EXPECT_EQ(
      budgetError(R"({"schema": "gpa-budget/1", "budgets": [
      {"max_energy_j": 1}]})"),
      "b.json: $.budgets[0].kernel: expected a value (the key is missing)");
}

namespace {
json dotpReport() {
  KernelAnalysis A;
  std::string Error;
  // The Table 4 Dotp: the decision moves it to fewer SMs (sm mechanism).
  EXPECT_TRUE(
      analyzeKernel(test::dotpTable4Profile(), test::gtx280(), {}, A, Error));
  return reportJson(test::gtx280(), {A});
}

BudgetCheck check(const std::string &Rules) {
  Budget B;
  std::string Error;
  EXPECT_TRUE(parseBudget(
      json::parse(R"({"schema": "gpa-budget/1", "budgets": )" + Rules + "}"),
      "b.json", B, Error))
      << Error;
  BudgetCheck C;
  EXPECT_TRUE(checkReport(dotpReport(), "r.json", B, C, Error)) << Error;
  return C;
}
} // namespace

TEST(Budget, EachLimitKindIsEnforced) {
  json K = dotpReport()["kernels"][0];
  double Power = K["power"]["total_power_w"],
         Energy = K["efficiency"]["energy_j"],
         GipsW = K["efficiency"]["gips_per_w"],
         Time = K["timing"]["exec_time_s"];
  auto Json = [](double V) { return json(V).dump(); };
  struct Case {
    std::string Rule, Limit;
  } Cases[] = {
      {R"({"kernel": "dotp", "max_total_power_w": )" + Json(Power * 0.9) + "}",
       "max_total_power_w"},
      {R"({"kernel": "dotp", "max_energy_j": )" + Json(Energy * 0.9) + "}",
       "max_energy_j"},
      {R"({"kernel": "dotp", "min_gips_per_w": )" + Json(GipsW * 1.1) + "}",
       "min_gips_per_w"},
      {R"({"kernel": "dotp", "max_exec_time_s": )" + Json(Time * 0.9) + "}",
       "max_exec_time_s"},
      // Launched on all 30 SMs; the decision recommends fewer.
      {R"({"kernel": "dotp", "require_optimal_sms": true})",
       "require_optimal_sms"}};
  for (const Case &C : Cases) {
    BudgetCheck Result = check("[" + C.Rule + "]");
    ASSERT_EQ(Result.Violations.size(), 1u) << C.Rule;
    EXPECT_EQ(Result.Violations[0].Limit, C.Limit);
    EXPECT_GT(Result.Violations[0].margin(), 0) << C.Limit;
  }
  // The same limits with headroom hold.
  BudgetCheck Pass = check(
      "[{\"kernel\": \"dotp\", \"max_total_power_w\": " + Json(Power * 1.1) +
      ", \"max_energy_j\": " + Json(Energy * 1.1) + ", \"min_gips_per_w\": " +
      Json(GipsW * 0.9) + ", \"max_exec_time_s\": " + Json(Time * 1.1) + "}]");
  EXPECT_TRUE(Pass.Violations.empty());
  EXPECT_EQ(Pass.KernelsMatched, 1u);
}

TEST(Budget, RulesApplyOnlyToMatchingKernels) {
  BudgetCheck C = check(R"([{"kernel": "saxpy*", "max_total_power_w": 1}])");
  EXPECT_TRUE(C.Violations.empty());
  EXPECT_EQ(C.KernelsChecked, 1u);
  EXPECT_EQ(C.KernelsMatched, 0u);
  C = check(R"([{"kernel": "d?tp", "max_total_power_w": 1},
               {"kernel": "*", "max_total_power_w": 2}])");
  EXPECT_EQ(C.Violations.size(), 2u);
  EXPECT_EQ(C.Violations[1].Pattern, "*");
}

TEST(Budget, MalformedReportsAreErrors) {
  Budget B;
  std::string Error;
  ASSERT_TRUE(parseBudget(json::parse(R"({"schema": "gpa-budget/1", "budgets":
      [{"kernel": "*", "max_energy_j": 1}]})"),
                          "b.json", B, Error));
  json R = dotpReport();
  // Without the total power (efficiency.total_power_w) a report is read
  // as one written before it: through power.total_power_w, required then.
  R["kernels"][0]["efficiency"].erase("total_power_w");
  R["kernels"][0]["power"].erase("total_power_w");
  BudgetCheck C;
  EXPECT_FALSE(checkReport(R, "r.json", B, C, Error));
  EXPECT_EQ(Error, "r.json: $.kernels[0].power.total_power_w: expected a value "
                   "(the key is missing)");
}

// The plugin's -gpa-budget checks typed results (gpa/AnalyzedKernel.h's
// kernelFacts) without building a report; it must find exactly what
// `gpa check` finds in the report rendered from the same result.
TEST(Budget, TypedResultsGiveTheReportsViolations) {
  AnalyzedKernel K;
  std::string Error;
  ASSERT_TRUE(analyzeKernel(test::dotpTable4Profile(), test::gtx280(), {},
                            K.Analysis, Error));
  K.Demangled = "dotp(float const*, float const*, float*)";
  K.Location = KernelLocation{"dotp.cu", 12};
  const char *Rules = R"J({"schema": "gpa-budget/1", "budgets": [
      {"kernel": "dotp(*)", "max_total_power_w": 1,
       "require_optimal_sms": true}]})J";
  Budget B;
  ASSERT_TRUE(parseBudget(json::parse(Rules), "b.json", B, Error)) << Error;
  BudgetCheck Typed, FromReport;
  checkKernels({kernelFacts(K)}, test::gtx280().Name, "dotp.cu", B, Typed);
  json Report = reportJson(test::gtx280(), {});
  Report["kernels"].push_back(analyzedKernelJson(K, test::gtx280()));
  ASSERT_TRUE(checkReport(Report, "dotp.cu", B, FromReport, Error)) << Error;
  // Both limits are exceeded: the Table 4 Dotp draws far more than 1 W and
  // the decision moves it to fewer SMs than the 30 it launches on.
  ASSERT_EQ(Typed.Violations.size(), 2u);
  ASSERT_EQ(FromReport.Violations.size(), Typed.Violations.size());
  for (std::size_t I = 0; I < Typed.Violations.size(); ++I)
    EXPECT_EQ(Typed.Violations[I].message(),
              FromReport.Violations[I].message());
  EXPECT_NE(Typed.Violations[0].message().find("dotp.cu:12: dotp(float"),
            std::string::npos);
}
