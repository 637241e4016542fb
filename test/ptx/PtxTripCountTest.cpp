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
  // A parameter bound, a step that is not constant, a start that is not
  // constant: 16 (the default) each.
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, 1;",
                   "setp.lt.s32 %p1, %r1, %r9;\n@%p1 bra $L;"),
            16.0);
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;", "add.s32 %r1, %r1, %r8;",
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

TEST(PtxTripCount, EvaluatedIterationByIteration) {
  // A counter written twice, i = (i + 1) * 2 from 0 while i < 64: 2, 6,
  // 14, 30, 62, 126: 6 iterations (ScalarEvolution's exhaustive
  // evaluation finds the same).
  EXPECT_EQ(fpAdds("mov.u32 %r1, 0;",
                   "add.s32 %r1, %r1, 1;\nshl.b32 %r1, %r1, 1;",
                   "setp.lt.s32 %p1, %r1, 64;\n@%p1 bra $L;"),
            6.0);
  // nvcc's two-trip loop over COMPLEX (ccglib's accumulator set-up in local
  // memory): c = 0 enters, c + 1 = 1 < 2 goes on with c set to 1, c + 1 =
  // 2 leaves: 2.
  EXPECT_EQ(fpAdds("mov.u64 %rd1, 0;",
                   "add.s64 %rd2, %rd1, 1;\nmov.u64 %rd1, 1;",
                   "setp.lt.u64 %p1, %rd2, 2;\n@%p1 bra $L;"),
            2.0);
  // The same test on the thread's index is per thread: the default 16.
  EXPECT_EQ(fpAdds("mov.u64 %rd1, 0;",
                   "add.s64 %rd2, %rd1, 1;\nmov.u64 %rd1, 1;\n"
                   "cvt.u64.u32 %rd3, %tid.x;",
                   "setp.lt.u64 %p1, %rd2, %rd3;\n@%p1 bra $L;"),
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

TEST(PtxTripCount, StartFromARegisterHoldingAConstant) {
  // nvcc's CLBlast GEMM: "mov.u32 %r15, 0; ... mov.u32 %r42, %r15;" before
  // the inner loop `for (pwi = 0; pwi < 32; pwi += 4)`: 0, 4, ..., 28 then
  // 32 exits: 8 iterations (before: 16, or the kernel's given count).
  EXPECT_EQ(fpAdds("mov.u32 %r15, 0;\nmov.u32 %r1, %r15;",
                   "add.s32 %r1, %r1, 4;",
                   "setp.lt.u32 %p1, %r1, 32;\n@%p1 bra $L;"),
            8.0);
  // A register written twice before the loop, in straight-line code: its
  // last write, 4, is the start (valueBefore), so 4, 8, ..., 28 run and 32
  // exits: 7 iterations (before: no constant, the default 16).
  EXPECT_EQ(fpAdds("mov.u32 %r15, 0;\nmov.u32 %r15, 4;\nmov.u32 %r1, %r15;",
                   "add.s32 %r1, %r1, 4;",
                   "setp.lt.u32 %p1, %r1, 32;\n@%p1 bra $L;"),
            7.0);
}

namespace {
/// The fp adds of Body with Facts given (and the default trip count 16).
double fpAddsWithFacts(const std::string &Body, const gpa::BranchFacts &Facts) {
  PtxOptions Opts;
  Opts.BranchFactsFor = [Facts](const std::string &) { return Facts; };
  Opts.TripCountsFor = [Facts](const std::string &) {
    gpa::LoopTripCounts T;
    T.Default.Count = 16;
    T.Default.Kind = "assumed";
    T.Branches = Facts;
    return T;
  };
  PtxModuleResult R = analyze(wrapKernel(Body), Opts);
  EXPECT_EQ(R.Kernels.size(), 1u);
  return R.Kernels.empty() ? -1 : R.Kernels[0].Profile.count(Unit::Fp);
}

/// The fp adds of Body with the block (X, Y, 1) given as a launch fact.
double fpAddsWithBlock(const std::string &Body, unsigned X, unsigned Y) {
  gpa::BranchFacts Facts;
  Facts.BlockThreadsX = X;
  Facts.BlockThreadsY = Y;
  Facts.BlockThreadsZ = 1;
  Facts.LaunchSource = "test";
  return fpAddsWithFacts(Body, Facts);
}
} // namespace

TEST(PtxThreadTripCount, BlockStrideLoopByTheBlockSize) {
  // `for (j = tx; j < 100; j += blockDim.x)`, the step read from %ntid.x,
  // guarded by `tx < 100` and tested after the step:
  //  - block 32: ceil((100 - tx) / 32) = 4 for tx 0..3, 3 for tx 4..31:
  //    mean (4 x 4 + 28 x 3) / 32 = 3.125 (= 100 / 32);
  //  - block 128: 1 for tx 0..99, the other 28 skip the loop (the guard
  //    taken by 28 of 128): 100 / 128 = 0.78125 per thread.
  //  - no block given: the default, 16.
  std::string Body = "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %ntid.x;\n"
                     "setp.gt.s32 %p2, %r1, 99;\n@%p2 bra $Exit;\n"
                     "mov.u32 %r3, %r1;\n"
                     "$L:\nadd.f32 %f1, %f1, %f2;\nadd.s32 %r3, %r3, %r2;\n"
                     "setp.lt.s32 %p1, %r3, 100;\n@%p1 bra $L;\n"
                     "$Exit:\nret;\n";
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(Body, 32, 1), 3.125);
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(Body, 128, 1), 0.78125);
  EXPECT_EQ(fpAddsIn(Body), 16.0);
}

