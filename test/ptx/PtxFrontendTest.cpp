//===- PtxFrontendTest.cpp - Profiles, calls and coalescing --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

using namespace gpa;
using namespace gpa::ptx;
using namespace gpa::ptx::test;

/// The single kernel of R, by value (callers bind it to a const reference,
/// which extends the copy's lifetime past the analyzed module's).
static PtxKernelResult only(const PtxModuleResult &R) {
  EXPECT_EQ(R.Kernels.size(), 1u);
  return R.Kernels.empty() ? PtxKernelResult() : R.Kernels[0];
}

// tid.x-indexed float pointer: %rd3 = param + tid.x * 4.
static const char *Indexed = "ld.param.u64 %rd1, [k_param_0];\n"
                             "cvta.to.global.u64 %rd2, %rd1;\n"
                             "mov.u32 %r1, %tid.x;\n"
                             "mul.wide.u32 %rd4, %r1, 4;\n"
                             "add.s64 %rd3, %rd2, %rd4;\n";

TEST(PtxFrontend, ModuleHeaderAndKernelFacts) {
  PtxModuleResult R =
      analyze(".version 8.7\n.target sm_90a\n.address_size 64\n"
              ".visible .entry first() .reqntid 32, 4\n{\n.loc 1 7 2\nret;\n}\n"
              ".visible .entry second() .maxntid 512\n{\nret;\n}\n"
              ".file 1 \"kern.cu\"\n");
  EXPECT_EQ(R.Version, "8.7");
  EXPECT_EQ(R.Target, "sm_90a");
  EXPECT_EQ(R.SmVersion, 90u);
  ASSERT_EQ(R.Kernels.size(), 2u);
  EXPECT_EQ(R.Kernels[0].Profile.Name, "first");
  EXPECT_EQ(R.Kernels[0].Profile.Launch.ThreadsPerBlock, 128u);
  EXPECT_EQ(R.Kernels[0].PtxLine, 4u);
  EXPECT_EQ(R.Kernels[0].SourceFile, "kern.cu");
  EXPECT_EQ(R.Kernels[0].SourceLine, 7u);
  EXPECT_EQ(R.Kernels[1].Profile.Launch.ThreadsPerBlock, 512u);
  EXPECT_EQ(R.Kernels[1].SourceLine, 0u);
  EXPECT_FALSE(hasWarning(R.Kernels[1], "ThreadsPerBlock"));
  EXPECT_EQ(R.Kernels[1].Profile.count(Unit::Other), 1.0);
}

TEST(PtxFrontend, DefaultBlockSizeIsAnAssumption) {
  PtxOptions O;
  O.DefaultThreadsPerBlock = 96;
  O.Blocks = 40;
  const PtxKernelResult &K = only(analyze(wrapKernel("ret;\n"), O));
  EXPECT_EQ(K.Profile.Launch.ThreadsPerBlock, 96u);
  EXPECT_EQ(K.Profile.Launch.Blocks, 40u);
  EXPECT_TRUE(hasWarning(K, "ThreadsPerBlock 96 assumed"));
}

TEST(PtxFrontend, RegisterEstimate) {
  // 12 f32 + 2 x 4 b64 + 3 b16 + 2 x (v2 b32) = 12 + 8 + 3 + 4; preds
  // excluded.
  const PtxKernelResult &K = only(
      analyze(".version 9.0\n.target sm_80\n.entry k()\n{\n.reg .pred %p<9>;\n"
              ".reg .f32 %f<12>;\n.reg .b64 %rd<4>;\n.reg .b16 %h<3>;\n"
              ".reg .v2 .b32 %v<2>;\nret;\n}\n"));
  EXPECT_EQ(K.Profile.Launch.RegistersPerThread, 27u);
}

TEST(PtxFrontend, RegisterEstimateHonoursMaxnregAndHardwareLimit) {
  const PtxKernelResult &A =
      only(analyze(".entry k() .maxnreg 16\n{\n.reg .f32 %f<40>;\nret;\n}\n"));
  EXPECT_EQ(A.Profile.Launch.RegistersPerThread, 16u);
  const PtxKernelResult &B =
      only(analyze(".entry k()\n{\n.reg .b64 %rd<200>;\nret;\n}\n"));
  EXPECT_EQ(B.Profile.Launch.RegistersPerThread, 255u);
  EXPECT_TRUE(hasWarning(B, "clamped to 255"));
}

