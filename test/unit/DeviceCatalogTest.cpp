//===- DeviceCatalogTest.cpp - Bundled models for real devices ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Device names as the CUDA runtime reports them (nvidia-smi / deviceQuery
// output of the boards) map to their board files; unknown GPUs get the
// closest model and a warning naming it.
//
//===----------------------------------------------------------------------===//
#include "gpa/DeviceCatalog.h"
#include "gpa/GpuModelLoader.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
std::string modelFor(const char *Name, unsigned Sm, unsigned Sms,
                     std::string *WarningOut = nullptr) {
  std::string Warning;
  std::string M = bundledModelForDevice(Name, Sm, Sms, Warning);
  if (WarningOut)
    *WarningOut = Warning;
  else
    EXPECT_EQ(Warning, "") << Name;
  return M;
}
} // namespace

TEST(DeviceCatalog, BoardsByName) {
  EXPECT_EQ(modelFor("NVIDIA A100-PCIE-40GB", 80, 108), "a100-pcie-40gb");
  EXPECT_EQ(modelFor("NVIDIA A100 80GB PCIe", 80, 108), "a100-pcie-80gb");
  EXPECT_EQ(modelFor("NVIDIA A100-SXM4-80GB", 80, 108), "a100-sxm4-80gb");
  EXPECT_EQ(modelFor("NVIDIA A100-SXM4-40GB", 80, 108), "a100");
  EXPECT_EQ(modelFor("NVIDIA H100 PCIe", 90, 114), "h100-pcie");
  EXPECT_EQ(modelFor("NVIDIA H100 NVL", 90, 132), "h100-nvl");
  EXPECT_EQ(modelFor("NVIDIA H100 80GB HBM3", 90, 132), "h100");
  EXPECT_EQ(modelFor("NVIDIA H200", 90, 132), "h200");
  EXPECT_EQ(modelFor("Tesla V100-PCIE-16GB", 70, 80), "v100-pcie");
  EXPECT_EQ(modelFor("Tesla V100-SXM2-32GB", 70, 80), "v100");
  EXPECT_EQ(modelFor("Tesla T4", 75, 40), "t4");
  EXPECT_EQ(modelFor("NVIDIA A10", 86, 72), "a10");
  EXPECT_EQ(modelFor("NVIDIA L4", 89, 58), "l4");
  EXPECT_EQ(modelFor("NVIDIA L40S", 89, 142), "l40s");
  EXPECT_EQ(modelFor("NVIDIA GeForce RTX 3080", 86, 68), "rtx3080");
  EXPECT_EQ(modelFor("NVIDIA GeForce RTX 3090", 86, 82), "rtx3090");
  EXPECT_EQ(modelFor("NVIDIA RTX A6000", 86, 84), "rtx-a6000");
  EXPECT_EQ(modelFor("NVIDIA RTX A4000", 86, 48), "rtx-a4000");
  EXPECT_EQ(modelFor("NVIDIA GeForce RTX 4090", 89, 128), "rtx4090");
  // The name in the PowerSensor3 validation set's Kernel Tuner cache
  // (docs/validation.md); 48 SMs from its datasheet's 6144 CUDA cores.
  EXPECT_EQ(modelFor("NVIDIA RTX 4000 Ada Generation", 89, 48), "rtx-4000-ada");
  EXPECT_EQ(modelFor("NVIDIA TITAN V", 70, 80), "titan-v");
  EXPECT_EQ(modelFor("NVIDIA GeForce GTX TITAN X", 52, 24), "gtx-titan-x");
  // The other GM200 boards (scripts/chip_power.py): 22 SMs on the 980 Ti.
  EXPECT_EQ(modelFor("NVIDIA GeForce GTX 980 Ti", 52, 22), "gtx-980-ti");
  EXPECT_EQ(modelFor("Quadro M6000", 52, 24), "quadro-m6000");
  EXPECT_EQ(modelFor("Quadro M6000 24GB", 52, 24), "quadro-m6000-24gb");
}

