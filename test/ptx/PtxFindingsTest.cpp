//===- PtxFindingsTest.cpp - Findings of the PTX route --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Hand-written PTX in nvcc's shapes (the -lineinfo .loc and .file
// directives), each rule's finding and the precondition that removes it.
// Expected numbers: 32 lanes, 32-byte sectors (the default geometry).
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

using namespace gpa;
using namespace gpa::ptx;
using namespace gpa::ptx::test;

namespace {
std::vector<PtxFinding> findingsOf(const std::string &Body,
                                   const std::string &Before = "",
                                   const PtxOptions &O = PtxOptions()) {
  PtxModuleResult R =
      analyze(wrapKernel(Body, Before) + ".file 1 \"/src/k.cu\"\n", O);
  EXPECT_EQ(R.Kernels.size(), 1u);
  return R.Kernels.empty() ? std::vector<PtxFinding>() : R.Kernels[0].Findings;
}

// %rd3 = global param + tid.x * 4 (line 5).
const char *Base = ".loc 1 5 3\n"
                   "ld.param.u64 %rd1, [k_param_0];\n"
                   "cvta.to.global.u64 %rd2, %rd1;\n"
                   "mov.u32 %r1, %tid.x;\n"
                   "mul.wide.u32 %rd4, %r1, 4;\n"
                   "add.s64 %rd3, %rd2, %rd4;\n";
} // namespace

TEST(PtxFindings, StridedStoreAtItsLocAndColumn) {
  // Lane i stores at 128 * i: 32 sectors per warp instead of 4 (a warp's
  // 128 contiguous bytes), (32 - 4) x 32 = 896 extra bytes.
  auto F = findingsOf(std::string(Base) + "ld.global.f32 %f1, [%rd3];\n"
                                          ".loc 1 9 7\n"
                                          "shl.b32 %r2, %r1, 5;\n"
                                          "mul.wide.u32 %rd5, %r2, 4;\n"
                                          "add.s64 %rd6, %rd2, %rd5;\n"
                                          "st.global.f32 [%rd6], %f1;\n"
                                          "ret;\n");
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Rule, "UncoalescedAccess");
  EXPECT_EQ(F[0].File, "/src/k.cu");
  EXPECT_EQ(F[0].Line, 9u);
  EXPECT_EQ(F[0].Column, 7u);
  EXPECT_EQ(F[0].Message,
            "uncoalesced global store of 4 B (strided: 128 B between "
            "neighbouring threads): 32 transactions per warp instead of 4, "
            "896 extra DRAM bytes per warp access");
}

TEST(PtxFindings, DisjointOrIsAnOffset) {
  // nvcc's A[i * 4096 + j + 2] in an unrolled loop: (i << 12) * 4 | 8, a
  // 16384-byte stride (the 8 lies below the 2^14 alignment); | 8 on the
  // unaligned i * 4 is no add (0 | 8 = 8, 1 * 4 | 8 = 12, 2 * 4 | 8 = 8):
  // not analysed.
  auto Body = [](const std::string &Index) {
    return std::string(Base) + Index +
           "or.b64 %rd6, %rd5, 8;\n"
           "add.s64 %rd7, %rd2, %rd6;\n"
           "ld.global.f32 %f1, [%rd7];\n"
           "st.global.f32 [%rd3], %f1;\n"
           "ret;\n";
  };
  auto Aligned = findingsOf(Body("shl.b32 %r2, %r1, 12;\n"
                                 "mul.wide.s32 %rd5, %r2, 4;\n"));
  ASSERT_EQ(Aligned.size(), 1u);
  EXPECT_NE(Aligned[0].Message.find("strided: 16384 B"), std::string::npos);
  auto Unaligned = findingsOf(Body("mul.wide.s32 %rd5, %r1, 4;\n"));
  ASSERT_EQ(Unaligned.size(), 1u);
  EXPECT_EQ(Unaligned[0].Rule, "UnanalysedAccess");
}

