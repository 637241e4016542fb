//===- PtxFixtureTest.cpp - nvcc-generated PTX of Inputs/*.cu ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The expected numbers follow from the CUDA sources and the heuristic in
// docs/ptx-frontend.md (trip count 16, bounds checks split 50/50, zero-trip
// loop guards assumed not taken), not from recorded output. The tests skip
// when nvcc was not available to generate the PTX.
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

#include "gpa/InstructionCosts.h"

#include <fstream>

using namespace gpa;
using namespace gpa::ptx;

namespace {
class PtxFixture : public ::testing::Test {
protected:
  PtxModuleResult R;
  const PtxKernelResult *K = nullptr;

  /// Loads Inputs/Name.ptx; false when it was not generated.
  bool load(const std::string &Name) {
    std::string Path = std::string(GPA_PTX_FIXTURE_DIR) + "/" + Name + ".ptx";
    if (!std::ifstream(Path))
      return false;
    std::string Error;
    EXPECT_TRUE(parsePtxFile(Path, PtxOptions(), R, Error)) << Error;
    EXPECT_EQ(R.Kernels.size(), 1u);
    if (!R.Kernels.empty())
      K = &R.Kernels[0];
    return K != nullptr;
  }
  double count(Unit U) const { return K->Profile.count(U); }
};
} // namespace

#define LOAD_OR_SKIP(Name)                                                     \
  if (!load(Name))                                                             \
  GTEST_SKIP() << Name ".ptx not generated (nvcc unavailable)"

TEST_F(PtxFixture, Saxpy) {
  LOAD_OR_SKIP("saxpy");
  EXPECT_EQ(R.Target, "sm_80");
  EXPECT_EQ(R.SmVersion, 80u);
  EXPECT_NE(K->Profile.Name.find("saxpy"), std::string::npos);
  EXPECT_EQ(K->NumLoops, 1u);
  // Per iteration: load x[i], load y[i], store y[i]; one FMA. The zero-trip
  // guard before the grid-stride loop is assumed not taken: 16 iterations.
  EXPECT_EQ(count(Unit::GlobalMem), 3 * 16.0);
  EXPECT_EQ(count(Unit::Fp), 16.0);
  EXPECT_EQ(K->GlobalAccesses.Coalesced, 48.0);
  EXPECT_EQ(K->Profile.UncoalescedMem, 0.0);
  EXPECT_EQ(K->Profile.BytesPerMemAccess, 4.0);
  EXPECT_EQ(count(Unit::Sync), 0.0);
  EXPECT_EQ(count(Unit::SharedMem), 0.0);
  EXPECT_EQ(K->Profile.Launch.ThreadsPerBlock, 256u);
  EXPECT_TRUE(test::hasWarning(*K, "ThreadsPerBlock 256 assumed"));
}

TEST_F(PtxFixture, MatmulNaive) {
  LOAD_OR_SKIP("matmul_naive");
  EXPECT_EQ(K->NumLoops, 1u);
  // The bounds check halves everything behind it: the k loop runs
  // 0.5 x 16 = 8 times per thread with one A load (same address for every
  // threadIdx.x: broadcast), one B load (coalesced) and one FMA; the C store
  // (coalesced) runs 0.5 times.
  EXPECT_EQ(count(Unit::GlobalMem), 8 + 8 + 0.5);
  EXPECT_EQ(count(Unit::Fp), 8.0);
  EXPECT_EQ(K->GlobalAccesses.Broadcast, 8.0);
  EXPECT_EQ(K->GlobalAccesses.Coalesced, 8.5);
  EXPECT_EQ(K->GlobalAccesses.Strided, 0.0);
  EXPECT_EQ(K->Profile.UncoalescedMem, 0.0);
}

