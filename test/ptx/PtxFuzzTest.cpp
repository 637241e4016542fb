//===- PtxFuzzTest.cpp - Mutated input never crashes the parser ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Deterministic mutation fuzzing: truncations, byte replacements, deletions
// and duplications of a realistic module (the saxpy fixture when nvcc built
// it, plus a hand-written module with calls, loops and shared memory). Each
// mutant must either parse into finite counts or give a located error.
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

using namespace gpa::ptx;

static const char *HandWritten = R"(.version 9.0
.target sm_80
.address_size 64
.shared .align 4 .b8 tile[1024];
.func (.param .b32 r) helper(.param .b32 a)
{
  .reg .f32 %f<4>;
  ld.param.f32 %f1, [a];
  sqrt.rn.f32 %f2, %f1;
  st.param.f32 [r], %f2;
  ret;
}
.visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)
.maxntid 256, 1, 1
{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  ld.param.u32 %r1, [k_param_1];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r2, %tid.x;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd2, %rd3;
  mov.u32 %r3, 0;
$L__BB0_1:
  ld.global.f32 %f1, [%rd4];
  shl.b32 %r4, %r2, 2;
  mov.u32 %r5, tile;
  add.s32 %r6, %r5, %r4;
  st.shared.f32 [%r6], %f1;
  bar.sync 0;
  {
  .param .b32 param0;
  st.param.f32 [param0], %f1;
  .param .b32 retval0;
  call.uni (retval0), helper, (param0);
  ld.param.f32 %f2, [retval0];
  }
  setp.gt.f32 %p2, %f2, 0f3F800000;
  @%p2 bra $L__BB0_3;
  atom.global.add.f32 %f3, [%rd4], %f2;
$L__BB0_3:
  add.s32 %r3, %r3, 1;
  setp.lt.s32 %p1, %r3, %r1;
  @%p1 bra $L__BB0_1;
  ret;
}
)";

static void checkResult(const std::string &Text, unsigned &Parsed) {
  PtxModuleResult R;
  std::string Error;
  bool Ok = parsePtxModule(Text, "fuzz.ptx", PtxOptions(), R, Error);
  if (!Ok) {
    ASSERT_EQ(Error.rfind("fuzz.ptx:", 0), 0u) << Error;
    return;
  }
  ++Parsed;
  for (const PtxKernelResult &K : R.Kernels)
    for (double C : K.Profile.PerThread)
      ASSERT_TRUE(std::isfinite(C) && C >= 0) << Text;
}

static void fuzz(const std::string &Seed, unsigned Iterations) {
  std::mt19937 Rng(20240601u);
  const std::string Tricky = "{}[]();,.@!%$:<>|-+\"/*0fxL_\n ";
  unsigned Parsed = 0;
  for (unsigned I = 0; I < Iterations; ++I) {
    std::string T = Seed;
    unsigned Mutations = 1 + Rng() % 3;
    for (unsigned M = 0; M < Mutations && !T.empty(); ++M) {
      size_t Pos = Rng() % T.size();
      size_t Len = 1 + Rng() % 16;
      switch (Rng() % 5) {
      case 0:
        T.resize(Pos);
        break;
      case 1:
        T[Pos] = Tricky[Rng() % Tricky.size()];
        break;
      case 2:
        T.erase(Pos, Len);
        break;
      case 3:
        T.insert(Pos, T.substr(Rng() % T.size(), Len));
        break;
      case 4:
        T[Pos] = static_cast<char>(Rng() % 256);
        break;
      }
    }
    checkResult(T, Parsed);
    if (::testing::Test::HasFatalFailure())
      return;
  }
  // Many mutants (comment or whitespace edits) must still parse.
  EXPECT_GT(Parsed, Iterations / 50);
}

TEST(PtxFuzz, HandWrittenModuleMutants) {
  unsigned Parsed = 0;
  checkResult(HandWritten, Parsed);
  ASSERT_EQ(Parsed, 1u);
  fuzz(HandWritten, 3000);
}

TEST(PtxFuzz, EveryTruncationOfTheHandWrittenModule) {
  std::string Text = HandWritten;
  unsigned Parsed = 0;
  for (size_t N = 0; N <= Text.size(); ++N)
    checkResult(Text.substr(0, N), Parsed);
}

TEST(PtxFuzz, FixtureMutants) {
  std::ifstream In(std::string(GPA_PTX_FIXTURE_DIR) + "/saxpy.ptx");
  if (!In)
    GTEST_SKIP() << "saxpy.ptx not generated (nvcc unavailable)";
  std::stringstream SS;
  SS << In.rdbuf();
  fuzz(SS.str(), 2000);
}