TEST(PtxFindings, ShortStrideWhoseNeighbourIsReadIsNoFinding) {
  // p[tid].x and p[tid].y: 8 B apart, the other field at +4.
  auto F = findingsOf(".loc 1 5 3\n"
                      "ld.param.u64 %rd1, [k_param_0];\n"
                      "cvta.to.global.u64 %rd2, %rd1;\n"
                      "mov.u32 %r1, %tid.x;\n"
                      "mul.wide.u32 %rd4, %r1, 8;\n"
                      "add.s64 %rd3, %rd2, %rd4;\n"
                      "ld.global.f32 %f1, [%rd3];\n"
                      "ld.global.f32 %f2, [%rd3+4];\n"
                      "add.f32 %f3, %f1, %f2;\n"
                      "st.global.f32 [%rd3], %f3;\n"
                      "ret;\n");
  EXPECT_TRUE(F.empty());
}

TEST(PtxFindings, GatherIsPossiblyUncoalescedModulusIsOneRow) {
  // in[idx[tid]]: the index is loaded at a lane-dependent address.
  auto Gather = findingsOf(std::string(Base) + "ld.global.u32 %r2, [%rd3];\n"
                                               "mul.wide.s32 %rd5, %r2, 4;\n"
                                               "add.s64 %rd6, %rd2, %rd5;\n"
                                               "ld.global.f32 %f1, [%rd6];\n"
                                               "st.global.f32 [%rd3], %f1;\n"
                                               "ret;\n");
  ASSERT_EQ(Gather.size(), 1u);
  EXPECT_EQ(Gather[0].Rule, "UncoalescedAccess");
  EXPECT_NE(Gather[0].Message.find("possibly uncoalesced global load"),
            std::string::npos);
  EXPECT_NE(Gather[0].Message.find("up to 32 transactions per warp"),
            std::string::npos);
  // in[tid % n]: a run-time modulus moves as tid within a row of n (rows
  // assumed at least a warp long, divisor_rows_span_warps): 32 consecutive
  // floats per warp, no finding.
  auto Modulus =
      findingsOf(std::string(Base) + "ld.param.u32 %r3, [k_param_1];\n"
                                     "rem.u32 %r2, %r1, %r3;\n"
                                     "mul.wide.u32 %rd5, %r2, 4;\n"
                                     "add.s64 %rd6, %rd2, %rd5;\n"
                                     "ld.global.f32 %f1, [%rd6];\n"
                                     "st.global.f32 [%rd3], %f1;\n"
                                     "ret;\n");
  EXPECT_TRUE(Modulus.empty());
  // tid * n: a run-time stride.
  auto Stride =
      findingsOf(std::string(Base) + "ld.param.u32 %r3, [k_param_1];\n"
                                     "mul.lo.s32 %r2, %r1, %r3;\n"
                                     "mul.wide.u32 %rd5, %r2, 4;\n"
                                     "add.s64 %rd6, %rd2, %rd5;\n"
                                     "ld.global.f32 %f1, [%rd6];\n"
                                     "st.global.f32 [%rd3], %f1;\n"
                                     "ret;\n");
  ASSERT_EQ(Stride.size(), 1u);
  EXPECT_NE(Stride[0].Message.find("variable_stride"), std::string::npos);
}

