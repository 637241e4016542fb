//===- KernelArgumentsTest.cpp - Launch-file arguments by name ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// `arguments` by position and by name (docs/cli.md "--launch"): names are
// resolved against the kernel's parameters; a name that matches none, and
// a parameter given two different values, are warnings, never dropped.
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelArguments.h"
#include "gpa/BranchFacts.h"
#include "gpa/LaunchFile.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
LaunchFile parse(const std::string &Arguments, bool &Ok, std::string &Error) {
  LaunchFile F;
  Ok = parseLaunchFile(
      nlohmann::json::parse(R"({"schema": "gpa-launch/1", "kernels": [
          {"kernel": "k", "arguments": )" +
                            Arguments + "}]}"),
      "l.json", F, Error);
  return F;
}
} // namespace

TEST(KernelArguments, PositionsAndNamesParse) {
  bool Ok = false;
  std::string Error;
  LaunchFile F = parse(R"({"3": 16777216, "n": 4096, "_m2": 7})", Ok, Error);
  ASSERT_TRUE(Ok) << Error;
  const LaunchEntry &E = F.Entries.at(0);
  EXPECT_EQ(E.Arguments.at(3), 16777216u);
  EXPECT_EQ(E.NamedArguments.at("n"), 4096u);
  EXPECT_EQ(E.NamedArguments.at("_m2"), 7u);
  parse(R"({"2x": 1})", Ok, Error);
  EXPECT_FALSE(Ok);
  EXPECT_NE(Error.find("parameter name"), std::string::npos) << Error;
  parse(R"({"n": -1})", Ok, Error);
  EXPECT_FALSE(Ok);
}

TEST(KernelArguments, NamesResolveToPositions) {
  bool Ok = false;
  std::string Error;
  LaunchFile F = parse(R"({"n": 4096, "m": 32})", Ok, Error);
  ASSERT_TRUE(Ok) << Error;
  BranchFacts B = branchFactsFor(&F.Entries[0], "l.json", 0, 0, "", 0);
  std::vector<std::string> Warnings;
  resolveNamedArguments(B, {"in", "out", "n", "m"}, "k", "", Warnings);
  EXPECT_TRUE(Warnings.empty());
  EXPECT_EQ(B.Arguments.at(2), 4096u);
  EXPECT_EQ(B.Arguments.at(3), 32u);
  EXPECT_EQ(parameterLabel(B, 2), "n");
  EXPECT_EQ(parameterLabel(B, 7), "argument 7");
}

TEST(KernelArguments, UnknownNamesAndConflictsWarn) {
  bool Ok = false;
  std::string Error;
  LaunchFile F = parse(R"({"size": 1, "n": 5, "2": 6})", Ok, Error);
  ASSERT_TRUE(Ok) << Error;
  BranchFacts B = branchFactsFor(&F.Entries[0], "l.json", 0, 0, "", 0);
  std::vector<std::string> Warnings;
  resolveNamedArguments(B, {"in", "out", "n"}, "k", "", Warnings);
  ASSERT_EQ(Warnings.size(), 2u);
  // std::map order: "n" before "size".
  EXPECT_NE(Warnings[0].find("'n' (position 2) is 5 by name but 6 by "
                             "position; using 6"),
            std::string::npos)
      << Warnings[0];
  EXPECT_NE(Warnings[1].find("'size' names no parameter, not used; the "
                             "parameters are 0: in, 1: out, 2: n"),
            std::string::npos)
      << Warnings[1];
  EXPECT_EQ(B.Arguments.at(2), 6u);
  // No names at all (PTX): the reason, and by position instead.
  BranchFacts P = branchFactsFor(&F.Entries[0], "l.json", 0, 0, "", 0);
  Warnings.clear();
  resolveNamedArguments(P, {}, "k", "PTX keeps no parameter names", Warnings);
  ASSERT_EQ(Warnings.size(), 2u);
  EXPECT_NE(Warnings[0].find("PTX keeps no parameter names; give it by "
                             "position"),
            std::string::npos)
      << Warnings[0];
}
