//===- FuzzReportJson.cpp - libFuzzer target: gpa-report/1 JSON -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/Budget.h"
#include "gpa/JsonReader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  // A fixed budget with every kind of limit, checked against the fuzzed
  // report as `gpa check` does.
  static const gpa::Budget B = [] {
    std::string Error;
    auto Doc = gpa::parseJsonText(
        R"({"schema": "gpa-budget/1", "budgets": [
             {"kernel": "*", "max_total_power_w": 300, "max_energy_j": 1,
              "min_gips_per_w": 0.1, "max_exec_time_s": 1},
             {"kernel": "dot*", "require_optimal_sms": true}]})",
        "budget.json", Error);
    gpa::Budget Out;
    if (!Doc || !gpa::parseBudget(*Doc, "budget.json", Out, Error))
      std::abort();
    return Out;
  }();
  std::string Error;
  auto Doc = gpa::parseJsonText(gpa::fuzz::text(Data, Size), "r.json", Error);
  if (!Doc)
    return 0;
  gpa::BudgetCheck Check;
  (void)gpa::checkReport(*Doc, "r.json", B, Check, Error);
  return 0;
}