TEST(PtxFindings, DoubleLiteralInAFloatKernelIsOneFindingPerStatement) {
  std::string Body = std::string(Base) +
                     "ld.global.f32 %f1, [%rd3];\n"
                     ".loc 1 8 3\n"
                     "cvt.f64.f32 %fd1, %f1;\n"
                     "mul.f64 %fd2, %fd1, 0d3FE0000000000000;\n"
                     "add.f64 %fd3, %fd2, 0d3FF0000000000000;\n"
                     "cvt.rn.f32.f64 %f2, %fd3;\n"
                     "st.global.f32 [%rd3], %f2;\n"
                     "ret;\n";
  auto F = findingsOf(Body);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Rule, "DoublePrecisionInFloatKernel");
  EXPECT_EQ(F[0].Line, 8u);
  // Without a GPU the ratio is left out.
  EXPECT_EQ(F[0].Message,
            "double-precision arithmetic in a kernel whose data is float, "
            "caused by the double literal 0.5, the double literal 1: 2 "
            "instruction(s) run on FP64 (mul.f64 at 8:3, add.f64 at 8:3)");
  // Double data: the arithmetic is the data's own.
  std::string Doubles = Body;
  for (auto [From, To] :
       {std::pair<std::string, std::string>{"ld.global.f32 %f1",
                                            "ld.global.f64 %fd4"},
        {"st.global.f32 [%rd3], %f2", "st.global.f64 [%rd3], %fd3"}})
    Doubles.replace(Doubles.find(From), From.size(), To);
  EXPECT_TRUE(findingsOf(Doubles).empty());
}

TEST(PtxFindings, LocalArrayIndexedAtRunTime) {
  std::string Depot = "mov.u64 %rd9, __local_depot0;\n"
                      "add.u64 %rd10, %rd9, 0;\n";
  // The depot is declared in the body, before the registers' uses.
  auto Body = [&](const std::string &Index) {
    return ".local .align 4 .b8 __local_depot0[64];\n" + std::string(Base) +
           Depot + "ld.global.f32 %f1, [%rd3];\n" +
           "st.local.f32 [%rd10+8], %f1;\n" + ".loc 1 12 5\n" + Index +
           "st.global.f32 [%rd3], %f2;\nret;\n";
  };
  auto F = findingsOf(Body("ld.global.u32 %r2, [%rd3];\n"
                           "mul.wide.u32 %rd11, %r2, 4;\n"
                           "add.s64 %rd12, %rd10, %rd11;\n"
                           "ld.local.f32 %f2, [%rd12];\n"));
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Rule, "LocalMemoryArray");
  EXPECT_EQ(F[0].Line, 12u);
  EXPECT_EQ(F[0].Message, "private array of 64 B indexed at run time lives in "
                          "local memory: this load is a local-memory access "
                          "(local_mem) instead of a register");
  // Constant offsets only: no run-time index.
  EXPECT_TRUE(findingsOf(Body("ld.local.f32 %f2, [%rd10+8];\n")).empty());
}

TEST(PtxFindings, BankConflictCountsTheLanesUnderTheGuard) {
  auto Body = [](const std::string &Guard) {
    return ".shared .align 4 .b8 s[4096];\n" + std::string(Base) +
           "ld.global.f32 %f1, [%rd3];\n" + Guard +
           ".loc 1 20 5\n"
           "shl.b32 %r2, %r1, 6;\n"
           "mov.u32 %r3, s;\n"
           "add.s32 %r4, %r3, %r2;\n"
           "st.shared.f32 [%r4], %f1;\n"
           "$L_end:\n"
           "ret;\n";
  };
  // 16 words apart: gcd(16, 32) = 16-way for a full warp.
  auto All = findingsOf(Body(""));
  ASSERT_EQ(All.size(), 1u);
  EXPECT_EQ(All[0].Rule, "SharedBankConflict");
  EXPECT_EQ(All[0].Line, 20u);
  EXPECT_NE(All[0].Message.find("16-way"), std::string::npos);
  // tid.x > 1 skips: lanes 0 and 1 store, banks 0 and 16: no conflict.
  EXPECT_TRUE(findingsOf(Body("setp.gt.u32 %p1, %r1, 1;\n"
                              "@%p1 bra $L_end;\n"))
                  .empty());
  // tid.x < 4 on a predicate of the store itself: 4 lanes, banks 0, 16,
  // 0, 16: 2-way.
  std::string Predicated = Body("setp.lt.u32 %p1, %r1, 4;\n");
  Predicated.replace(Predicated.find("st.shared"), 0, "@%p1 ");
  auto Four = findingsOf(Predicated);
  ASSERT_EQ(Four.size(), 1u);
  EXPECT_NE(Four[0].Message.find("2-way"), std::string::npos);
  EXPECT_NE(Four[0].Message.find("4 lanes under its guard"), std::string::npos);
}

