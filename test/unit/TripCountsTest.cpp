//===- TripCountsTest.cpp - Trip counts per kernel and loop line ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The --trip-count forms, the launch file's `loops`, and which value wins
// (docs/plugin.md: a loop line over a kernel-wide value, flags over the
// file, later flags over earlier ones); spill bytes as local accesses.
//
//===----------------------------------------------------------------------===//
#include "gpa/TripCounts.h"
#include "gpa/LaunchFile.h"
#include "gpa/SpillTraffic.h"

#include <gtest/gtest.h>

using namespace gpa;

TEST(TripCounts, ParsesTheThreeForms) {
  TripCountRule R;
  std::string Error;
  ASSERT_TRUE(parseTripCountRule("12", R, Error)) << Error;
  EXPECT_EQ(R.Kernel, "*");
  EXPECT_EQ(R.Line, 0u);
  EXPECT_EQ(R.Count, 12u);
  ASSERT_TRUE(parseTripCountRule("gemm*=64", R, Error)) << Error;
  EXPECT_EQ(R.Kernel, "gemm*");
  EXPECT_EQ(R.Line, 0u);
  EXPECT_EQ(R.Count, 64u);
  // A demangled name with "::" keeps its colons; only ":LINE" is split off.
  ASSERT_TRUE(parseTripCountRule("ns::k*:42=7", R, Error)) << Error;
  EXPECT_EQ(R.Kernel, "ns::k*");
  EXPECT_EQ(R.Line, 42u);
  EXPECT_EQ(R.Count, 7u);
  ASSERT_TRUE(parseTripCountRule("ns::k=7", R, Error)) << Error;
  EXPECT_EQ(R.Kernel, "ns::k");
  EXPECT_EQ(R.Line, 0u);
}

TEST(TripCounts, RejectsMalformedValues) {
  TripCountRule R;
  std::string Error;
  for (const char *Bad : {"0", "k=0", "k:x=3", "k:0=3", "=3", "k=", "k=-1",
                          "k=4294967296", "k=1.5"}) {
    EXPECT_FALSE(parseTripCountRule(Bad, R, Error)) << Bad;
    EXPECT_NE(Error.find(Bad), std::string::npos) << Error;
  }
}

TEST(TripCounts, LineBeatsKernelFlagsBeatFile) {
  LaunchEntry File;
  File.TripCount = 3;
  File.LoopTripCounts[20] = 9;
  File.LoopTripCounts[30] = 5;
  std::vector<TripCountRule> Rules(3);
  std::string Error;
  ASSERT_TRUE(parseTripCountRule("k*=11", Rules[0], Error));
  ASSERT_TRUE(parseTripCountRule("k*:30=50", Rules[1], Error));
  ASSERT_TRUE(parseTripCountRule("other:20=1", Rules[2], Error));
  TripChoice Fallback{16, "default", "assumed"};
  LoopTripCounts T =
      tripCountsFor("_Z1kv", "k()", Fallback, &File, "f.json", Rules, "-x");
  EXPECT_EQ(T.forLine(20).Count, 9u);  // the file's line entry
  EXPECT_EQ(T.forLine(30).Count, 50u); // a flag's line entry over the file's
  EXPECT_EQ(T.forLine(40).Count, 11u); // the kernel-wide flag over the file
  EXPECT_EQ(T.forLine(0).Count, 11u);  // no line known
  EXPECT_EQ(T.forLine(30).Source, "-x=k*:30=50");
  EXPECT_EQ(T.forLine(30).Kind, "given");
  LoopTripCounts None =
      tripCountsFor("_Z1kv", "k()", Fallback, nullptr, "", {}, "-x");
  EXPECT_EQ(None.forLine(20).Count, 16u);
  EXPECT_EQ(None.forLine(20).Kind, "assumed");
  EXPECT_NE(T.key(), None.key());
}

TEST(TripCounts, LaunchFileLoops) {
  LaunchFile F;
  std::string Error;
  auto Doc = nlohmann::json::parse(
      R"({"schema": "gpa-launch/1", "kernels": [{"kernel": "k",
          "loops": [{"line": 12, "trip_count": 100}]}]})");
  ASSERT_TRUE(parseLaunchFile(Doc, "l.json", F, Error)) << Error;
  ASSERT_EQ(F.Entries.size(), 1u);
  EXPECT_EQ(F.Entries[0].LoopTripCounts.at(12), 100u);
  auto Bad = nlohmann::json::parse(
      R"({"schema": "gpa-launch/1", "kernels": [{"kernel": "k",
          "loops": [{"line": 0, "trip_count": 100}]}]})");
  EXPECT_FALSE(parseLaunchFile(Bad, "l.json", F, Error));
  EXPECT_EQ(Error, "l.json: kernels[0].loops[0].line: expected an integer "
                   "from 1 to 2^32 - 1");
}

TEST(LaunchFile, SchemaOfAnotherTypeIsAnErrorNotAnException) {
  // Found by fuzz_launch_file: json::value("schema", "") throws when the
  // member exists but is no string.
  for (const char *Text :
       {R"({"schema": [{"kernel": "k", "grid": 0}]})", R"({"schema": 1})",
        R"({"schema": null})", R"([])"}) {
    LaunchFile F;
    std::string Error;
    EXPECT_FALSE(
        parseLaunchFile(nlohmann::json::parse(Text), "l.json", F, Error))
        << Text;
    EXPECT_EQ(Error, "l.json: schema: expected \"gpa-launch/1\"") << Text;
  }
}

TEST(SpillTraffic, SpillBytesBecomeFourByteLocalAccesses) {
  // 308 B stored and 312 B loaded in 4-byte spills: 77 + 78 accesses.
  KernelProfile P;
  P.count(Unit::GlobalMem) = 10; // 8-byte accesses
  P.BytesPerMemAccess = 8;
  KernelResources R;
  R.SpillStoreBytes = 308;
  R.SpillLoadBytes = 312;
  SpillTraffic T = addSpillTraffic(P, R, "ptxas -v");
  EXPECT_EQ(T.StoreInstructions, 77);
  EXPECT_EQ(T.LoadInstructions, 78);
  EXPECT_EQ(P.count(Unit::LocalMem), 155);
  // (10 x 8 + 620) / 165 bytes per access.
  EXPECT_DOUBLE_EQ(P.BytesPerMemAccess, (10.0 * 8 + 620) / 165);
  KernelProfile Q;
  EXPECT_FALSE(addSpillTraffic(Q, KernelResources(), "ptxas -v").any());
  EXPECT_EQ(Q.count(Unit::LocalMem), 0);
}