TEST(PtxThreadTripCount, RowsByTidYThroughACopy) {
  // nvcc's rotated `for (i = ty; i < 20; i += 4)`: the header copies the
  // counter ("mov %r8, %r39"), the latch steps the copy and tests the old
  // value ("add %r39, %r8, 4; setp.lt %r8, 16"). Block (8, 3): rows
  // ceil((20 - ty) / 4) = 5, 5, 5 for ty 0..2: 5. Block (8, 6): 5 for ty
  // 0..3, 4 for ty 4, 5: mean (4 x 5 + 2 x 4) / 6 = 28 / 6.
  std::string Body = "mov.u32 %r2, %tid.y;\nmov.u32 %r39, %r2;\n"
                     "$L:\nmov.u32 %r8, %r39;\nadd.f32 %f1, %f1, %f2;\n"
                     "add.s32 %r39, %r8, 4;\nsetp.lt.s32 %p1, %r8, 16;\n"
                     "@%p1 bra $L;\nret;\n";
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(Body, 8, 3), 5.0);
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(Body, 8, 6), 28.0 / 6.0);
}

namespace {
/// ccglib's multi-buffered producer (nvcc's PTX, simplified): k runs 0..63
/// (%r9, with a 64-bit copy %rd30); k_buf (%rd4) starts at 0 before the k
/// loop and is never reset; the producer goes on while k_buf < 64 && k_buf
/// < k + NB (%rd7), behind nvcc's zero-trip guard; in it a copy loop over
/// n = 64 elements, `for (i = tid; i < 64; i += 64)`, which nvcc tests as
/// "i - 64 stepped by 64, >u -65" (i + 64 < 64, unsigned). One fp add per
/// copy.
std::string pipeline(const std::string &Nb, bool SecondCopy = false) {
  return "mov.u32 %r1, %tid.x;\ncvt.u64.u32 %rd1, %r1;\n"
         "mov.u64 %rd4, 0;\nmov.u64 %rd30, %rd4;\nmov.u32 %r9, 0;\n"
         "$LK:\nadd.s64 %rd7, %rd30, " +
         Nb +
         ";\n"
         "setp.ge.u64 %p1, %rd4, %rd7;\nsetp.gt.u64 %p2, %rd4, 63;\n"
         "or.pred %p3, %p2, %p1;\n@%p3 bra $LC;\n"
         "$LP:\nsetp.gt.u32 %p4, %r1, 63;\n@%p4 bra $LL;\n"
         "add.s64 %rd20, %rd1, -64;\n"
         "$LCOPY:\nadd.f32 %f1, %f1, %f2;\nadd.s64 %rd20, %rd20, 64;\n"
         "setp.gt.u64 %p5, %rd20, -65;\n@%p5 bra $LCOPY;\n" +
         std::string(
             SecondCopy
                 ? "mov.u64 %rd21, %rd1;\n$LCOPYB:\n"
                   "add.f32 %f3, %f3, %f2;\nadd.s64 %rd22, %rd21, 64;\n"
                   "setp.gt.u64 %p5, %rd21, -65;\nmov.u64 %rd21, %rd22;\n"
                   "@%p5 bra $LCOPYB;\n"
                 : "") +
         "$LL:\nadd.s64 %rd4, %rd4, 1;\nsetp.lt.u64 %p6, %rd4, 64;\n"
         "setp.lt.u64 %p7, %rd4, %rd7;\nand.pred %p0, %p6, %p7;\n"
         "@%p0 bra $LP;\n"
         "$LC:\nadd.s64 %rd30, %rd30, 1;\nadd.s32 %r9, %r9, 1;\n"
         "setp.lt.u32 %p1, %r9, 64;\n@%p1 bra $LK;\nret;\n";
}
} // namespace

