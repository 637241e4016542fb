//===- RuntimeTest.cpp - Launch-time decisions with fake devices ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// No GPU exists here: the runtime's device query is faked with a GTX280-like
// and an A100-like device. Expected grids come from IPP Eq. (30)-(34) worked
// by hand.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/runtime/DeviceModelCache.h"
#include "gpa/runtime/LaunchAdvisor.h"
#include "gpa/runtime/LaunchExecution.h"
#include "gpa/runtime/LaunchRuntime.h"
#include "gpa/runtime/SmPartition.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace gpa;
using namespace gpa::runtime;

namespace {
class FakeDevice final : public DeviceQuery {
public:
  explicit FakeDevice(DeviceProperties Props, bool Fails = false)
      : Props(std::move(Props)), Fails(Fails) {}
  bool currentDevice(int &Device, std::string &Error) override {
    Device = 0;
    if (Fails)
      Error = "cudaGetDevice: no CUDA-capable device is detected";
    return !Fails;
  }
  bool properties(int, DeviceProperties &Out, std::string &) override {
    ++Queries;
    Out = Props;
    return true;
  }
  DeviceProperties Props;
  bool Fails;
  std::atomic<int> Queries{0};
};

DeviceProperties gtx280Like() {
  DeviceProperties P;
  P.Name = "fake GTX280";
  P.ComputeCapabilityMajor = 1;
  P.ComputeCapabilityMinor = 3;
  P.NumSms = 30;
  P.ClockGhz = 1.296;
  P.MemBandwidthGbps = 141.7; // datasheet (what CUDA reports); 125 sustained
  return P;
}

DeviceProperties a100Like() {
  DeviceProperties P;
  P.Name = "fake A100";
  P.ComputeCapabilityMajor = 8;
  P.ComputeCapabilityMinor = 0;
  P.NumSms = 108;
  P.ClockGhz = 1.41;
  P.MemBandwidthGbps = 1555;
  P.MaxThreadsPerSm = 2048;
  P.MaxBlocksPerSm = 32;
  P.RegistersPerSm = 65536;
  P.SharedBytesPerSm = 167936;
  P.MaxSharedBytesPerBlock = 166912;
  return P;
}

GpuModel modelOf(const DeviceProperties &D) {
  GpuModel G;
  std::string Error;
  EXPECT_TRUE(modelForDevice(D, "", G, Error)) << Error;
  return G;
}

LaunchRequest request(Dim3 Grid, Dim3 Block, bool Independent,
                      RewriteMode Mode = RewriteMode::Grid) {
  LaunchRequest R;
  R.KernelName = "k";
  R.Grid = Grid;
  R.Block = Block;
  R.GridIndependent = Independent;
  R.Mode = Mode;
  return R;
}

/// A streaming kernel: 4 INT, 2 FP, 3 ALU, 3 coalesced global per thread.
KernelProfile streamProfile() {
  KernelProfile P;
  P.Name = "stream";
  P.Launch.RegistersPerThread = 32;
  P.count(Unit::Int) = 4;
  P.count(Unit::Fp) = 2;
  P.count(Unit::Alu) = 3;
  P.count(Unit::GlobalMem) = 3;
  return P;
}

const char *const StreamJson =
    R"({"name": "stream", "launch": {"threads_per_block": 1, "blocks": 1,
        "registers_per_thread": 32},
        "per_thread": {"int": 4, "fp": 2, "alu": 3, "global_mem": 3}})";
} // namespace

TEST(Runtime, ModelIsTheClosestBundledOneAdjustedToTheDevice) {
  DeviceProperties D = a100Like();
  D.NumSms = 98; // a cut-down part
  GpuModel G = modelOf(D);
  EXPECT_EQ(G.Name, "a100");
  EXPECT_EQ(G.NumSms, 98u);
  // The device reports its 1555 GB/s peak; the model uses the sustained
  // share the a100 file states (1296 of 1555 GB/s).
  EXPECT_DOUBLE_EQ(G.DatasheetBandwidthGbps, 1555);
  EXPECT_NEAR(G.MemBandwidthGbps, 1296, 1e-9);
  // GPA_MODEL replaces the choice with a file.
  GpuModel FromFile;
  std::string Error;
  ASSERT_TRUE(modelForDevice(D, GPA_SOURCE_DIR "/models/gpus/v100.json",
                             FromFile, Error))
      << Error;
  EXPECT_EQ(FromFile.Name, "v100");
  EXPECT_EQ(FromFile.NumSms, 98u);
}