TEST(DeviceCatalog, SmCountMismatchWarns) {
  // A MIG slice of an A100: the board's model, and a warning.
  std::string Warning;
  EXPECT_EQ(modelFor("NVIDIA A100-SXM4-40GB MIG 3g.20gb", 80, 42, &Warning),
            "a100");
  EXPECT_NE(Warning.find("reports 42 SMs, model 'a100' has 108"),
            std::string::npos)
      << Warning;
}

TEST(DeviceCatalog, UnknownGpuGetsClosestWithWarning) {
  // RTX 6000 Ada (AD102, sm_89, 142 SMs): no rule; the sm_89 model with the
  // nearest SM count is the L40S (142).
  std::string Warning;
  EXPECT_EQ(modelFor("NVIDIA RTX 6000 Ada Generation", 89, 142, &Warning),
            "l40s");
  EXPECT_EQ(Warning, "unknown GPU 'NVIDIA RTX 6000 Ada Generation' (sm_89, "
                     "142 SMs): using the closest bundled model 'l40s'");
  // A future sm_120 board: the newest architecture, nearest SM count.
  EXPECT_EQ(modelFor("NVIDIA Future GPU", 120, 130, &Warning), "h100");
  EXPECT_NE(Warning.find("'h100'"), std::string::npos);
}

TEST(DeviceCatalog, NameAgainstArchitecture) {
  // A device whose name says A100 but reports sm_70 is not the A100 board.
  std::string Warning;
  EXPECT_EQ(modelFor("NVIDIA A100-SXM4-40GB", 70, 80, &Warning), "v100");
  EXPECT_NE(Warning.find("unknown GPU"), std::string::npos);
}

TEST(DeviceCatalog, AliasesAndGenericModels) {
  EXPECT_EQ(resolveModelAlias("a100-sxm4-40gb"), "a100");
  EXPECT_EQ(resolveModelAlias("h100_sxm"), "h100");
  EXPECT_EQ(resolveModelAlias("v100-sxm2"), "v100");
  EXPECT_EQ(resolveModelAlias("a100_pcie_40gb"), "a100-pcie-40gb");
  GpuModel M;
  std::string Error;
  ASSERT_TRUE(loadGpuModel("a100_pcie_40gb", M, Error)) << Error;
  EXPECT_EQ(M.NumSms, 108u);
  // Targets pick each architecture's generic file.
  EXPECT_EQ(closestBundledModel(80), "a100");
  EXPECT_EQ(closestBundledModel(86), "a10");
  EXPECT_EQ(closestBundledModel(89), "l4");
  EXPECT_EQ(closestBundledModel(90), "h100");
  EXPECT_EQ(closestBundledModel(75), "t4");
  EXPECT_EQ(closestBundledModel(70), "v100");
}

TEST(DeviceCatalog, InferredGpuCaveat) {
  // sm_89 is the L4 (58 SMs: 7424 CUDA cores / 128 per SM, NVIDIA's
  // datasheet), the L40S (142), the RTX 4000 Ada (48: 6144 / 128) and the
  // GeForce RTX 4090 (128): a target alone cannot tell them apart, and the
  // SM advice differs by board.
  EXPECT_EQ(inferredGpuCaveat(89, "l4"),
            "a guess: sm_89 is also l40s (142 SMs), rtx-4000-ada (48 SMs), "
            "rtx4090 (128 SMs), not only l4 (58 SMs)");
  // Every bundled sm_80 board has 108 SMs (A100 whitepaper): no guess.
  EXPECT_EQ(inferredGpuCaveat(80, "a100"), "");
  // No bundled model of the target's architecture: an older one stands in.
  EXPECT_EQ(inferredGpuCaveat(120, "h100"),
            "no bundled model of sm_120; h100 (sm_90) stands in");
}
