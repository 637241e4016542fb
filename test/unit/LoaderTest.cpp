//===- LoaderTest.cpp - GPU model and profile files -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Malformed input must give "FILE: $.json.path: expected WHAT", never a crash.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/BundledModels.h"
#include "gpa/GpuModelLoader.h"
#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"

#include <gtest/gtest.h>

using namespace gpa;
using nlohmann::json;

namespace {
std::string profileError(const std::string &Text) {
  std::string Error;
  auto Doc = parseJsonText(Text, "p.json", Error);
  if (!Doc)
    return Error;
  std::vector<KernelProfile> Out;
  if (parseKernelProfiles(*Doc, "p.json", Out, Error))
    return "";
  return Error;
}

json bundledDocument(const std::string &Name) {
  for (const BundledModelText &M : bundledModelTexts())
    if (M.Name == Name)
      return json::parse(M.Json);
  ADD_FAILURE() << "no bundled model " << Name;
  return json();
}

std::string modelError(const json &Doc) {
  GpuModel G;
  std::string Error;
  if (parseGpuModel(Doc, "m.json", G, Error))
    return "";
  return Error;
}

const char *const Dotp =
    R"({"name": "dotp", "launch": {"threads_per_block": 512, "blocks": 30},
        "per_thread": {"int": 5, "fp": 1, "global_mem": 3}})";
} // namespace

// The embedded table's architecture and SM count (cmake/EmbedModels.cmake,
// read from each file by CMake) are what the loader reads from the file:
// inferredGpuCaveat chooses among boards from the table alone.
TEST(Loader, EmbeddedTableMatchesEachModel) {
  for (const BundledModelText &M : bundledModelTexts()) {
    GpuModel G;
    std::string Error;
    ASSERT_TRUE(loadBundledModel(std::string(M.Name), G, Error)) << Error;
    EXPECT_EQ(M.SmVersion, G.SmVersion) << M.Name;
    EXPECT_EQ(M.NumSms, G.NumSms) << M.Name;
  }
}

TEST(Loader, BundledModelsAllLoad) {
  std::vector<std::string> Names = bundledModelNames();
  // The architecture files and the board catalogue (docs/gpu-catalogue.md).
  EXPECT_EQ(Names, (std::vector<std::string>{"a10",
                                             "a100",
                                             "a100-pcie-40gb",
                                             "a100-pcie-80gb",
                                             "a100-sxm4-80gb",
                                             "gtx-980-ti",
                                             "gtx-titan-x",
                                             "gtx280",
                                             "gtx580",
                                             "h100",
                                             "h100-nvl",
                                             "h100-pcie",
                                             "h200",
                                             "l4",
                                             "l40s",
                                             "quadro-m6000",
                                             "quadro-m6000-24gb",
                                             "rtx-4000-ada",
                                             "rtx-a4000",
                                             "rtx-a6000",
                                             "rtx3080",
                                             "rtx3090",
                                             "rtx4090",
                                             "t4",
                                             "tesla-c2050",
                                             "titan-v",
                                             "v100",
                                             "v100-pcie"}));
  for (const std::string &Name : Names) {
    GpuModel G;
    std::string Error;
    EXPECT_TRUE(loadBundledModel(Name, G, Error)) << Error;
    EXPECT_EQ(G.Name, Name);
    // Power parameters fitted to measurements: the GTX280 (IPP), the two
    // gpmTOOL GPUs (seed 002) and the other boards of their chips (GV100:
    // the Titan V calibration; GM200: the GTX Titan X's, issue 27; the H100 and
    // H200: its own session's microbenchmarks, and the H100 PCIe and NVL the
    // H100 SXM5's, scripts/gh100_power.py); not the seed 001/003 Fermi files.
    EXPECT_EQ(G.Calibrated,
              Name == "gtx280" || Name == "gtx-titan-x" || Name == "titan-v" ||
                  Name == "v100" || Name == "v100-pcie" ||
                  Name == "gtx-980-ti" || Name == "quadro-m6000" ||
                  Name == "quadro-m6000-24gb" || Name == "h100" ||
                  Name == "h200" || Name == "h100-pcie" || Name == "h100-nvl")
        << Name;
  }
}

TEST(Loader, UnknownGpuListsTheKnownOnes) {
  GpuModel G;
  std::string Error;
  EXPECT_FALSE(loadGpuModel("rtx9090", G, Error));
  EXPECT_NE(Error.find("unknown GPU 'rtx9090'"), std::string::npos);
  EXPECT_NE(Error.find("a10, a100, a100-pcie-40gb,"), std::string::npos);
}

TEST(Loader, ClosestBundledModelFollowsTheTargetArch) {
  EXPECT_EQ(closestBundledModel(80), "a100");
  EXPECT_EQ(closestBundledModel(86), "a10"); // GA102, not GA100
  EXPECT_EQ(closestBundledModel(75), "t4");
  EXPECT_EQ(closestBundledModel(72), "v100");
  EXPECT_EQ(closestBundledModel(90), "h100");
  EXPECT_EQ(closestBundledModel(120), "h100");
  // sm_52: the GM200 boards, all priced with the GTX Titan X calibration;
  // the shortest name is the generic one (an unknown device then takes the
  // nearest SM count among them, DeviceCatalog.cpp).
  EXPECT_EQ(closestBundledModel(52), "gtx-980-ti");
  // Fermi (sm_20: gtx580 and tesla-c2050; on a tie the shorter name, as
  // for the board catalogue's generic files) is closer to sm_35 than GT200.
  EXPECT_EQ(closestBundledModel(35), "gtx580");
  EXPECT_EQ(closestBundledModel(13), "gtx280");
  EXPECT_EQ(closestBundledModel(10), "gtx280"); // older than all: the oldest
}