TEST(Runtime, Gtx280Table4DotpGridShrinksToTwentyOrTwentyOneBlocks) {
  // A grid-stride Dotp with IPP Table 4's mix: the grid mechanism runs G
  // blocks, one per SM, each thread doing 30/G of the work (IPP §6.4's
  // construction); OptimalSmsTest works its cycles by hand (0.6% slower at
  // 21, 3.4% at 20). The decision picks 20 or 21 and states its saving.
  LaunchDecision D =
      decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()),
                   request({30, 1, 1}, {512, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::ShrinkGrid) << D.Reason;
  EXPECT_GE(D.Grid.count(), 20u);
  EXPECT_LE(D.Grid.count(), 21u);
  EXPECT_EQ(D.ActiveSms, D.Grid.count());
  EXPECT_GE(D.PredictedSavingPct, 2.0);   // min_saving
  EXPECT_LE(D.PredictedSlowdownPct, 5.0); // max_slowdown
  EXPECT_NE(D.Reason.find("grid-independent"), std::string::npos);
}

TEST(Runtime, BelowTheThresholdTheLaunchRunsAsWritten) {
  // The example Dotp (3 loads per 8 instructions): its best grid saves less
  // than min_saving (2%), so the launch is not touched...
  LaunchRequest R = request({30, 1, 1}, {512, 1, 1}, true);
  LaunchDecision D =
      decideLaunch(test::dotpProfile(), modelOf(gtx280Like()), R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Grid.count(), 30u);
  EXPECT_EQ(D.Reason.rfind("launch as written is best: ", 0), 0u) << D.Reason;
  EXPECT_NE(D.Reason.find("min_saving"), std::string::npos) << D.Reason;
  // ...and the threshold is what decides: at 1% the same launch changes.
  R.Policy.MinSavingPct = 1;
  D = decideLaunch(test::dotpProfile(), modelOf(gtx280Like()), R);
  EXPECT_EQ(D.Action, LaunchAction::ShrinkGrid) << D.Reason;
  EXPECT_GE(D.PredictedSavingPct, 1.0);
  EXPECT_LT(D.PredictedSavingPct, 2.0);
}

TEST(Runtime, A100StreamKernelFollowsItsMechanismsSweep) {
  // 256 threads, 4320 blocks: 8 blocks/SM by threads -> N = 64 warps;
  // bandwidth-bound (Eq. 34's closed form is reported, not applied).
  // Shrinking the grid saves under min_saving: as written.
  LaunchDecision D = decideLaunch(streamProfile(), modelOf(a100Like()),
                                  request({4320, 1, 1}, {256, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original) << D.Reason;
  EXPECT_EQ(D.Grid.count(), 4320u);
  // A green-context partition (same grid, more waves) is worth it: fewer
  // SMs in the driver's granularity (cc 8.x: at least 4, multiples of 2).
  D = decideLaunch(
      streamProfile(), modelOf(a100Like()),
      request({4320, 1, 1}, {256, 1, 1}, false, RewriteMode::Auto));
  EXPECT_EQ(D.Action, LaunchAction::RestrictSms) << D.Reason;
  EXPECT_LT(D.ActiveSms, 108u);
  EXPECT_GE(D.ActiveSms, 4u);
  EXPECT_EQ(D.ActiveSms % 2, 0u);
  EXPECT_EQ(D.Grid.count(), 4320u);
  EXPECT_GE(D.PredictedSavingPct, 2.0);
  EXPECT_LE(D.PredictedSlowdownPct, 5.0);
}

TEST(Runtime, GridShapeIsKeptAndNeverGrows) {
  // 10 x 3 blocks, target 20 or 21: X shrinks to floor(target / 3) = 6 or 7.
  LaunchDecision D =
      decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()),
                   request({10, 3, 1}, {512, 1, 1}, true));
  ASSERT_EQ(D.Action, LaunchAction::ShrinkGrid);
  EXPECT_GE(D.Grid.X, 6u);
  EXPECT_LE(D.Grid.X, 7u);
  EXPECT_EQ(D.Grid.Y, 3u);
  EXPECT_LE(D.Grid.count(), 30u);
  EXPECT_GE(D.Grid.count(), 1u);
}

