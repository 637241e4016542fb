//===- WrittenLaunchTest.cpp - Host launch sites in assembleKernel --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The launch a host launch site writes (the nvcc route, docs/cli.md "The
// nvcc route"): its values beat the defaults and the flags, the launch
// file beats it, and each value keeps the site's label. Expected launches
// are the sites' own numbers; the one-wave grids are worked from the A100
// file: 108 SMs, 2048 threads per SM, so 256-thread blocks of 32 registers
// (8192 of 65536) fit 8 per SM, 864 per wave.
//
//===----------------------------------------------------------------------===//
#include "gpa/LaunchFile.h"
#include "gpa/common/AssembleKernel.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
GpuModel a100() {
  AnalysisRequest O;
  O.Gpu = "a100";
  GpuModel Gpu;
  Assumption Chosen;
  std::string Error;
  EXPECT_TRUE(chooseGpu(O, std::nullopt, Gpu, Chosen, Error)) << Error;
  return Gpu;
}

KernelDraft draft() {
  KernelDraft D;
  D.Profile.Name = "k";
  D.Profile.count(Unit::Fp) = 10;
  D.Profile.count(Unit::GlobalMem) = 2;
  return D;
}

WrittenLaunch site() {
  WrittenLaunch W;
  W.From = "the launch at a.cu:9:3";
  W.Block = BlockDims{32, 8, 1};
  W.BlockKind = "constant";
  W.Grid = BlockDims{1024, 1, 1};
  W.GridKind = "constant";
  W.DynamicSharedBytes = 2048;
  W.SharedKind = "constant";
  return W;
}

const Assumption &named(const AssembledKernel &K, const std::string &Name) {
  for (const Assumption &A : K.Assumed)
    if (A.Name == Name)
      return A;
  static Assumption None;
  ADD_FAILURE() << "no assumption " << Name;
  return None;
}

AssembledKernel assemble(KernelDraft D, const AnalysisRequest &O) {
  AssembledKernel K;
  std::string Error;
  EXPECT_EQ(assembleKernel(std::move(D), a100(), O, K, Error),
            AssemblyStatus::Ok)
      << Error;
  return K;
}
} // namespace

TEST(WrittenLaunch, SiteValuesBeatTheFlagsAndKeepTheirLabels) {
  KernelDraft D = draft();
  D.Written = site();
  AnalysisRequest O;
  O.OptionPrefix = "--";
  O.GridSize = 7; // the plugin, too, prices a known grid over -gpa-grid-size
  AssembledKernel K = assemble(std::move(D), O);
  const LaunchConfig &L = K.Analysis.Profile.Launch;
  EXPECT_EQ(L.ThreadsPerBlock, 256u);
  EXPECT_EQ(L.Blocks, 1024u);
  EXPECT_EQ(L.SharedBytesPerBlock, 2048u);
  EXPECT_EQ(named(K, "block_size").Kind, "constant");
  EXPECT_EQ(named(K, "block_dims").Text, "32x8x1");
  EXPECT_EQ(named(K, "grid_size").Kind, "constant");
  EXPECT_EQ(named(K, "grid_size").Source, "the launch at a.cu:9:3");
  EXPECT_EQ(named(K, "shared_bytes_per_block").Kind, "constant");
}

TEST(WrittenLaunch, TheLaunchFileBeatsTheSite) {
  KernelDraft D = draft();
  D.Written = site();
  LaunchEntry Given;
  Given.ThreadsPerBlock = 128;
  Given.Blocks = 99;
  D.Given = &Given;
  AnalysisRequest O;
  O.OptionPrefix = "--";
  O.LaunchFile = "l.json";
  AssembledKernel K = assemble(std::move(D), O);
  EXPECT_EQ(K.Analysis.Profile.Launch.ThreadsPerBlock, 128u);
  EXPECT_EQ(K.Analysis.Profile.Launch.Blocks, 99u);
  EXPECT_EQ(named(K, "block_size").Kind, "given");
  EXPECT_EQ(named(K, "grid_size").Kind, "given");
  // The file gives no dynamic shared memory: the site's applies.
  EXPECT_EQ(K.Analysis.Profile.Launch.SharedBytesPerBlock, 2048u);
}

TEST(WrittenLaunch, AGridRangeIsOneWaveWithinIt) {
  for (auto [Min, Max, Expected] :
       {std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>{1, 500, 500},
        {1, 4294967295u, 864},
        {1000, 5000, 1000}}) {
    KernelDraft D = draft();
    WrittenLaunch W;
    W.From = "the launch at a.cu:9:3";
    W.Block = BlockDims{256, 1, 1};
    W.BlockKind = "constant";
    W.GridRange = std::make_pair(Min, Max);
    D.Written = W;
    AnalysisRequest O;
    AssembledKernel K = assemble(std::move(D), O);
    EXPECT_EQ(K.Analysis.Profile.Launch.Blocks, Expected) << Min << ".." << Max;
    EXPECT_EQ(named(K, "grid_size").Kind, "assumed");
  }
}

TEST(WrittenLaunch, AnUnknownGridFillsTheGpuAndSaysWhy) {
  KernelDraft D = draft();
  WrittenLaunch W;
  W.From = "the launch at a.cu:9:3";
  W.Block = BlockDims{256, 1, 1};
  W.BlockKind = "constant";
  W.GridUnknown = "the launch at a.cu:9:3 passes a grid not known at "
                  "compile time";
  D.Written = W;
  AnalysisRequest O;
  AssembledKernel K = assemble(std::move(D), O);
  EXPECT_EQ(K.Analysis.Profile.Launch.Blocks, 864u);
  const Assumption &Grid = named(K, "grid_size");
  EXPECT_EQ(Grid.Kind, "assumed");
  EXPECT_EQ(Grid.Source.rfind(W.GridUnknown, 0), 0u) << Grid.Source;
}