TEST(PtxFindings, WithoutLocNoLocation) {
  std::string Body = "ld.param.u64 %rd1, [k_param_0];\n"
                     "mov.u32 %r1, %tid.x;\n"
                     "mul.wide.u32 %rd4, %r1, 128;\n"
                     "add.s64 %rd3, %rd1, %rd4;\n"
                     "st.global.f32 [%rd3], %f1;\n"
                     "ret;\n";
  PtxModuleResult R = analyze(wrapKernel(Body));
  ASSERT_EQ(R.Kernels.size(), 1u);
  ASSERT_EQ(R.Kernels[0].Findings.size(), 1u);
  EXPECT_EQ(R.Kernels[0].Findings[0].Line, 0u);
  EXPECT_TRUE(R.Kernels[0].Findings[0].File.empty());
}

namespace {
// Two sides under the predicate Setp (line 7) and `@%p2 bra` (line 8):
// the taken side stores at line 11; the other at line 9 unless EmptyOther.
std::vector<PtxFinding> branchFindings(const std::string &Setp,
                                       bool EmptyOther = false) {
  std::string Other =
      EmptyOther ? "" : ".loc 1 9 5\nst.global.f32 [%rd3], %f1;\n";
  return findingsOf(std::string(Base) + "mov.f32 %f1, 0f3F800000;\n" +
                    ".loc 1 7 3\n" + Setp + ".loc 1 8 3\n@%p2 bra $L_A;\n" +
                    Other +
                    "bra.uni $L_J;\n"
                    "$L_A:\n"
                    ".loc 1 11 5\n"
                    "st.global.f32 [%rd3+4096], %f1;\n"
                    "$L_J:\n"
                    "ret;\n");
}
} // namespace

TEST(PtxFindings, DivergentBranchThroughPredicateLogic) {
  // nvcc's tx % 2 == 0: and 1, compared with 1, then negated; both sides
  // store: the warp runs one after the other (the IR rule's wording).
  auto F = branchFindings("and.b32 %r2, %r1, 1;\n"
                          "setp.eq.b32 %p1, %r2, 1;\n"
                          "not.pred %p2, %p1;\n");
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Rule, "DivergentBranch");
  EXPECT_EQ(F[0].Line, 8u);
  EXPECT_EQ(F[0].Message,
            "branch diverges within a warp (threadIdx.x & 1 differs within a "
            "warp): the warp executes both sides one after the other");
}

TEST(PtxFindings, WarpUniformAndTailGuardsAreNoDivergentBranch) {
  // tx > 63: threads 64 and up, whole warps (the boundary is 64, not 63).
  EXPECT_TRUE(branchFindings("setp.gt.u32 %p2, %r1, 63;\n").empty());
  // The block index and a parameter are the same in every lane.
  EXPECT_TRUE(branchFindings("mov.u32 %r2, %ctaid.x;\n"
                             "setp.lt.u32 %p2, %r2, 3;\n")
                  .empty());
  EXPECT_TRUE(branchFindings("ld.param.u32 %r2, [k_param_1];\n"
                             "setp.gt.s32 %p2, %r2, 5;\n")
                  .empty());
  // tx < 2 with one side empty: two lanes of one warp work, the others
  // wait; nothing runs one after the other. Both sides: a finding.
  EXPECT_TRUE(branchFindings("setp.lt.u32 %p2, %r1, 2;\n", true).empty());
  auto Both = branchFindings("setp.lt.u32 %p2, %r1, 2;\n");
  ASSERT_EQ(Both.size(), 1u);
  EXPECT_NE(Both[0].Message.find("compared with 2"), std::string::npos);
}
