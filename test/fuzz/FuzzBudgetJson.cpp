//===- FuzzBudgetJson.cpp - libFuzzer target: power budget JSON -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "gpa/Budget.h"
#include "gpa/JsonReader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Error;
  auto Doc = gpa::parseJsonText(gpa::fuzz::text(Data, Size), "b.json", Error);
  gpa::Budget B;
  if (!Doc || !gpa::parseBudget(*Doc, "b.json", B, Error))
    return 0;
  // Rules with fuzzed globs and limits against a fixed one-kernel report.
  static const nlohmann::json Report = [] {
    gpa::KernelProfile P;
    P.Name = "_Z4dotpPfS_";
    P.Launch.ThreadsPerBlock = 256;
    P.Launch.Blocks = 432;
    P.PerThread[gpa::index(gpa::Unit::Fp)] = 8;
    P.PerThread[gpa::index(gpa::Unit::GlobalMem)] = 2;
    gpa::KernelAnalysis A;
    std::string E;
    if (!gpa::analyzeKernel(P, gpa::fuzz::a100(), {}, A, E))
      std::abort();
    return gpa::reportJson(gpa::fuzz::a100(), {A});
  }();
  gpa::BudgetCheck Check;
  (void)gpa::checkReport(Report, "r.json", B, Check, Error);
  return 0;
}