TEST(PtxFrontend, SharedBytesCountOnlyReferencedStaticArrays) {
  const char *Decls = ".shared .align 4 .b8 used[1024];\n"
                      ".shared .align 4 .f32 unused[64];\n"
                      ".extern .shared .align 16 .b8 dyn[];\n";
  PtxOptions O;
  O.DynamicSharedBytes = 100;
  const PtxKernelResult &K =
      only(analyze(wrapKernel("mov.u32 %r1, used;\nmov.u32 %r2, dyn;\n"
                              ".shared .align 8 .b8 local_tile[256];\nret;\n",
                              Decls),
                   O));
  EXPECT_EQ(K.Profile.Launch.SharedBytesPerBlock, 1024u + 256u + 100u);
  EXPECT_TRUE(hasWarning(K, "dynamic shared memory 'dyn'"));
}

TEST(PtxFrontend, DeviceFunctionCallsAreFolded) {
  std::string Text =
      ".version 9.0\n.target sm_80\n"
      ".func (.param .b32 r) leaf(.param .b32 a)\n{\n.reg .f32 %f<4>;\n"
      "sin.approx.f32 %f1, %f2;\nst.param.b32 [r], %f1;\nret;\n}\n"
      ".func mid()\n{\n.reg .b32 %r<20>;\n"
      "call.uni (retval0), leaf, (param0);\n"
      "call.uni (retval0), leaf, (param0);\nret;\n}\n"
      ".entry k()\n{\n.reg .pred %p<2>;\n.reg .b32 %r<5>;\n"
      "mov.u32 %r1, 0;\n$L:\n"
      "{\n.param .b32 param0;\ncall.uni mid, ();\n}\n"
      "add.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, 4;\n@%p1 bra $L;\n"
      "ret;\n}\n";
  const PtxKernelResult &K = only(analyze(Text));
  // The loop runs 4x (mov 0; add 1; setp.lt 4: a constant trip count);
  // mid calls leaf twice; leaf has one sin.
  EXPECT_EQ(K.Profile.count(Unit::Sfu), 8.0);
  // Other: kernel (4 call + 4 bra + 1 ret) + 4 x mid (2 call + 1 ret)
  // + 8 x leaf (1 ret).
  EXPECT_EQ(K.Profile.count(Unit::Other), 9.0 + 12.0 + 8.0);
  // st.param counts as ALU; plus mov, setp x4.
  EXPECT_EQ(K.Profile.count(Unit::Alu), 8.0 + 1 + 4);
  // Registers: kernel 5 + deepest callee chain (mid 20 + leaf 4).
  EXPECT_EQ(K.Profile.Launch.RegistersPerThread, 29u);
  EXPECT_FALSE(hasWarning(K, "recursive"));
}

TEST(PtxFrontend, RecursionAndExternalCallsAreWarned) {
  std::string Text =
      ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, "
      ".param .b64 b);\n"
      ".func rec()\n{\nadd.s32 %r1, %r1, 1;\ncall.uni rec, ();\n"
      "call.uni (retval0), vprintf, (param0, param1);\nret;\n}\n"
      ".entry k()\n{\ncall.uni rec, ();\nret;\n}\n";
  const PtxKernelResult &K = only(analyze(Text));
  EXPECT_EQ(K.Profile.count(Unit::Int), 1.0);
  EXPECT_TRUE(hasWarning(K, "recursive call from 'rec' to 'rec'"));
  EXPECT_TRUE(hasWarning(K, "call to 'vprintf' (declared without a body)"));
}

TEST(PtxFrontend, CountsStayWithinProfileLimits) {
  // A 12-deep loop nest (16^12 > 1e12, clamped per block) calling a
  // function with the same nest: the product is clamped to 1e15.
  auto Nest = [](const std::string &Inner) {
    std::string B;
    for (int I = 0; I < 12; ++I)
      B += "$H" + std::to_string(I) + ":\nmov.u32 %r2, 0;\n";
    B += Inner;
    for (int I = 11; I >= 0; --I)
      B += "@%p1 bra $H" + std::to_string(I) + ";\n";
    return B + "ret;\n";
  };
  std::string Text = ".func f()\n{\n" + Nest("add.s32 %r1, %r1, 1;\n") +
                     "}\n.entry k()\n{\n" + Nest("call.uni f, ();\n") + "}\n";
  const PtxKernelResult &K = only(analyze(Text));
  EXPECT_EQ(K.Profile.count(Unit::Int), 1e15);
  EXPECT_TRUE(hasWarning(K, "per-thread counts clamped"));
}

