//===- RereadSearchTest.cpp - Which thread re-reads an access's bytes -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The search of gpa/RereadSearch.h on addresses written out by hand (the
// front-ends' evaluators are checked by test/cli/reread-distance.test).
//
//===----------------------------------------------------------------------===//
#include "gpa/RereadSearch.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpa;

namespace {
GlobalAccessFact load(const std::string &Group) {
  GlobalAccessFact F;
  F.Base = "in";
  F.Group = Group;
  return F;
}

BranchFacts launch(std::uint64_t Blocks, std::uint64_t Threads) {
  BranchFacts L;
  L.BlockThreadsX = Threads;
  L.GridBlocksX = Blocks;
  return L;
}

double globalX(const ThreadPoint &P, std::uint64_t Threads) {
  return double(P.Ctaid[0] * Threads + P.Tid[0]);
}
} // namespace

TEST(RereadSearch, NextRowIsReadOneRowOfThreadsLater) {
  // in[i] and in[((i / lx + 1) % ly) * lx + i % lx] (heat2d), lx = 4096,
  // ly = 1024, 16384 blocks of 256: from thread 0 of block 8192 (i =
  // 2^21, row 512) the next row's element is in[i + 4096], which thread
  // i + 4096 reads through in[i]: 4096 threads apart.
  std::vector<GlobalAccessFact> Facts = {load("i"), load("row+1")};
  const double Lx = 4096, Ly = 1024;
  auto At = [&](std::size_t K, const ThreadPoint &P) -> std::optional<double> {
    double I = globalX(P, 256);
    if (K == 0)
      return 4 * I;
    double Row = std::fmod(std::floor(I / Lx) + 1, Ly);
    return 4 * (Row * Lx + std::fmod(I, Lx));
  };
  findRereads(Facts, {0, 1}, launch(16384, 256), At);
  EXPECT_EQ(Facts[1].RereadGroup, "i");
  EXPECT_DOUBLE_EQ(Facts[1].RereadThreads, 4096);
  // in[i]'s bytes are read through the next row 4096 threads earlier.
  EXPECT_EQ(Facts[0].RereadGroup, "row+1");
  EXPECT_DOUBLE_EQ(Facts[0].RereadThreads, 4096);
}

TEST(RereadSearch, HalvesOfARowAreNeverReadByTheOtherGroup) {
  // glu: x1 = X[(i / S) * 2S + i % S], x2 = x1 + S, S = 512: x2 is 512
  // floats from x1, but thread + 512 reads the next row's x1: no reuse.
  std::vector<GlobalAccessFact> Facts = {load("x1"), load("x2")};
  const double S = 512;
  auto At = [&](std::size_t K, const ThreadPoint &P) -> std::optional<double> {
    double I = globalX(P, 256);
    double X1 = std::floor(I / S) * 2 * S + std::fmod(I, S);
    return 4 * (K == 0 ? X1 : X1 + S);
  };
  findRereads(Facts, {0, 1}, launch(32768, 256), At);
  EXPECT_TRUE(Facts[0].RereadGroup.empty());
  EXPECT_TRUE(Facts[1].RereadGroup.empty());
}

TEST(RereadSearch, UnknownAddressesOrLaunchLinkNothing) {
  std::vector<GlobalAccessFact> Facts = {load("i"), load("i+n")};
  auto Unknown = [](std::size_t, const ThreadPoint &) {
    return std::optional<double>();
  };
  findRereads(Facts, {0, 1}, launch(16384, 256), Unknown);
  EXPECT_TRUE(Facts[1].RereadGroup.empty());
  auto Known = [](std::size_t K, const ThreadPoint &P) {
    return std::optional<double>(4 * (globalX(P, 256) + (K ? 64 : 0)));
  };
  findRereads(Facts, {0, 1}, BranchFacts{}, Known);
  EXPECT_TRUE(Facts[1].RereadGroup.empty());
}

TEST(RereadSearch, LaneStrideOfARowPerThread) {
  // src[i * n + j] at j = 0, n = 784: 3136 bytes from lane to lane.
  auto At = [](std::size_t, const ThreadPoint &P) {
    return std::optional<double>(4 * 784 * globalX(P, 256));
  };
  std::optional<double> Stride = laneStrideAt(launch(12500, 256), At);
  ASSERT_TRUE(Stride);
  EXPECT_DOUBLE_EQ(*Stride, 3136);
  // Lanes that do not move by one step (i * i) have no lane stride.
  auto Square = [](std::size_t, const ThreadPoint &P) {
    double I = globalX(P, 256);
    return std::optional<double>(4 * I * I);
  };
  EXPECT_FALSE(laneStrideAt(launch(12500, 256), Square));
}

TEST(RereadSearch, PassesOverARowInSuccessiveLoopsLieALoopApart) {
  // softMax2: warp w reads row w (784 floats) in three loops, lane j at
  // src[w * 784 + j] on each loop's first iteration; loops 1 and 2 load
  // only (24.5 executions x 4 bytes = 98 bytes per thread), loop 3 loads
  // and stores dest (196). Each pass's bytes are the thread's own in the
  // other loops: 0 threads apart, with the larger loop between them: pass
  // 2 <- pass 1 (98; pass 3 would be 196), pass 1 <- pass 2 (98), pass 3
  // <- pass 1 (196, the first of the equal candidates).
  std::vector<GlobalAccessFact> Facts = {load("j1"), load("j2"), load("j3"),
                                         load("dest")};
  Facts[3].Base = "dest";
  Facts[3].Store = true;
  for (GlobalAccessFact &F : Facts)
    F.PerThread = 24.5;
  auto At = [](std::size_t, const ThreadPoint &P) {
    double T = globalX(P, 256);
    return std::optional<double>(4 *
                                 (std::floor(T / 32) * 784 + std::fmod(T, 32)));
  };
  int Loops[3];
  auto LoopsOf = [&](std::size_t K) {
    return std::vector<const void *>{&Loops[K == 3 ? 2 : K]};
  };
  findRereads(Facts, {0, 1, 2, 3}, launch(12500, 256), At, LoopsOf);
  EXPECT_EQ(Facts[1].RereadGroup, "j1");
  EXPECT_DOUBLE_EQ(Facts[1].RereadThreads, 0);
  EXPECT_DOUBLE_EQ(Facts[1].RereadBytesBetween, 98);
  EXPECT_EQ(Facts[0].RereadGroup, "j2");
  EXPECT_DOUBLE_EQ(Facts[0].RereadBytesBetween, 98);
  EXPECT_EQ(Facts[2].RereadGroup, "j1");
  EXPECT_DOUBLE_EQ(Facts[2].RereadBytesBetween, 196);
  // Without the loops (the same loop, or a front-end that gives none) the
  // passes are 0 threads and 0 bytes apart.
  findRereads(Facts, {0, 1, 2, 3}, launch(12500, 256), At);
  EXPECT_DOUBLE_EQ(Facts[2].RereadBytesBetween, 0);
}