TEST(Runtime, UnprovenKernelsKeepTheirGrid) {
  LaunchDecision D = decideLaunch(test::dotpProfile(), modelOf(gtx280Like()),
                                  request({30, 1, 1}, {512, 1, 1}, false));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Grid.count(), 30u);
  EXPECT_NE(D.Reason.find("not proven grid-independent"), std::string::npos);
}

TEST(Runtime, ProofsHoldOnlyForTheLaunchShapeTheyAssume) {
  // An x grid-stride loop proven for gridDim.y = blockDim.y = 1 (and z):
  // the Table 4 Dotp launch has that shape and shrinks (as above)...
  LaunchRequest R = request({30, 1, 1}, {512, 1, 1}, true);
  R.UnitDims = 2 | 4;
  EXPECT_EQ(
      decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()), R).Action,
      LaunchAction::ShrinkGrid);
  // ...but with gridDim.y = 3 every block row repeats the loop's atomics
  // (issue 25): the grid stays as written, and the reason says why.
  R.Grid = {10, 3, 1};
  LaunchDecision D =
      decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()), R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Grid.X, 10u);
  EXPECT_EQ(D.Grid.Y, 3u);
  EXPECT_NE(D.Reason.find("are 1 in y"), std::string::npos) << D.Reason;
  // So does blockDim.y = 2 (two threads per index).
  R.Grid = {30, 1, 1};
  R.Block = {256, 2, 1};
  D = decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()), R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  // In auto mode the launch is then one whose grid must not change: its
  // SMs may be restricted (IPP's 15 SMs for 30 blocks of 512 threads, as
  // in SmModeRestrictsSmsAndKeepsTheGrid), unless its blocks may wait for
  // each other.
  R.Block = {512, 1, 1};
  R.Grid = {10, 3, 1};
  R.Mode = RewriteMode::Auto;
  D = decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()), R);
  EXPECT_EQ(D.Action, LaunchAction::RestrictSms) << D.Reason;
  EXPECT_EQ(D.Grid.count(), 30u);
  R.SmRefused = true;
  D = decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()), R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_NE(D.Reason.find("deadlock"), std::string::npos) << D.Reason;
}

TEST(Runtime, TheLaunchAbiCarriesTheShapeAndSmRefusal) {
  using namespace gpa::launch_abi;
  EXPECT_EQ(gridVerdictNumber(false, 6), 0); // no requirement without proof
  EXPECT_EQ(gridVerdictNumber(true, 0), 1);  // what earlier plugins emit
  int N = gridVerdictNumber(true, 2 | 4, true);
  EXPECT_TRUE(gridVerdictIndependent(N));
  EXPECT_EQ(gridVerdictUnitDims(N), 6u);
  EXPECT_TRUE(gridVerdictSmRefused(N));
  EXPECT_FALSE(gridVerdictIndependent(gridVerdictNumber(false, 0, true)));
  EXPECT_TRUE(gridVerdictSmRefused(gridVerdictNumber(false, 0, true)));
}

/// Records what a decision launches; FailingGrids fail to launch (error 9,
/// cudaErrorInvalidConfiguration's number).
struct FakeLaunches {
  std::vector<Dim3> Launched;
  std::vector<std::uint64_t> FailingGrids;
  int Cleared = 0;
  bool SmPartitionWorks = false;
  std::vector<std::string> Log;
  LaunchCalls calls() {
    LaunchCalls C;
    C.Launch = [this](const Dim3 &G) {
      Launched.push_back(G);
      for (std::uint64_t F : FailingGrids)
        if (G.count() == F)
          return 9;
      return 0;
    };
    C.LaunchOnSms = [this](unsigned, int &Result, std::string &Error) {
      if (!SmPartitionWorks) {
        Error = "no green contexts";
        return false;
      }
      Result = 0;
      return true;
    };
    C.ClearError = [this] { ++Cleared; };
    C.Log = [this](const std::string &L) { Log.push_back(L); };
    return C;
  }
};