TEST(PtxFrontend, DeepCallChainsAreBounded) {
  std::string Text;
  for (int I = 40; I > 0; --I)
    Text += ".func f" + std::to_string(I) + "()\n{\nadd.s32 %r1, %r1, 1;\n" +
            (I < 40 ? "call.uni f" + std::to_string(I + 1) + ", ();\n" : "") +
            "ret;\n}\n";
  Text += ".entry k()\n{\ncall.uni f1, ();\nret;\n}\n";
  PtxOptions O;
  O.MaxCallDepth = 8;
  const PtxKernelResult &K = only(analyze(Text, O));
  // k -> f1 (depth 1) ... f8 (depth 8) folded; f8 -> f9 is not.
  EXPECT_EQ(K.Profile.count(Unit::Int), 8.0);
  EXPECT_TRUE(hasWarning(K, "call chain deeper than 8"))
      << ::testing::PrintToString(K.Warnings);
}

TEST(PtxFrontend, CoalescedAccess) {
  const PtxKernelResult &K = only(analyze(wrapKernel(
      std::string(Indexed) + "ld.global.f32 %f1, [%rd3];\n"
                             "st.global.f32 [%rd3+4], %f1;\nret;\n")));
  EXPECT_EQ(K.GlobalAccesses.Coalesced, 2.0);
  EXPECT_EQ(K.Profile.UncoalescedMem, 0.0);
  EXPECT_EQ(K.Profile.BytesPerMemAccess, 4.0);
  EXPECT_FALSE(hasWarning(K, "assumed coalesced"));
}

TEST(PtxFrontend, BroadcastAccessIsCoalescedAndNoted) {
  const PtxKernelResult &K = only(analyze(
      wrapKernel("ld.param.u64 %rd1, [k_param_0];\nmov.u32 %r1, %ctaid.x;\n"
                 "mov.u32 %r2, %tid.y;\nadd.s32 %r3, %r1, %r2;\n"
                 "mul.wide.u32 %rd2, %r3, 8;\nadd.s64 %rd3, %rd1, %rd2;\n"
                 "ld.global.f64 %fd1, [%rd3];\nret;\n")));
  EXPECT_EQ(K.GlobalAccesses.Broadcast, 1.0);
  EXPECT_EQ(K.Profile.UncoalescedMem, 0.0);
  EXPECT_EQ(K.Profile.BytesPerMemAccess, 8.0);
  EXPECT_TRUE(hasWarning(K, "(broadcast)"));
}

TEST(PtxFrontend, StridedAccessIsUncoalesced) {
  // Address = base + tid.x * 2 * 16: a 32-byte stride for 4-byte loads,
  // inside a 9-iteration loop (mov 0; add 1; setp.lt 9).
  const PtxKernelResult &K = only(analyze(wrapKernel(
      "ld.param.u64 %rd1, [k_param_0];\nmov.u32 %r1, %tid.x;\n"
      "shl.b32 %r2, %r1, 1;\nmul.wide.s32 %rd2, %r2, 16;\n"
      "add.s64 %rd3, %rd1, %rd2;\nmov.u32 %r5, 0;\n$L:\n"
      "ld.global.u32 %r4, [%rd3];\nadd.s64 %rd3, %rd3, 4;\n"
      "add.s32 %r5, %r5, 1;\nsetp.lt.s32 %p1, %r5, 9;\n@%p1 bra $L;\n"
      "ret;\n")));
  EXPECT_EQ(K.GlobalAccesses.Strided, 9.0);
  EXPECT_EQ(K.Profile.UncoalescedMem, 9.0);
  // A 32-byte stride puts every lane in a 32-byte sector of its own.
  EXPECT_EQ(K.Profile.UncoalescedTransactionsPerWarp, 32.0);
}