TEST(PtxCarriedTripCount, ProducerLoopOfAPipeline) {
  // Block (64, 1, 1). The producer: k_buf takes 0..63 once each over the
  // k loop (k + 2 = 65 at the last k, above 64): 64 executions, 64 / 64 =
  // 1 per k step. The copy: i - 64 + 64 = tid, and tid >u 2^64 - 65 fails
  // for every tid < 64: 1 per thread. 64 x 1 x 1 = 64 adds (before: the
  // producer's default 16 and the copy's 16, 64 x 16 x 16 = 16384).
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(pipeline("2"), 64, 1), 64.0);
  // NB = 8: k + 8 reaches 71, the constant bound 64 still decides: 64.
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(pipeline("8"), 64, 1), 64.0);
  // Without the block the copy loop keeps the default 16: 64 x 1 x 16.
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(pipeline("2"), 0, 0), 1024.0);
  // ccglib copies B after A: a second copy loop behind the first, closed
  // by "add Y, X, 64; setp X >u -65; mov X, Y" (the test reads the
  // iteration's own i = tid): 1 per thread, followed past the first loop
  // (what that loop writes is unknown after it): 64 + 64 = 128 adds.
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(pipeline("2", true), 64, 1), 128.0);
}

namespace {
/// nvcc's producer unrolled by 4 with a peeled remainder (TILE = 96 in
/// test/cli/cp-async-pipeline-trip-count.test), one fp add per source
/// iteration: k_buf (%rd69) carried across k (%rd70, 64 steps), bounded by
/// 64 and k + NB; T = -max(k_buf - k - NB, k_buf - 64) this entry's
/// iterations, T & 3 peeled bodies, then the loop by 4 behind T < 4.
std::string peeledPipeline(const std::string &NB) {
  std::string Body;
  for (int K = 0; K < 4; ++K)
    Body += "add.f32 %f1, %f1, %f2;\n";
  return "mov.u64 %rd1, 0;\nmov.u64 %rd2, 0;\nmov.u64 %rd3, %rd1;\n"
         "$LK:\nadd.s64 %rd4, %rd2, " +
         NB +
         ";\n"
         "setp.ge.u64 %p1, %rd1, %rd4;\nsetp.gt.u64 %p2, %rd1, 63;\n"
         "or.pred %p3, %p2, %p1;\n@%p3 bra $LEND;\n"
         "mov.u64 %rd5, -" +
         NB +
         ";\nsub.s64 %rd6, %rd5, %rd2;\n"
         "add.s64 %rd7, %rd1, %rd6;\nadd.s64 %rd8, %rd1, -64;\n"
         "max.u64 %rd9, %rd7, %rd8;\nneg.s64 %rd10, %rd9;\n"
         "and.b64 %rd11, %rd10, 3;\nsetp.eq.s64 %p4, %rd11, 0;\n"
         "mov.u64 %rd3, %rd1;\n@%p4 bra $LMAIN;\n"
         "add.f32 %f1, %f1, %f2;\nadd.s64 %rd3, %rd1, 1;\n"
         "setp.eq.s64 %p5, %rd11, 1;\n@%p5 bra $LMAIN;\n"
         "add.f32 %f1, %f1, %f2;\nadd.s64 %rd3, %rd1, 2;\n"
         "setp.eq.s64 %p6, %rd11, 2;\n@%p6 bra $LMAIN;\n"
         "add.f32 %f1, %f1, %f2;\nadd.s64 %rd3, %rd1, 3;\n"
         "$LMAIN:\nsetp.gt.u64 %p7, %rd9, -4;\n@%p7 bra $LEND;\n"
         "$LP:\n" +
         Body +
         "add.s64 %rd3, %rd3, 4;\nsetp.lt.u64 %p1, %rd3, 64;\n"
         "setp.lt.u64 %p2, %rd3, %rd4;\nand.pred %p3, %p1, %p2;\n"
         "@%p3 bra $LP;\n"
         "$LEND:\nmov.u64 %rd1, %rd3;\nadd.s64 %rd2, %rd2, 1;\n"
         "setp.lt.u64 %p4, %rd2, 64;\n@%p4 bra $LK;\nret;\n";
}
} // namespace