TEST_F(PtxFixture, MatmulTiled) {
  LOAD_OR_SKIP("matmul_tiled");
  const int Tile = 16;
  EXPECT_EQ(K->Profile.Launch.SharedBytesPerBlock, 2u * Tile * Tile * 4);
  EXPECT_EQ(K->Profile.Launch.ThreadsPerBlock, unsigned(Tile * Tile));
  EXPECT_EQ(K->NumLoops, 2u);
  // Outer tile loop 16x, inner k loop 16 x 16 = 256x.
  EXPECT_EQ(count(Unit::Sync), 2 * 16.0);
  EXPECT_EQ(count(Unit::SharedMem), 2 * 16.0 + 2 * 256.0);
  EXPECT_EQ(count(Unit::GlobalMem), 2 * 16.0 + 1);
  EXPECT_EQ(count(Unit::Fp), 256.0);
  EXPECT_EQ(K->GlobalAccesses.Coalesced, 33.0);
  EXPECT_EQ(K->Profile.UncoalescedMem, 0.0);
}

TEST_F(PtxFixture, SfuHeavy) {
  LOAD_OR_SKIP("sfu_heavy");
  EXPECT_EQ(K->NumLoops, 0u);
  // Behind one bounds check (assumed in bounds: weight 1, docs/models.md
  // "Branch weights"): sin, cos, lg2, rsqrt .approx.f32,
  // sqrt.rn.f32 and rcp.rn.f32 (the shared model's expansions; cos reads
  // sin's range reduction, both of %f1) and five adds.
  auto Expanded = [](Unit U) {
    double N = 0;
    for (const UnitCount &C : sinCosSharingReduction())
      N += C.U == U ? C.N : 0;
    for (OpFacts F :
         {OpFacts{OpFamily::SinCos, OpType::F32, OpPrecision::Approx},
          OpFacts{OpFamily::Lg2, OpType::F32, OpPrecision::Approx},
          OpFacts{OpFamily::Rsqrt, OpType::F32, OpPrecision::Approx},
          OpFacts{OpFamily::Sqrt, OpType::F32},
          OpFacts{OpFamily::Rcp, OpType::F32}})
      for (const UnitCount &C : expandOp(F))
        N += C.U == U ? C.N : 0;
    return N;
  };
  EXPECT_EQ(count(Unit::Sfu), Expanded(Unit::Sfu));
  EXPECT_EQ(count(Unit::Fp), 5 + Expanded(Unit::Fp));
  EXPECT_EQ(count(Unit::GlobalMem), 2);
}

TEST_F(PtxFixture, Fp64) {
  LOAD_OR_SKIP("fp64_kernel");
  // Behind one bounds check (assumed in bounds: weight 1): fma.rn.f64 and
  // div.rn.f64 (the shared model's expansion).
  UnitCountList Div = expandOp({OpFamily::Div, OpType::F64});
  auto DivCount = [&](Unit U) {
    double N = 0;
    for (const UnitCount &C : Div)
      N += C.U == U ? C.N : 0;
    return N;
  };
  EXPECT_EQ(count(Unit::Fp64), 1 + DivCount(Unit::Fp64));
  EXPECT_EQ(count(Unit::Sfu), DivCount(Unit::Sfu));
  EXPECT_EQ(count(Unit::Fp), DivCount(Unit::Fp));
  // x[2*i], x[2*i+1]: 16-byte stride (uncoalesced); y[i] load and store
  // coalesced. 31 x 16 + 8 = 504 bytes span 16 32-byte sectors.
  EXPECT_EQ(count(Unit::GlobalMem), 4);
  EXPECT_EQ(K->GlobalAccesses.Strided, 2.0);
  EXPECT_EQ(K->GlobalAccesses.Coalesced, 2.0);
  EXPECT_EQ(K->Profile.UncoalescedMem, 2.0);
  EXPECT_EQ(K->Profile.BytesPerMemAccess, 8.0);
  EXPECT_EQ(K->Profile.UncoalescedTransactionsPerWarp, 16.0);
}