TEST(PtxFrontend, DataDependentAddressIsUnknownAssumedUncoalesced) {
  const PtxKernelResult &K = only(analyze(
      wrapKernel(std::string(Indexed) + "ld.global.u32 %r2, [%rd3];\n"
                                        "mul.wide.u32 %rd5, %r2, 4;\n"
                                        "add.s64 %rd6, %rd2, %rd5;\n"
                                        "ld.global.f32 %f1, [%rd6];\nret;\n")));
  EXPECT_EQ(K.GlobalAccesses.Coalesced, 1.0);
  EXPECT_EQ(K.GlobalAccesses.Unknown, 1.0);
  // The shared policy: a sector per lane (32 lanes, 4-byte loads).
  EXPECT_EQ(K.Profile.UncoalescedMem, 1.0);
  EXPECT_EQ(K.Profile.UncoalescedTransactionsPerWarp, 32.0);
  EXPECT_TRUE(hasWarning(K, "1 global access(es) with an address not "
                            "affine in %tid.x assumed uncoalesced"));
}

TEST(PtxFrontend, InductionVariableKeepsItsStride) {
  // Grid-stride loop: i = ctaid*ntid + tid; i += ntid*nctaid.
  const PtxKernelResult &K = only(analyze(
      wrapKernel("ld.param.u64 %rd1, [k_param_0];\nmov.u32 %r1, %ntid.x;\n"
                 "mov.u32 %r2, %ctaid.x;\nmov.u32 %r3, %tid.x;\n"
                 "mad.lo.s32 %r4, %r2, %r1, %r3;\nmov.u32 %r5, %nctaid.x;\n"
                 "mul.lo.s32 %r6, %r1, %r5;\n$L:\n"
                 "mul.wide.s32 %rd2, %r4, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
                 "st.global.f32 [%rd3], %f1;\nadd.s32 %r4, %r4, %r6;\n"
                 "setp.lt.s32 %p1, %r4, 1000;\n@%p1 bra $L;\nret;\n")));
  EXPECT_EQ(K.GlobalAccesses.Coalesced, 16.0);
}

TEST(PtxFrontend, GenericAndUnknownOpcodesAreWarned) {
  const PtxKernelResult &K = only(analyze(wrapKernel(
      "ld.u32 %r1, [%rd1];\nfrobnicate.b32 %r2;\nfrobnicate.b32 %r3;\n"
      "ret;\n")));
  EXPECT_EQ(K.Profile.count(Unit::GlobalMem), 1.0);
  EXPECT_EQ(K.Profile.count(Unit::Other), 3.0);
  EXPECT_TRUE(hasWarning(K, "unknown opcode 'frobnicate' counted as 'other' "
                            "(2 occurrence(s))"));
  EXPECT_TRUE(hasWarning(K, "1 ld/st without a state space"));
}

TEST(PtxFrontend, PredicatedInstructionsCountFully) {
  const PtxKernelResult &K = only(analyze(wrapKernel(
      "@%p1 add.f32 %f1, %f2, %f3;\n@!%p1 mul.f32 %f1, %f2, %f3;\nret;\n")));
  EXPECT_EQ(K.Profile.count(Unit::Fp), 2.0);
}

TEST(PtxFrontend, DuplicateDefinitionIsAnError) {
  std::string Error =
      errorOf(".entry k()\n{\nret;\n}\n.entry k()\n{\nret;\n}\n");
  EXPECT_EQ(Error, "bad.ptx:5:8: function 'k' is defined twice");
}

TEST(PtxFrontend, MissingFileIsAnError) {
  PtxModuleResult R;
  std::string Error;
  EXPECT_FALSE(parsePtxFile("/nonexistent/x.ptx", PtxOptions(), R, Error));
  EXPECT_EQ(Error, "/nonexistent/x.ptx: cannot open file");
}