TEST(Runtime, AShrunkGridThatFailsToLaunchFallsBackToTheOriginal) {
  LaunchRequest R = request({30, 1, 1}, {512, 1, 1}, true);
  LaunchDecision D;
  D.Action = LaunchAction::ShrinkGrid;
  D.Grid = {21, 1, 1};
  FakeLaunches Ok;
  EXPECT_EQ(carryOutLaunch(R, D, Ok.calls()), 0);
  ASSERT_EQ(Ok.Launched.size(), 1u);
  EXPECT_EQ(Ok.Launched[0].X, 21u);
  EXPECT_EQ(Ok.Cleared, 0);
  // The shrunk launch fails: its error is cleared, the launch as written
  // runs and its result is what the program sees.
  FakeLaunches Fails;
  Fails.FailingGrids = {21};
  EXPECT_EQ(carryOutLaunch(R, D, Fails.calls()), 0);
  ASSERT_EQ(Fails.Launched.size(), 2u);
  EXPECT_EQ(Fails.Launched[1].X, 30u);
  EXPECT_EQ(Fails.Cleared, 1);
  ASSERT_EQ(Fails.Log.size(), 1u);
  EXPECT_NE(Fails.Log[0].find("launched as written"), std::string::npos);
  // Both fail: the program gets the original launch's own error.
  FakeLaunches Both;
  Both.FailingGrids = {21, 30};
  EXPECT_EQ(carryOutLaunch(R, D, Both.calls()), 9);
  EXPECT_EQ(Both.Launched.size(), 2u);
}

TEST(Runtime, AnSmPartitionThatCannotBeUsedFallsBackToTheOriginal) {
  LaunchRequest R = request({30, 1, 1}, {512, 1, 1}, false, RewriteMode::Sm);
  LaunchDecision D;
  D.Action = LaunchAction::RestrictSms;
  D.Grid = R.Grid;
  D.ActiveSms = 15;
  FakeLaunches NoPartition;
  EXPECT_EQ(carryOutLaunch(R, D, NoPartition.calls()), 0);
  ASSERT_EQ(NoPartition.Launched.size(), 1u);
  EXPECT_EQ(NoPartition.Launched[0].X, 30u);
  FakeLaunches Partition;
  Partition.SmPartitionWorks = true;
  EXPECT_EQ(carryOutLaunch(R, D, Partition.calls()), 0);
  EXPECT_TRUE(Partition.Launched.empty()); // launched on the partition
  // The original decision launches exactly what was written.
  FakeLaunches Original;
  EXPECT_EQ(carryOutLaunch(R, LaunchDecision{}, Original.calls()), 0);
  ASSERT_EQ(Original.Launched.size(), 1u);
  EXPECT_EQ(Original.Launched[0].count(), 30u);
}

TEST(Runtime, SmModeRestrictsSmsAndKeepsTheGrid) {
  // 30 blocks of 512 threads, 2 resident per GTX280 SM (1024 threads): 15
  // SMs run them in one wave, as fast as 16..29 SMs and on less power; 14 or
  // fewer need two waves (about twice the time, over max_slowdown).
  LaunchDecision D =
      decideLaunch(test::dotpTable4Profile(), modelOf(gtx280Like()),
                   request({30, 1, 1}, {512, 1, 1}, false, RewriteMode::Auto));
  EXPECT_EQ(D.Action, LaunchAction::RestrictSms) << D.Reason;
  EXPECT_EQ(D.ActiveSms, 15u);
  EXPECT_EQ(D.Grid.count(), 30u);
}

