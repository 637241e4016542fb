//===- ReportTest.cpp - gpa-report/1 and deterministic JSON ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"
#include "gpa/CanonicalJson.h"
#include "gpa/Report.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <stdexcept>

using namespace gpa;
using nlohmann::json;

TEST(CanonicalJson, SortsKeysAndFormatsNumbersFixed) {
  json J = {{"b", 1.0 / 3}, {"a", 2}, {"c", {{"z", -0.0}, {"y", nullptr}}}};
  EXPECT_EQ(toCanonicalJson(J), "{\n"
                                "  \"a\": 2,\n"
                                "  \"b\": 0.333333333,\n"
                                "  \"c\": {\n"
                                "    \"y\": null,\n"
                                "    \"z\": 0\n"
                                "  }\n"
                                "}\n");
  EXPECT_EQ(formatNumber(1e-20), "1e-20");
  EXPECT_EQ(formatNumber(2054.83), "2054.83");
}

// A report never carries null where a number is expected (issue 16, s.4):
// NaN and inf are refused at writing time, naming where they are.
TEST(CanonicalJson, RefusesNonFiniteNumbers) {
  json J = {{"kernels", {{{"power_w", 1.0}}, {{"power_w", NAN}}}}};
  EXPECT_EQ(nonFinitePath(J), "$.kernels[1].power_w");
  EXPECT_THROW(toCanonicalJson(J), std::domain_error);
  J["kernels"][1]["power_w"] = -INFINITY;
  EXPECT_EQ(nonFinitePath(J), "$.kernels[1].power_w");
  J["kernels"][1]["power_w"] = 2.0;
  EXPECT_EQ(nonFinitePath(J), "");
  EXPECT_NO_THROW(toCanonicalJson(J));
}

TEST(Report, HasTheDocumentedShape) {
  KernelAnalysis A;
  std::string Error;
  ASSERT_TRUE(analyzeKernel(test::dotpProfile(), test::gtx280(), {}, A, Error));
  json R = reportJson(test::gtx280(), {A});
  EXPECT_EQ(R["schema"], "gpa-report/1");
  EXPECT_EQ(R["gpu"], "gtx280");
  EXPECT_EQ(R["calibrated"], true);
  const json &K = R["kernels"][0];
  for (const char *Key : {"threads_per_block", "blocks", "active_blocks_per_sm",
                          "active_sms", "warps_per_sm"})
    EXPECT_TRUE(K["launch"].contains(Key)) << Key;
  for (const char *Key : {"mwp", "mwp_without_bw", "mwp_peak_bw", "cwp", "case",
                          "exec_cycles", "exec_time_s"})
    EXPECT_TRUE(K["timing"].contains(Key)) << Key;
  EXPECT_EQ(K["timing"]["case"], 2);
  // Eq. (34)'s closed form is reported; the recommendation is the decision's
  // (this Dotp's best change saves under min_saving: as written).
  EXPECT_EQ(K["advice"]["eq34_active_sms"], 20);
  EXPECT_EQ(K["advice"]["bandwidth_bound"], true);
  EXPECT_EQ(K["advice"]["change"], false);
  EXPECT_EQ(K["advice"]["optimal_active_sms"], 30);
  EXPECT_EQ(K["advice"]["mechanism"], "sm");
  EXPECT_EQ(K["advice"]["objective"], "energy");
  EXPECT_EQ(K["advice"]["reason"].get<std::string>().rfind(
                "launch as written is best: ", 0),
            0u);
  EXPECT_EQ(K["advice"]["energy_savings_pct"]["runtime_idle"], 0);
  EXPECT_EQ(K["sweep"].size(), 30u); // gtx280: any SM count (no green ctx)
  EXPECT_EQ(K["sweep"][19]["active_sms"], 20);
  EXPECT_EQ(K["sweep"][19]["blocks"], 30);
  // components_w lists every powered unit plus register_file, fds, const_sm
  // and sums to runtime_power_w.
  double Sum = 0;
  for (auto &[Key, W] : K["power"]["components_w"].items())
    Sum += W.get<double>();
  EXPECT_NEAR(Sum, K["power"]["runtime_power_w"].get<double>(), 1e-9);
  EXPECT_TRUE(K["power"]["components_w"].contains("const_sm"));
  EXPECT_FALSE(K["power"]["components_w"].contains("other"));
}

TEST(Report, IsByteIdenticalAcrossRuns) {
  std::string First, Second;
  for (std::string *Out : {&First, &Second}) {
    KernelAnalysis A;
    std::string Error;
    ASSERT_TRUE(analyzeKernel(test::dotpProfile(), test::a100(), {}, A, Error));
    *Out = toCanonicalJson(reportJson(test::a100(), {A}));
  }
  EXPECT_EQ(First, Second);
  EXPECT_EQ(First.find("\"calibrated\": false"), First.find("\"calibrated\""));
}

// Reports are written one kernel at a time (ReportStream, issue 16 §4); the
// text must be byte-identical to the whole document rendered at once.
TEST(Report, StreamedReportIsByteIdenticalToTheWholeDocument) {
  std::vector<AnalyzedKernel> Kernels(3);
  for (std::size_t I = 0; I < Kernels.size(); ++I) {
    std::string Error;
    KernelProfile P = test::dotpProfile();
    P.Name += std::to_string(I);
    ASSERT_TRUE(analyzeKernel(P, test::a100(), {}, Kernels[I].Analysis, Error));
    Kernels[I].Assumptions.push_back(
        {"gpu", false, 0, "a100", "--gpu", "given"});
  }
  Kernels[1].Location = KernelLocation{"k.cu", 7};
  Kernels[2].Findings = std::vector<FindingRecord>{{"rule", "msg", "", 0, 0}};
  for (std::size_t N : {0, 1, 3}) {
    json Whole = reportJson(test::a100(), {});
    std::ostringstream Streamed;
    ReportStream S(Streamed, test::a100());
    for (std::size_t I = 0; I < N; ++I) {
      Whole["kernels"].push_back(analyzedKernelJson(Kernels[I], test::a100()));
      S.add(Kernels[I]);
    }
    S.finish();
    EXPECT_EQ(Streamed.str(), toCanonicalJson(Whole)) << N << " kernels";
  }
  // counts_per_thread is written once: the memory facts either there or in
  // their own section.
  Kernels[0].MemorySection = true;
  json K = analyzedKernelJson(Kernels[0], test::a100());
  EXPECT_FALSE(K["counts_per_thread"].contains("uncoalesced_mem"));
  EXPECT_TRUE(K["memory"].contains("uncoalesced_per_thread"));
}
