//===- PtxErrorTest.cpp - Malformed input gives located errors -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

using gpa::ptx::test::errorOf;

TEST(PtxErrors, TruncatedBody) {
  EXPECT_EQ(errorOf(".version 9.0\n.target sm_80\n.entry k()\n{\n  ret;\n"),
            "bad.ptx:6:1: expected '}' to close the body of 'k', found end "
            "of input");
}

TEST(PtxErrors, TruncatedInstruction) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  ld.global"),
            "bad.ptx:3:12: expected an operand, found end of input");
}

TEST(PtxErrors, TruncatedSection) {
  EXPECT_EQ(errorOf(".section .debug_info {\n.b8 1\n"),
            "bad.ptx:3:1: expected '}' to close the section, found end of "
            "input");
}

TEST(PtxErrors, BadToken) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  mov.u32 %r1, #3;\n}\n"),
            "bad.ptx:3:16: unexpected character '#'");
}

TEST(PtxErrors, UnknownTopLevelDirective) {
  EXPECT_EQ(errorOf(".version 9.0\n.bogus 3\n"),
            "bad.ptx:2:1: unknown directive '.bogus' (expected a declaration "
            "or .entry/.func)");
}

TEST(PtxErrors, UnknownBodyDirective) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  .bogus;\n}\n"),
            "bad.ptx:3:3: unknown directive '.bogus' in the body of 'k'");
}

TEST(PtxErrors, UnknownPerformanceDirective) {
  EXPECT_EQ(errorOf(".entry k() .bogus 3\n{\nret;\n}\n"),
            "bad.ptx:1:12: unknown performance directive '.bogus'");
}

TEST(PtxErrors, NotADirective) {
  EXPECT_EQ(errorOf("hello\n"),
            "bad.ptx:1:1: expected a directive such as .version, .entry or "
            ".global, found 'hello'");
}

TEST(PtxErrors, MissingSemicolon) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  mov.u32 %r1, 1\n  ret;\n}\n"),
            "bad.ptx:4:3: expected ';' after the operands of 'mov.u32', found "
            "'ret'");
}

TEST(PtxErrors, MissingOperand) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  add.s32 %r1, , %r2;\n}\n"),
            "bad.ptx:3:16: expected an operand, found ','");
}

TEST(PtxErrors, UnclosedAddress) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  ld.global.f32 %f1, [%rd1;\n}\n"),
            "bad.ptx:3:27: expected ']' to close the operand list, found ';'");
}

TEST(PtxErrors, BadRegisterDeclarations) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  .reg .bogus %r<3>;\n}\n"),
            "bad.ptx:3:8: expected a register type such as .b32 or .pred, "
            "found '.bogus'");
  EXPECT_EQ(errorOf(".entry k()\n{\n.reg .b32 %r<3;\n}\n"),
            "bad.ptx:3:15: expected '>' to close the register count, found "
            "';'");
}

TEST(PtxErrors, GuardWithoutPredicate) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  @;\n}\n"),
            "bad.ptx:3:4: expected a predicate register after '@', found "
            "';'");
}

TEST(PtxErrors, MissingKernelName) {
  EXPECT_EQ(errorOf(".entry (\n"),
            "bad.ptx:1:8: expected a kernel name after .entry, found '('");
}

TEST(PtxErrors, BadPerformanceDirectiveValue) {
  EXPECT_EQ(errorOf(".entry k() .maxntid x\n"),
            "bad.ptx:1:21: expected a thread count, found 'x'");
}

TEST(PtxErrors, UndefinedBranchTarget) {
  EXPECT_EQ(errorOf(".entry k()\n{\n  bra.uni $L__BB0_9;\n}\n"),
            "bad.ptx:3:11: expected a label defined in 'k', found "
            "'$L__BB0_9'");
}

TEST(PtxErrors, DeeplyNestedOperandsAreRejected) {
  std::string Text = ".entry k()\n{\n  mov.b32 %r1, " + std::string(200, '{');
  std::string Error = errorOf(Text);
  EXPECT_NE(Error.find("bad.ptx:3:"), std::string::npos) << Error;
  EXPECT_NE(Error.find("operands nested too deeply"), std::string::npos);
}

TEST(PtxErrors, HugeArraySizeIsRejected) {
  std::string Error = errorOf(".global .b64 a[99999999999999999999];\n");
  EXPECT_EQ(Error, "bad.ptx:1:16: expected an array size, found "
                   "'99999999999999999999'");
}