TEST(Runtime, ComputeBoundAndInvalidLaunchesKeepTheOriginal) {
  KernelProfile Compute = test::dotpProfile();
  Compute.count(Unit::Fp) = 400;
  LaunchDecision D = decideLaunch(Compute, modelOf(gtx280Like()),
                                  request({30, 1, 1}, {512, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Reason.rfind("launch as written is best: ", 0), 0u) << D.Reason;
  // 1024 threads cannot run on cc 1.3: evaluate nothing, launch as written
  // and let CUDA report the error the program would get.
  D = decideLaunch(test::dotpProfile(), modelOf(gtx280Like()),
                   request({30, 1, 1}, {1024, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Grid.count(), 30u);
}

TEST(Runtime, EnvironmentSwitches) {
  auto Env = [](std::map<std::string, std::string> Vars) {
    return readRuntimeConfig([Vars](const char *Name) -> const char * {
      auto It = Vars.find(Name);
      return It == Vars.end() ? nullptr : It->second.c_str();
    });
  };
  EXPECT_TRUE(Env({{"GPA_DISABLE", "1"}}).Disabled);
  EXPECT_FALSE(Env({{"GPA_DISABLE", "0"}}).Disabled);
  EXPECT_FALSE(Env({{"GPA_DISABLE", ""}}).Disabled);
  EXPECT_FALSE(Env({}).Disabled);
  EXPECT_TRUE(Env({{"GPA_LOG", "yes"}}).Log);
  EXPECT_EQ(Env({{"GPA_MODEL", "/m.json"}}).ModelFile, "/m.json");
  // The decision's policy (defaults: energy, 5% slowdown, 2% saving).
  RuntimeConfig Default = Env({});
  EXPECT_EQ(Default.Policy.Goal, Objective::Energy);
  EXPECT_DOUBLE_EQ(Default.Policy.MaxSlowdownPct, 5);
  EXPECT_DOUBLE_EQ(Default.Policy.MinSavingPct, 2);
  RuntimeConfig Set = Env({{"GPA_OBJECTIVE", "edp"},
                           {"GPA_MAX_SLOWDOWN", "10"},
                           {"GPA_MIN_SAVING", "0.5"},
                           {"GPA_MAX_POWER_W", "250"}});
  EXPECT_EQ(Set.Policy.Goal, Objective::Edp);
  EXPECT_DOUBLE_EQ(Set.Policy.MaxSlowdownPct, 10);
  EXPECT_DOUBLE_EQ(Set.Policy.MinSavingPct, 0.5);
  EXPECT_DOUBLE_EQ(Set.Policy.MaxPowerW, 250);
  EXPECT_TRUE(Set.Warnings.empty());
  RuntimeConfig Bad =
      Env({{"GPA_OBJECTIVE", "speed"}, {"GPA_MIN_SAVING", "lots"}});
  EXPECT_EQ(Bad.Policy.Goal, Objective::Energy);
  EXPECT_DOUBLE_EQ(Bad.Policy.MinSavingPct, 2);
  EXPECT_EQ(Bad.Warnings.size(), 2u);
}

TEST(Runtime, DisableAndLogVariables) {
  std::vector<std::string> Lines;
  RuntimeConfig Config;
  Config.Log = true;
  LaunchRuntime Runtime(std::make_unique<FakeDevice>(gtx280Like()), Config,
                        [&](const std::string &L) { Lines.push_back(L); });
  LaunchRequest R = request({30, 1, 1}, {512, 1, 1}, true);
  R.KernelName = "dotp";
  // IPP Table 4's Dotp mix (TestModels.h dotpTable4Profile).
  std::string Dotp = R"({"name": "dotp", "launch": {"threads_per_block": 512,
      "blocks": 30, "registers_per_thread": 16},
      "per_thread": {"int": 2, "fp": 2, "global_mem": 7}})";
  LaunchDecision D = Runtime.plan(Dotp.c_str(), R);
  EXPECT_EQ(D.Action, LaunchAction::ShrinkGrid);
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0].rfind("gpa: dotp: shrink-grid grid (30,1,1) block "
                           "(512,1,1) -> grid (2",
                           0),
            0u)
      << Lines[0];
  EXPECT_NE(Lines[0].find("objective energy, predicted saving "),
            std::string::npos)
      << Lines[0];
  EXPECT_NE(Lines[0].find("slowdown "), std::string::npos) << Lines[0];

  // Below the threshold: launched as written, and the log says why.
  std::string Example = R"({"name": "dotp", "launch": {"threads_per_block":
      512, "blocks": 30, "registers_per_thread": 16},
      "per_thread": {"int": 5, "fp": 1, "alu": 2, "global_mem": 3}})";
  D = Runtime.plan(Example.c_str(), R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  ASSERT_EQ(Lines.size(), 2u);
  EXPECT_NE(Lines[1].find("original grid (30,1,1)"), std::string::npos)
      << Lines[1];
  EXPECT_NE(Lines[1].find("launch as written is best: "), std::string::npos)
      << Lines[1];

  Config.Disabled = true;
  LaunchRuntime Off(std::make_unique<FakeDevice>(gtx280Like()), Config,
                    [&](const std::string &L) { Lines.push_back(L); });
  D = Off.plan(Dotp.c_str(), R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Grid.count(), 30u);
  EXPECT_NE(Lines.back().find("GPA_DISABLE is set"), std::string::npos);
}