TEST(Loader, ModelErrorsNameTheKeyAndTheExpectation) {
  json Doc = bundledDocument("gtx280");
  Doc["sm"].erase("num_sms");
  EXPECT_EQ(modelError(Doc),
            "m.json: $.sm.num_sms: expected a value (the key is missing)");

  Doc = bundledDocument("gtx280");
  Doc["memory"]["bandwidth_gbps"]["value"] = "fast";
  EXPECT_EQ(modelError(Doc), "m.json: $.memory.bandwidth_gbps.value: expected "
                             "a number in [0.001, 1e+06], got string");

  Doc = bundledDocument("gtx280");
  Doc["power"]["components"]["fp"]["max_power_w"] = -1;
  EXPECT_EQ(modelError(Doc), "m.json: $.power.components.fp.max_power_w: "
                             "expected a number in [0, 100000], got -1");

  Doc = bundledDocument("gtx280");
  Doc["sm"]["clock_ghz"]["source"] = "";
  EXPECT_NE(modelError(Doc).find("$.sm.clock_ghz.source: expected a non-empty"),
            std::string::npos);

  Doc = bundledDocument("gtx280");
  Doc["sm"]["register_alloc_scope"]["value"] = "thread";
  EXPECT_EQ(modelError(Doc), "m.json: $.sm.register_alloc_scope.value: "
                             "expected \"block\" or \"warp\"");

  Doc = bundledDocument("gtx280");
  Doc["colour"] = "green";
  EXPECT_NE(modelError(Doc).find("m.json: $.colour: expected one of the keys"),
            std::string::npos);
}

TEST(Loader, ProfileParsesTheIssueExample) {
  std::string Error;
  auto Doc = parseJsonText(Dotp, "p.json", Error);
  ASSERT_TRUE(Doc);
  std::vector<KernelProfile> Out;
  ASSERT_TRUE(parseKernelProfiles(*Doc, "p.json", Out, Error)) << Error;
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Name, "dotp");
  EXPECT_EQ(Out[0].Launch.ThreadsPerBlock, 512u);
  EXPECT_EQ(Out[0].Launch.RegistersPerThread, 32u); // default
  EXPECT_EQ(Out[0].count(Unit::Int), 5);
  EXPECT_EQ(Out[0].memoryInstructions(), 3);
  EXPECT_EQ(Out[0].totalInstructions(), 9);
}

TEST(Loader, ProfileErrors) {
  EXPECT_NE(profileError(R"({"name": "k", "launch": {"threads_per_block": 32)")
                .find("p.json: invalid JSON"),
            std::string::npos);
  EXPECT_EQ(
      profileError(R"({"name": "k", "launch": {"threads_per_block": 32,
      "blocks": 1}, "per_thread": {"int": -1}})"),
      "p.json: $.per_thread.int: expected a number in [0, 1e+15], got -1");
  EXPECT_EQ(profileError(R"({"name": "k", "launch": {"threads_per_block": 32.5,
      "blocks": 1}, "per_thread": {}})"),
            "p.json: $.launch.threads_per_block: expected an integer in [1, "
            "4.29497e+09], got 32.5");
  EXPECT_EQ(profileError(R"({"name": "k", "launch": {"threads_per_block": 32,
      "blocks": 1e300}, "per_thread": {}})"),
            "p.json: $.launch.blocks: expected an integer in [1, 4.29497e+09], "
            "got 1e+300");
  EXPECT_EQ(profileError(R"({"name": "k", "launch": {"blocks": 1},
      "per_thread": {}})"),
            "p.json: $.launch.threads_per_block: expected a value (the key is "
            "missing)");
  EXPECT_EQ(
      profileError(R"({"name": "k", "launch": {"threads_per_block": 32,
      "blocks": 1}, "per_thread": {"flops": 3}})")
          .rfind("p.json: $.per_thread.flops: expected one of the keys", 0),
      0u);
  EXPECT_EQ(
      profileError(R"({"name": "k", "launch": {"threads_per_block": 32,
      "blocks": 1}, "per_thread": {"global_mem": 1, "uncoalesced_mem": 2}})")
          .rfind("p.json: $.per_thread.uncoalesced_mem: expected at most", 0),
      0u);
  EXPECT_EQ(profileError(R"([1, 2])"),
            "p.json: $: expected a kernel profile object");
  EXPECT_EQ(profileError(R"({"kernels": []})"),
            "p.json: no kernels ($.kernels is an empty array)");
  EXPECT_EQ(profileError(R"({"kernels": [{"name": 3}]})"),
            "p.json: $.kernels[0].name: expected a string, got number");
}

TEST(Loader, ProfileRoundTripsThroughJson) {
  KernelProfile P = test::dotpProfile();
  P.UncoalescedMem = 1;
  std::vector<KernelProfile> Out;
  std::string Error;
  ASSERT_TRUE(parseKernelProfiles(kernelProfileToJson(P), "x", Out, Error))
      << Error;
  EXPECT_EQ(Out[0].PerThread, P.PerThread);
  EXPECT_EQ(Out[0].UncoalescedMem, 1);
  EXPECT_EQ(Out[0].Launch.Blocks, 30u);
}
