//===- PtxCfgTest.cpp - Blocks, loops and the weighting heuristic --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

#include "gpa/ptx/PtxCfg.h"

using namespace gpa::ptx;

namespace {
struct Built {
  PtxModule M;
  PtxCfg Cfg;
};

Built build(const std::string &Body, double Trip = 16) {
  Built B;
  PtxError E;
  EXPECT_TRUE(parsePtx(test::wrapKernel(Body), "c.ptx", B.M, E)) << E.str();
  EXPECT_TRUE(buildCfg(B.M.Functions.at(0), "c.ptx", B.Cfg, E)) << E.str();
  WeightOptions W;
  W.DefaultTripCount = Trip;
  computeBlockWeights(B.Cfg, W);
  return B;
}

std::vector<double> weights(const PtxCfg &Cfg) {
  std::vector<double> W;
  for (const PtxBlock &B : Cfg.Blocks)
    W.push_back(B.Weight);
  return W;
}

using Ws = std::vector<double>;

const char *SingleLoop = "mov.u32 %r1, 0;\n"
                         "$L1:\n"
                         "add.s32 %r1, %r1, 1;\n"
                         "setp.lt.s32 %p1, %r1, 100;\n"
                         "@%p1 bra $L1;\n"
                         "ret;\n";
} // namespace

TEST(PtxCfg, StraightLineIsOneBlockOfWeightOne) {
  Built B = build("mov.u32 %r1, %tid.x;\nadd.s32 %r2, %r1, 1;\nret;\n");
  ASSERT_EQ(B.Cfg.Blocks.size(), 1u);
  EXPECT_EQ(B.Cfg.Blocks[0].End, 3u);
  EXPECT_EQ(weights(B.Cfg), Ws({1}));
  EXPECT_TRUE(B.Cfg.Loops.empty());
}

TEST(PtxCfg, SingleLoopRunsSixteenTimes) {
  Built B = build(SingleLoop);
  ASSERT_EQ(B.Cfg.Blocks.size(), 3u);
  ASSERT_EQ(B.Cfg.Loops.size(), 1u);
  EXPECT_EQ(B.Cfg.Loops[0].Header, 1u);
  EXPECT_EQ(B.Cfg.Blocks[1].Succs, std::vector<unsigned>({1, 2}));
  EXPECT_EQ(weights(B.Cfg), Ws({1, 16, 1}));
  EXPECT_EQ(B.Cfg.Blocks[1].LoopDepth, 1u);
}

TEST(PtxCfg, TripCountIsConfigurable) {
  Built B = build(SingleLoop, 8);
  EXPECT_EQ(weights(B.Cfg), Ws({1, 8, 1}));
}

TEST(PtxCfg, NestedLoopsMultiply) {
  Built B = build("mov.u32 %r1, 0;\n"
                  "$Outer:\n"
                  "mov.u32 %r2, 0;\n"
                  "$Inner:\n"
                  "add.s32 %r2, %r2, 1;\n"
                  "setp.lt.s32 %p1, %r2, 10;\n"
                  "@%p1 bra $Inner;\n"
                  "add.s32 %r1, %r1, 1;\n"
                  "setp.lt.s32 %p2, %r1, 10;\n"
                  "@%p2 bra $Outer;\n"
                  "ret;\n");
  ASSERT_EQ(B.Cfg.Loops.size(), 2u);
  EXPECT_EQ(weights(B.Cfg), Ws({1, 16, 256, 16, 1}));
  EXPECT_EQ(B.Cfg.Blocks[2].LoopDepth, 2u);
}

TEST(PtxCfg, ConditionalBranchSplitsInHalf) {
  Built B = build("setp.lt.s32 %p1, %r1, 0;\n"
                  "@%p1 bra $Else;\n"
                  "add.s32 %r2, %r1, 1;\n"
                  "bra.uni $Join;\n"
                  "$Else:\n"
                  "sub.s32 %r2, %r1, 1;\n"
                  "$Join:\n"
                  "ret;\n");
  EXPECT_EQ(weights(B.Cfg), Ws({1, 0.5, 0.5, 1}));
  EXPECT_TRUE(B.Cfg.dominates(0, 3));
  EXPECT_FALSE(B.Cfg.dominates(1, 3));
  EXPECT_EQ(B.Cfg.IDom[3], 0);
}

TEST(PtxCfg, ZeroTripGuardAssumesTheLoopRuns) {
  // nvcc's rotated loop: "if (i >= n) skip; do { ... } while (i < n);"
  Built B = build("setp.ge.s32 %p1, %r1, %r2;\n"
                  "@%p1 bra $Exit;\n"
                  "mov.u32 %r3, 0;\n"
                  "$Loop:\n"
                  "add.s32 %r1, %r1, %r3;\n"
                  "setp.lt.s32 %p2, %r1, %r2;\n"
                  "@%p2 bra $Loop;\n"
                  "$Exit:\n"
                  "ret;\n");
  EXPECT_EQ(weights(B.Cfg), Ws({1, 1, 16, 1}));
}

TEST(PtxCfg, ZeroTripGuardOfAnExitThroughAJump) {
  // llc's layout (PolyBench CORR, Rodinia bfs): the latch sits above the
  // header and leaves through a block that only jumps to the guard's
  // target. The guard is still the loop's (the IR's exit edge goes
  // straight to $Exit), so the loop runs 16 times, not 8.
  Built B = build("setp.ge.s32 %p1, %r1, %r2;\n"
                  "@%p1 bra $Exit;\n"
                  "mov.u32 %r3, 0;\n"
                  "bra.uni $Head;\n"
                  "$Latch:\n"
                  "add.s32 %r3, %r3, 1;\n"
                  "setp.lt.s32 %p2, %r3, %r2;\n"
                  "@%p2 bra $Head;\n"
                  "bra.uni $Exit;\n"
                  "$Head:\n"
                  "add.s32 %r4, %r4, %r3;\n"
                  "bra.uni $Latch;\n"
                  "$Exit:\n"
                  "ret;\n");
  // As the front-end does (PtxFunctionSummary.cpp): the blocks that only
  // jump are marked with the branch probabilities, then weighed again.
  computeBranchProbabilities(B.M.Functions.at(0), B.Cfg);
  computeBlockWeights(B.Cfg, WeightOptions());
  EXPECT_EQ(weights(B.Cfg), Ws({1, 1, 16, 1, 16, 1}));
}