TEST(Runtime, FailuresFallBackToTheOriginalLaunch) {
  LaunchRuntime NoGpu(std::make_unique<FakeDevice>(a100Like(), true), {},
                      nullptr);
  LaunchDecision D =
      NoGpu.plan(StreamJson, request({4320, 1, 1}, {256, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_NE(D.Reason.find("no CUDA-capable device"), std::string::npos);

  LaunchRuntime BadProfile(std::make_unique<FakeDevice>(a100Like()), {},
                           nullptr);
  D = BadProfile.plan("{\"name\": 3", request({4320, 1, 1}, {256, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_NE(D.Reason.find("no kernel profile"), std::string::npos);

  RuntimeConfig Config;
  Config.ModelFile = "/nonexistent/model.json";
  LaunchRuntime BadModel(std::make_unique<FakeDevice>(a100Like()), Config,
                         nullptr);
  D = BadModel.plan(StreamJson, request({4320, 1, 1}, {256, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_NE(D.Reason.find("cannot open file"), std::string::npos);
}

TEST(Runtime, ConcurrentLaunchesBuildTheModelOnce) {
  auto Device = std::make_unique<FakeDevice>(a100Like());
  FakeDevice *Raw = Device.get();
  LaunchRuntime Runtime(std::move(Device), {}, nullptr);
  std::atomic<int> Shrunk{0};
  std::vector<std::thread> Threads;
  LaunchRequest R = request({4320, 1, 1}, {256, 1, 1}, false, RewriteMode::Sm);
  unsigned Expected =
      decideLaunch(streamProfile(), modelOf(a100Like()), R).ActiveSms;
  ASSERT_GT(Expected, 0u);
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&] {
      for (int I = 0; I < 200; ++I) {
        LaunchDecision D = Runtime.plan(StreamJson, R);
        if (D.Action == LaunchAction::RestrictSms && D.ActiveSms == Expected)
          ++Shrunk;
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Shrunk.load(), 8 * 200);
  EXPECT_EQ(Runtime.modelBuildCount(), 1u);
  EXPECT_EQ(Raw->Queries.load(), 1);
}

TEST(Runtime, EachLaunchShapeIsDecidedOnce) {
  // Deciding sweeps the mechanism's configurations; a program that launches
  // the same kernel with the same shape a thousand times must not pay for
  // it a thousand times (on an H100 the grid sweep outlasted an a*x+y).
  LaunchRuntime Runtime(std::make_unique<FakeDevice>(a100Like()), {}, nullptr);
  LaunchRequest R = request({4320, 1, 1}, {256, 1, 1}, true);
  LaunchDecision First = Runtime.plan(StreamJson, R);
  for (int I = 0; I < 100; ++I) {
    LaunchDecision D = Runtime.plan(StreamJson, R);
    EXPECT_EQ(D.Action, First.Action);
    EXPECT_EQ(D.Grid.X, First.Grid.X);
    EXPECT_EQ(D.ActiveSms, First.ActiveSms);
  }
  EXPECT_EQ(Runtime.decisionsComputed(), 1u);
  // Another grid, another block, another mode or proof: decided anew.
  Runtime.plan(StreamJson, request({8640, 1, 1}, {256, 1, 1}, true));
  Runtime.plan(StreamJson, request({4320, 1, 1}, {128, 1, 1}, true));
  Runtime.plan(StreamJson, request({4320, 1, 1}, {256, 1, 1}, false));
  Runtime.plan(StreamJson,
               request({4320, 1, 1}, {256, 1, 1}, true, RewriteMode::Sm));
  EXPECT_EQ(Runtime.decisionsComputed(), 5u);
  // The proof's launch requirement and the sm-mode refusal are part of it.
  LaunchRequest NeedsUnitY = R;
  NeedsUnitY.UnitDims = 2;
  Runtime.plan(StreamJson, NeedsUnitY);
  LaunchRequest Refused =
      request({4320, 1, 1}, {256, 1, 1}, true, RewriteMode::Sm);
  Refused.SmRefused = true;
  EXPECT_EQ(Runtime.plan(StreamJson, Refused).Action,
            decideLaunch(streamProfile(), modelOf(a100Like()), Refused).Action);
  EXPECT_EQ(Runtime.decisionsComputed(), 7u);
  Runtime.plan(StreamJson, request({8640, 1, 1}, {256, 1, 1}, true));
  EXPECT_EQ(Runtime.decisionsComputed(), 7u);
}

TEST(Runtime, CompilerPayloadPicksTheClosestArch) {
  // The launch rewrite embeds one profile per --cuda-gpu-arch. For an A100
  // (model sm_80) the sm_80 profile is used, not sm_70's or sm_90's: here
  // only sm_80's is bandwidth-bound (3 global accesses vs 300 FP), so the
  // grid shrinks only if the right one was chosen.
  const char *Payload =
      R"({"schema": "gpa-launch-payload/1", "grid_independent": true,
      "reason": "r", "profiles": {
        "sm_70": {"name": "k", "launch": {"threads_per_block": 1, "blocks": 1},
                  "per_thread": {"fp": 300, "global_mem": 3}},
        "sm_80": {"name": "k", "launch": {"threads_per_block": 1, "blocks": 1,
                  "registers_per_thread": 32},
                  "per_thread": {"int": 4, "fp": 2, "alu": 3, "global_mem": 3}},
        "sm_90": {"name": "k", "launch": {"threads_per_block": 1, "blocks": 1},
                  "per_thread": {"fp": 300, "global_mem": 3}}}})";
  LaunchRuntime Runtime(std::make_unique<FakeDevice>(a100Like()), {}, nullptr);
  LaunchRequest R = request({4320, 1, 1}, {256, 1, 1}, false, RewriteMode::Sm);
  LaunchDecision D = Runtime.plan(Payload, R);
  EXPECT_EQ(D.Action, LaunchAction::RestrictSms) << D.Reason;
  // as A100StreamKernelFollowsItsMechanismsSweep
  EXPECT_EQ(D.ActiveSms,
            decideLaunch(streamProfile(), modelOf(a100Like()), R).ActiveSms);

  // On a V100 (sm_70) the sm_70 profile applies: compute-bound, no shrink.
  DeviceProperties V100 = a100Like();
  V100.ComputeCapabilityMajor = 7;
  V100.NumSms = 80;
  LaunchRuntime Older(std::make_unique<FakeDevice>(V100), {}, nullptr);
  D = Older.plan(Payload, R);
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_EQ(D.Reason.rfind("launch as written is best: ", 0), 0u) << D.Reason;

  const char *Empty = R"({"schema": "gpa-launch-payload/1", "profiles": {}})";
  D = Runtime.plan(Empty, request({4320, 1, 1}, {256, 1, 1}, true));
  EXPECT_EQ(D.Action, LaunchAction::Original);
  EXPECT_NE(D.Reason.find("no kernel profile"), std::string::npos);
}

namespace {
class FakePartitioner final : public SmPartitioner {
public:
  explicit FakePartitioner(bool Works) : Works(Works) {}
  void *createStream(int Device, unsigned Sms, std::string &Error) override {
    ++Calls;
    LastSms = Sms;
    if (!Works) {
      Error = "green contexts unsupported";
      return nullptr;
    }
    return reinterpret_cast<void *>(
        std::uintptr_t(0x1000 + Device * 256 + Sms));
  }
  bool Works;
  std::atomic<int> Calls{0};
  unsigned LastSms = 0;
};
} // namespace

TEST(Runtime, SmPartitionsAreCreatedOncePerDeviceAndCount) {
  auto Owned = std::make_unique<FakePartitioner>(true);
  FakePartitioner *P = Owned.get();
  PartitionCache Cache(std::move(Owned));
  std::string Error;
  void *A = Cache.stream(0, 20, Error);
  EXPECT_NE(A, nullptr);
  EXPECT_EQ(Cache.stream(0, 20, Error), A);
  EXPECT_NE(Cache.stream(0, 63, Error), A);
  EXPECT_NE(Cache.stream(1, 20, Error), A);
  EXPECT_EQ(P->Calls.load(), 3);
  EXPECT_EQ(P->LastSms, 20u);
}

TEST(Runtime, UnsupportedSmPartitionsFailOnceAndSayWhy) {
  auto Owned = std::make_unique<FakePartitioner>(false);
  FakePartitioner *P = Owned.get();
  PartitionCache Cache(std::move(Owned));
  std::string Error;
  EXPECT_EQ(Cache.stream(0, 20, Error), nullptr);
  EXPECT_EQ(Error, "green contexts unsupported");
  Error.clear();
  EXPECT_EQ(Cache.stream(0, 20, Error), nullptr);
  EXPECT_EQ(Error, "green contexts unsupported"); // remembered, not retried
  EXPECT_EQ(P->Calls.load(), 1);
  PartitionCache None(nullptr);
  EXPECT_EQ(None.stream(0, 20, Error), nullptr);
  EXPECT_NE(Error.find("CUDA runtime"), std::string::npos);
}
