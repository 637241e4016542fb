//===- SharedAddressArithmeticTest.cpp - Math on shared addresses -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Expected counts: the SASS `ptxas -arch=sm_80` (CUDA 13) emits for small
// hand-written PTX kernels, read with `cuobjdump -sass` and mapped to units
// by bench/sass_units.py (IADD3 and UIADD3 are both int); the comments quote
// the PTX and its SASS.
//
//===----------------------------------------------------------------------===//
#include "gpa/SharedAddressArithmetic.h"

#include <gtest/gtest.h>

using namespace gpa;

TEST(SharedAddressArithmetic, GlobalAddressAddIsAPair) {
  // add.s64 %rd7, %rd2, %rd3; st.global.f32 [%rd7], %f1 ->
  //   IADD3 R2, P0, R2, c[0x0][0x160], RZ;
  //   IADD3.X R3, R3, c[0x0][0x164], RZ, P0, !PT.
  EXPECT_EQ(addressAddInstructions({64, false, false}), 2.0);
}

TEST(SharedAddressArithmetic, SharedLoopPointersAreOne32BitAdd) {
  // A loop over `ld.shared.f32 %f2, [%rd5]; ld.shared.f32 %f3, [%rd6]`
  // with %rd5 = sh + tid.x * 4 and %rd6 = sh + 64:
  //   add.s64 %rd5, %rd5, 8   -> IADD3 R7, R7, 0x8, RZ
  //   add.s64 %rd6, %rd6, 128 -> UIADD3 UR6, UR6, 0x80, URZ
  // (the same in Rodinia lud_diagonal's inner loop).
  EXPECT_EQ(addressAddInstructions({64, true, false}), 1.0);
}

TEST(SharedAddressArithmetic, AddingASharedVariableFoldsIntoTheOffset) {
  // .shared sa[4096], sb[4096]; mov.u64 %rd4, sb;
  // mul.wide.u32 %rd5, %r4, 4; add.s64 %rd7, %rd4, %rd5;
  // ld.shared.f32 %f2, [%rd7] -> SHF.L.U32 R2, R2, 0x2, RZ;
  //                             LDS R4, [R2+0x1000]: no add.
  EXPECT_EQ(addressAddInstructions({64, true, true}), 0.0);
}

TEST(SharedAddressArithmetic, NarrowAddsStayOneInstruction) {
  // add.s32 -> IADD3, wherever its value goes.
  EXPECT_EQ(addressAddInstructions({32, false, false}), 1.0);
  EXPECT_EQ(addressAddInstructions({32, true, false}), 1.0);
}