TEST(PtxCarriedTripCount, PeeledRemainderAndLoopByFour) {
  // k_buf takes each value 0..63 once over the k loop, one add each: 64,
  // however the entries split them. NB = 2: T = 2, then 1 (k = 1..62),
  // then 0: peeled bodies only. NB = 8: T = 8 at k = 0 (the loop by 4
  // twice), then 1 (k = 1..56), then 0. NB = 16: T = 16 at k = 0 (4 times
  // by 4), 1 after. (Before: the loop by 4 at the default 16 per entry and
  // the peeled tests at LLVM's rates.)
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(peeledPipeline("2"), 0, 0), 64.0);
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(peeledPipeline("8"), 0, 0), 64.0);
  EXPECT_DOUBLE_EQ(fpAddsWithBlock(peeledPipeline("16"), 0, 0), 64.0);
}

TEST(PtxThreadIndexTest, DecidedPerThread) {
  // A 4-trip loop around `if (tid <= 15) add`, the skip taken by tid 16..63
  // (48 of 64 threads): 4 x 16/64 = 1 add per thread (LLVM's 50%: 2).
  EXPECT_DOUBLE_EQ(fpAddsWithBlock("mov.u32 %r1, %tid.x;\nmov.u32 %r2, 0;\n"
                                   "$L:\nsetp.gt.u32 %p1, %r1, 15;\n"
                                   "@%p1 bra $S;\nadd.f32 %f1, %f1, %f2;\n"
                                   "$S:\nadd.s32 %r2, %r2, 1;\n"
                                   "setp.lt.u32 %p2, %r2, 4;\n@%p2 bra $L;\n"
                                   "ret;\n",
                                   64, 1),
                   1.0);
}

namespace {
/// The fp adds of Body with kernel argument 1 (k_param_1) given as N.
double fpAddsWithArgument(const std::string &Body, std::uint64_t N) {
  gpa::BranchFacts Facts;
  Facts.Arguments[1] = N;
  Facts.ArgumentsSource = "test: arguments";
  return fpAddsWithFacts(Body, Facts);
}

/// `for (i = 0; i < BOUND; ++i)` with the step at the top of the header
/// and the test in a latch after an `if` in the body: the test sees the
/// stepped counter (1, 2, ..., BOUND). The fp add is unconditional.
std::string stepInHeader(const std::string &Bound) {
  return "mov.u32 %r1, 0;\n"
         "$L:\nadd.s32 %r1, %r1, 1;\nadd.f32 %f1, %f1, %f2;\n"
         "setp.gt.f32 %p2, %f1, 0f00000000;\n@%p2 bra $Latch;\n"
         "add.s32 %r5, %r5, 1;\n"
         "$Latch:\nsetp.lt.s32 %p1, %r1, " +
         Bound + ";\n@%p1 bra $L;\nret;\n";
}
} // namespace

TEST(PtxTripCount, StepInTheHeaderTestInALaterLatch) {
  // After iteration k the test sees k: it runs while k < 10, so 10 times,
  // not 11 (the count when the test is taken to see the start, 0, 1, ...,
  // 10, as when step and test were required to share a block).
  EXPECT_EQ(fpAddsIn(stepInHeader("10")), 10.0);
  // The same from a given argument: n = 10 -> 10; n = 1 -> 1 (the body
  // runs once before the first test; nvcc guards `0 < n` before the loop).
  std::string Body = "ld.param.u32 %r2, [k_param_1];\n" + stepInHeader("%r2");
  EXPECT_EQ(fpAddsWithArgument(Body, 10), 10.0);
  EXPECT_EQ(fpAddsWithArgument(Body, 1), 1.0);
}