TEST(PtxCfg, TopTestedLoopAtFunctionEntry) {
  Built B = build("$Head:\n"
                  "setp.ge.s32 %p1, %r1, %r2;\n"
                  "@%p1 bra $Done;\n"
                  "add.s32 %r1, %r1, 1;\n"
                  "bra.uni $Head;\n"
                  "$Done:\n"
                  "ret;\n");
  ASSERT_EQ(B.Cfg.Loops.size(), 1u);
  EXPECT_EQ(B.Cfg.Loops[0].Header, 0u);
  EXPECT_EQ(weights(B.Cfg), Ws({16, 16, 1}));
}

TEST(PtxCfg, LoopWithBreakStillExitsOnce) {
  Built B = build("$L:\n"
                  "setp.lt.s32 %p1, %r1, 0;\n"
                  "@%p1 bra $Skip;\n"
                  "setp.eq.s32 %p3, %r1, 7;\n"
                  "@%p3 bra $Out;\n"
                  "$Skip:\n"
                  "add.s32 %r1, %r1, 1;\n"
                  "setp.lt.s32 %p2, %r1, 9;\n"
                  "@%p2 bra $L;\n"
                  "$Out:\n"
                  "ret;\n");
  ASSERT_EQ(B.Cfg.Loops.size(), 1u);
  EXPECT_EQ(weights(B.Cfg), Ws({16, 8, 16, 1}));
}

TEST(PtxCfg, PredicatedReturnFallsThrough) {
  Built B = build("setp.eq.s32 %p1, %r1, 0;\n@%p1 ret;\nadd.s32 %r1, %r1, 1;\n"
                  "ret;\n");
  ASSERT_EQ(B.Cfg.Blocks.size(), 2u);
  EXPECT_EQ(B.Cfg.Blocks[0].Succs, std::vector<unsigned>({1}));
  EXPECT_EQ(weights(B.Cfg), Ws({1, 1}));
}

TEST(PtxCfg, IrreducibleCycleIsNotALoop) {
  Built B = build("setp.lt.s32 %p1, %r1, 0;\n"
                  "@%p1 bra $B;\n"
                  "$A:\n"
                  "add.s32 %r1, %r1, 1;\n"
                  "$B:\n"
                  "add.s32 %r1, %r1, 2;\n"
                  "setp.lt.s32 %p2, %r1, 9;\n"
                  "@%p2 bra $A;\n"
                  "ret;\n");
  EXPECT_TRUE(B.Cfg.Loops.empty());
  EXPECT_EQ(B.Cfg.IrreducibleEdges.size(), 1u);
  ASSERT_EQ(B.Cfg.Warnings.size(), 1u);
  EXPECT_NE(B.Cfg.Warnings[0].find("irreducible"), std::string::npos);
  for (double W : weights(B.Cfg))
    EXPECT_LE(W, 1.0);
}

TEST(PtxCfg, UnreachableBlockHasWeightZero) {
  Built B = build("ret;\n$Dead:\nadd.s32 %r1, %r1, 1;\nret;\n");
  ASSERT_EQ(B.Cfg.Blocks.size(), 2u);
  EXPECT_FALSE(B.Cfg.Blocks[1].Reachable);
  EXPECT_EQ(weights(B.Cfg), Ws({1, 0}));
}

TEST(PtxCfg, LabelAfterLastInstructionMakesEmptyBlock) {
  Built B = build("@%p1 bra $End;\nadd.s32 %r1, %r1, 1;\n$End:\n");
  ASSERT_EQ(B.Cfg.Blocks.size(), 3u);
  EXPECT_EQ(B.Cfg.Blocks[2].Begin, B.Cfg.Blocks[2].End);
  EXPECT_EQ(weights(B.Cfg), Ws({1, 0.5, 1}));
}

TEST(PtxCfg, DeepNestIsClamped) {
  std::string Body;
  for (int I = 0; I < 12; ++I)
    Body += "$H" + std::to_string(I) + ":\nadd.s32 %r1, %r1, 1;\n";
  for (int I = 11; I >= 0; --I)
    Body += "@%p1 bra $H" + std::to_string(I) + ";\n";
  Body += "ret;\n";
  Built B = build(Body);
  EXPECT_EQ(B.Cfg.Loops.size(), 12u);
  double Max = 0;
  for (double W : weights(B.Cfg))
    Max = std::max(Max, W);
  EXPECT_EQ(Max, 1e12);
  EXPECT_FALSE(B.Cfg.Warnings.empty());
}

TEST(PtxCfg, BranchToUndefinedLabelIsAnError) {
  PtxModule M;
  PtxError E;
  ASSERT_TRUE(
      parsePtx(test::wrapKernel("@%p1 bra $nowhere;\nret;\n"), "c.ptx", M, E));
  PtxCfg Cfg;
  EXPECT_FALSE(buildCfg(M.Functions[0], "c.ptx", Cfg, E));
  EXPECT_EQ(E.str(), "c.ptx:11:10: expected a label defined in 'k', found "
                     "'$nowhere'");
}