TEST(PtxFrontend, GeometryChosenFromTheTargetIsUsedForCounting) {
  // The 32-byte stride of StridedAccessIsUncoalesced on a GPU with 128-byte
  // transactions (GTX280-class, HK09): 32 lanes x 32 B span 8 of them. The
  // caller chooses that GPU from the .target; the count must use it.
  std::vector<unsigned> Asked;
  PtxOptions Opts;
  Opts.MemoryForTarget =
      [&](unsigned Sm) -> std::optional<gpa::MemoryGeometry> {
    Asked.push_back(Sm);
    gpa::MemoryGeometry G;
    G.SectorBytes = 128;
    return G;
  };
  const PtxKernelResult &K = only(analyze(
      wrapKernel("ld.param.u64 %rd1, [k_param_0];\nmov.u32 %r1, %tid.x;\n"
                 "shl.b32 %r2, %r1, 1;\nmul.wide.s32 %rd2, %r2, 16;\n"
                 "add.s64 %rd3, %rd1, %rd2;\nld.global.u32 %r4, [%rd3];\n"
                 "ret;\n"),
      Opts));
  EXPECT_EQ(K.Profile.UncoalescedTransactionsPerWarp, 8.0);
  EXPECT_EQ(Asked, std::vector<unsigned>{80});
  // A module without a kernel body chooses nothing.
  Asked.clear();
  analyze(".version 9.0\n.target sm_75\n.address_size 64\n", Opts);
  EXPECT_TRUE(Asked.empty());
}

// Registers a loop walks (PtxAccessFacts.cpp; docs/validation.md "Rows
// walked through an index and a pointer"): row i through the 32-bit index
// %r2 (j, + 2048 per iteration, mul.wide by 4), row i + 1 through the
// pointer %rd5 (data + 4 j + 8192, + 8192 per iteration). Both are
// data + 4 j + 8192 x iteration: one group at offsets 0 and 8192; the read
// of %rd5 after its step in the same block is one step further (16384).
static std::string rowWalks(const std::string &Step) {
  return wrapKernel("ld.param.u64 %rd1, [k_param_0];\n"
                    "mov.u32 %r1, %tid.x;\n"
                    "mul.wide.s32 %rd2, %r1, 4;\n"
                    "add.s64 %rd3, %rd1, %rd2;\n"
                    "add.s64 %rd5, %rd3, 8192;\n"
                    "mov.u32 %r2, %r1;\n"
                    "mov.u32 %r3, 0;\n"
                    "$L:\n"
                    "mul.wide.s32 %rd6, %r2, 4;\n"
                    "add.s64 %rd7, %rd1, %rd6;\n"
                    "ld.global.f32 %f1, [%rd7];\n"
                    "ld.global.f32 %f2, [%rd5];\n" +
                    Step +
                    "ld.global.f32 %f3, [%rd5];\n"
                    "add.s32 %r2, %r2, 2048;\n"
                    "add.s32 %r3, %r3, 1;\n"
                    "setp.lt.s32 %p1, %r3, 100;\n"
                    "@%p1 bra $L;\nret;\n");
}

TEST(PtxFrontend, LoopWalkedIndexAndPointerShareAGroup) {
  const PtxKernelResult &K =
      only(analyze(rowWalks("add.s64 %rd5, %rd5, 8192;\n")));
  const std::vector<GlobalAccessFact> &A = K.Profile.GlobalAccesses;
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(A[0].Base, "arg0");
  EXPECT_EQ(A[1].Group, A[0].Group);
  EXPECT_EQ(A[2].Group, A[0].Group);
  EXPECT_EQ(A[0].OffsetBytes, 0.0);
  EXPECT_EQ(A[1].OffsetBytes, 8192.0);
  EXPECT_EQ(A[2].OffsetBytes, 16384.0);
  EXPECT_EQ(A[1].IterationStrideBytes, 8192.0);
}

TEST(PtxFrontend, ConditionalStepIsNoLoopWalk) {
  // The pointer's step skipped on some iterations: %rd5 is no function of
  // the iteration, and keeps a group of its own.
  const PtxKernelResult &K =
      only(analyze(rowWalks("setp.eq.s32 %p2, %r3, 7;\n@%p2 bra $S;\n"
                            "add.s64 %rd5, %rd5, 8192;\n$S:\n")));
  const std::vector<GlobalAccessFact> &A = K.Profile.GlobalAccesses;
  ASSERT_EQ(A.size(), 3u);
  EXPECT_NE(A[1].Group, A[0].Group);
  EXPECT_EQ(A[2].Group, A[1].Group);
}
