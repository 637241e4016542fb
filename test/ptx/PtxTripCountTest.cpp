//===- PtxTripCountTest.cpp - Constant trip counts of nvcc-style loops ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Each expected count is the number of times the loop body runs, worked out
// from the induction variable's start, step and bound by hand.
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

#include <gtest/gtest.h>

using namespace gpa;
using namespace gpa::ptx;
using namespace gpa::ptx::test;

namespace {
double fpAddsIn(const std::string &Body) {
  PtxModuleResult R = analyze(wrapKernel(Body));
  EXPECT_EQ(R.Kernels.size(), 1u);
  return R.Kernels.empty() ? -1 : R.Kernels[0].Profile.count(Unit::Fp);
}

/// A kernel whose loop body holds one fp add; the loop control is given.
double fpAdds(const std::string &Init, const std::string &Step,
              const std::string &Test) {
  return fpAddsIn(Init + "\n$L:\nadd.f32 %f1, %f1, %f2;\n" + Step + "\n" +
                  Test + "\nret;\n");
}
} // namespace

TEST(PtxTripCount, CountsUpToAnExclusiveBound) {
  // 0, 1, ..., 63 then exit: 64 iterations.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 1;",
                   "setp.lt.s32 %p1, %r1, 64;\n@%p1 bra $L;"),
            64.0);
}

TEST(PtxTripCount, UnrolledByFourCountsTheUnrolledBody) {
  // nvcc's 4x unrolled k-loop of a 1024-long dot product: 256 bodies.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 4;",
                   "setp.ne.s32 %p1, %r1, 1024;\n@%p1 bra $L;"),
            256.0);
}

TEST(PtxTripCount, InclusiveBoundAndCountingDown) {
  // i = 0..63 with "i <= 63": 64; i = 1024 down by 4 to 0 with "!= 0": 256.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 1;",
                   "setp.le.s32 %p1, %r1, 63;\n@%p1 bra $L;"),
            64.0);
  EXPECT_EQ(fpAdds("mov.u32 %r1, 1024;", "add.s32 %r1, %r1, -4;",
                   "setp.ne.s32 %p1, %r1, 0;\n@%p1 bra $L;"),
            256.0);
  EXPECT_EQ(fpAdds("mov.u32 %r1, 10;", "sub.s32 %r1, %r1, 1;",
                   "setp.gt.s32 %p1, %r1, 0;\n@%p1 bra $L;"),
            10.0);
}

TEST(PtxTripCount, NegatedGuardAndSwappedOperands) {
  // "@!%p bra" with p = (i >= 16): continue while i < 16 -> 16.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 1;",
                   "setp.ge.s32 %p1, %r1, 16;\n@!%p1 bra $L;"),
            16.0);
  // "16 > i" is "i < 16".
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 1;",
                   "setp.gt.s32 %p1, 16, %r1;\n@%p1 bra $L;"),
            16.0);
}

TEST(PtxTripCount, CompareBeforeTheStepSeesTheOldValue) {
  // setp on i before "i += 1": runs for i = 0..4 (5 times) when testing i < 4.
  std::string Body = "mov.u32 %r1, 0;\n$L:\nadd.f32 %f1, %f1, %f2;\n"
                     "setp.lt.s32 %p1, %r1, 4;\nadd.s32 %r1, %r1, 1;\n"
                     "@%p1 bra $L;\nret;\n";
  EXPECT_EQ(fpAddsIn(Body), 5.0);
}

TEST(PtxTripCount, UnknownBoundsKeepTheDefault) {
  // A parameter bound, a step that is not constant, a second write of the
  // counter, a start that is not constant: 16 (the default) each.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 1;",
                   "setp.lt.s32 %p1, %r1, %r9;\n@%p1 bra $L;"),
            16.0);
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, %r8;",
                   "setp.lt.s32 %p1, %r1, 64;\n@%p1 bra $L;"),
            16.0);
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;",
                   "add.s32 %r1, %r1, 1;\nshl.b32 %r1, %r1, 1;",
                   "setp.lt.s32 %p1, %r1, 64;\n@%p1 bra $L;"),
            16.0);
  EXPECT_EQ(fpAdds("mov.u32 %r1, %r7;", "add.s32 %r1, %r1, 1;",
                   "setp.lt.s32 %p1, %r1, 64;\n@%p1 bra $L;"),
            16.0);
  // "!= bound" that the step skips over would wrap around: unknown.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 3;",
                   "setp.ne.s32 %p1, %r1, 64;\n@%p1 bra $L;"),
            16.0);
}

TEST(PtxTripCount, LlcLatchAboveTheHeaderFallsIntoIt) {
  // llc's rotated count-down loop (bench/kernels/hotspot_like.cu, clang-22
  // -O2 for sm_80): the preheader jumps to the header, the latch sits above
  // it, exits when the counter reaches 0 and otherwise falls into the
  // header. Counter 4, 3, 2, 1 then 0 exits: 4 iterations.
  std::string Body = "mov.b32 %r41, 4;\nbra.uni $H;\n"
                     "$Latch:\nadd.s32 %r41, %r41, -1;\n"
                     "setp.eq.b32 %p15, %r41, 0;\n@%p15 bra $Exit;\n"
                     "$H:\nadd.f32 %f1, %f1, %f2;\nbra.uni $Latch;\n"
                     "$Exit:\nret;\n";
  EXPECT_EQ(fpAddsIn(Body), 4.0);
}

TEST(PtxTripCount, GeometricCounterThroughACopy) {
  // llc's `for (s = 1; s < 16; s *= 2)` (bench/kernels/backprop_like.cu):
  // the header doubles s into %r4, the latch tests the old s < 8 and then
  // copies %r4 back. s = 1, 2, 4, 8: 4 iterations.
  std::string Body = "mov.b32 %r22, 1;\nbra.uni $H;\n"
                     "$Latch:\nsetp.lt.u32 %p3, %r22, 8;\n"
                     "mov.b32 %r22, %r4;\n@%p3 bra $H;\nbra.uni $Exit;\n"
                     "$H:\nshl.b32 %r4, %r22, 1;\nadd.f32 %f1, %f1, %f2;\n"
                     "bra.uni $Latch;\n$Exit:\nret;\n";
  EXPECT_EQ(fpAddsIn(Body), 4.0);
  // mul.lo by 3 from 1 while < 100: 1, 3, 9, 27, 81 then 243: 5 iterations.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 1;", "mul.lo.s32 %r1, %r1, 3;",
                   "setp.lt.s32 %p1, %r1, 100;\n@%p1 bra $L;"),
            5.0);
  // Powers of two tested with "!= 100" never stop: unknown, 16.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 1;", "shl.b32 %r1, %r1, 1;",
                   "setp.ne.s32 %p1, %r1, 100;\n@%p1 bra $L;"),
            16.0);
}
