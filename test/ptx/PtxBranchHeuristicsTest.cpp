//===- PtxBranchHeuristicsTest.cpp - Static branch probabilities ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Each expected probability is what LLVM 22's BranchProbabilityInfo gives
// the IR comparison the PTX comes from, read from
// `opt -passes='print<branch-prob>'`: icmp eq x, 0 / eq x, -1 / eq ptr,
// null: 37.5%; ne x, 0: 62.5%; slt x, 0 and slt x, 1: 37.5%; sgt x, 0 and
// sgt x, -1: 62.5%; eq x, y / eq x, 1 / slt x, y / ult x, 5 / a truncated
// i1: 50%.
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

#include <gtest/gtest.h>

using namespace gpa;
using namespace gpa::ptx;
using namespace gpa::ptx::test;

namespace {
/// Executions of the fp add that runs when the branch is not taken, i.e.
/// 1 - P(taken), for the given setp and branch.
double fallThrough(const std::string &Setp, const std::string &Bra,
                   const std::string &Before = "") {
  PtxModuleResult R = analyze(
      wrapKernel("ld.param.u32 %r1, [k_param_1];\n" + Before + Setp + "\n" +
                 Bra + " $T;\nadd.f32 %f1, %f1, %f2;\n$T:\nret;\n"));
  EXPECT_EQ(R.Kernels.size(), 1u);
  return R.Kernels.empty() ? -1 : R.Kernels[0].Profile.count(Unit::Fp);
}
} // namespace

TEST(PtxBranchHeuristics, EqualityWithZeroOrMinusOneIsUnlikely) {
  EXPECT_DOUBLE_EQ(fallThrough("setp.eq.b32 %p1, %r1, 0;", "@%p1 bra"), 0.625);
  EXPECT_DOUBLE_EQ(fallThrough("setp.ne.b32 %p1, %r1, 0;", "@%p1 bra"), 0.375);
  EXPECT_DOUBLE_EQ(fallThrough("setp.eq.b32 %p1, %r1, -1;", "@%p1 bra"), 0.625);
  // "@!%p" takes the branch when the comparison fails.
  EXPECT_DOUBLE_EQ(fallThrough("setp.eq.b32 %p1, %r1, 0;", "@!%p1 bra"), 0.375);
}

TEST(PtxBranchHeuristics, SignedSignTests) {
  // x < 1 is x <= 0: unlikely, as is x < 0; x > 0 and x > -1 likely.
  EXPECT_DOUBLE_EQ(fallThrough("setp.lt.s32 %p1, %r1, 1;", "@%p1 bra"), 0.625);
  EXPECT_DOUBLE_EQ(fallThrough("setp.lt.s32 %p1, %r1, 0;", "@%p1 bra"), 0.625);
  EXPECT_DOUBLE_EQ(fallThrough("setp.gt.s32 %p1, %r1, 0;", "@%p1 bra"), 0.375);
  EXPECT_DOUBLE_EQ(fallThrough("setp.gt.s32 %p1, %r1, -1;", "@%p1 bra"), 0.375);
  // Through "not.pred", as llc negates a predicate for the branch.
  EXPECT_DOUBLE_EQ(fallThrough("setp.lt.s32 %p1, %r1, 1;\n"
                               "not.pred %p2, %p1;",
                               "@%p2 bra"),
                   0.375);
}

TEST(PtxBranchHeuristics, NoRuleIsFiftyFifty) {
  EXPECT_DOUBLE_EQ(fallThrough("setp.eq.b32 %p1, %r1, 1;", "@%p1 bra"), 0.5);
  EXPECT_DOUBLE_EQ(fallThrough("setp.eq.b32 %p1, %r1, %r2;", "@%p1 bra"), 0.5);
  EXPECT_DOUBLE_EQ(fallThrough("setp.lt.s32 %p1, %r1, %r2;", "@%p1 bra"), 0.5);
  EXPECT_DOUBLE_EQ(fallThrough("setp.lt.u32 %p1, %r1, 5;", "@%p1 bra"), 0.5);
  // A loaded bool tested for truth is an i1 branch in the IR: no rule.
  EXPECT_DOUBLE_EQ(fallThrough("setp.ne.b32 %p1, %r3, 0;", "@%p1 bra",
                               "and.b32 %r3, %r1, 1;\n"),
                   0.5);
}
