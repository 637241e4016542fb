//===- PtxLexerTest.cpp - Tokenizer tests --------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxLexer.h"

#include <gtest/gtest.h>

#include <deque>

using namespace gpa::ptx;

static std::vector<Token> lex(const std::string &Text) {
  // Tokens view the text: keep every lexed text alive for the test run.
  static std::deque<std::string> Texts;
  Texts.push_back(Text);
  std::vector<Token> Toks;
  PtxError E;
  EXPECT_TRUE(tokenizePtx(Texts.back(), "l.ptx", Toks, E)) << E.str();
  return Toks;
}

static std::string lexError(const std::string &Text) {
  std::vector<Token> Toks;
  PtxError E;
  EXPECT_FALSE(tokenizePtx(Text, "l.ptx", Toks, E));
  return E.str();
}

TEST(PtxLexer, IdentifiersAndRegisters) {
  auto T = lex("%r1 $L__BB0_2 _ foo_bar$1 %tid.x %ntid.y %envreg3");
  ASSERT_EQ(T.size(), 8u);
  for (int I = 0; I < 7; ++I)
    EXPECT_EQ(T[I].Kind, TokKind::Identifier) << I;
  EXPECT_EQ(T[0].Text, "%r1");
  EXPECT_EQ(T[1].Text, "$L__BB0_2");
  EXPECT_EQ(T[2].Text, "_");
  EXPECT_EQ(T[4].Text, "%tid.x");
  EXPECT_EQ(T[5].Text, "%ntid.y");
  EXPECT_EQ(T[7].Kind, TokKind::Eof);
}

TEST(PtxLexer, OpcodeModifiersAreAdjacentDots) {
  auto T = lex("ld.global.nc.v4.f32 {%f1}, [%rd2];");
  ASSERT_GE(T.size(), 5u);
  EXPECT_EQ(T[0].Text, "ld");
  EXPECT_EQ(T[1].Kind, TokKind::Dot);
  EXPECT_EQ(T[1].Text, ".global");
  EXPECT_TRUE(T[1].Adjacent);
  EXPECT_EQ(T[4].Text, ".f32");
  EXPECT_FALSE(T[5].Adjacent); // '{' after a space
  auto S = lex("ld.shared::cta.u32 .reg");
  EXPECT_EQ(S[1].Text, ".shared::cta");
  EXPECT_FALSE(S[3].Adjacent);
}

TEST(PtxLexer, Numbers) {
  auto T = lex("0f3F800000 0d3FF0000000000000 0x1F 42 4U 017 0b101 1.5 2e3");
  std::vector<TokKind> Kinds = {
      TokKind::Float,   TokKind::Float,   TokKind::Integer,
      TokKind::Integer, TokKind::Integer, TokKind::Integer,
      TokKind::Integer, TokKind::Float,   TokKind::Float};
  ASSERT_EQ(T.size(), Kinds.size() + 1);
  for (size_t I = 0; I < Kinds.size(); ++I)
    EXPECT_EQ(T[I].Kind, Kinds[I]) << T[I].Text;
  double F;
  ASSERT_TRUE(parseFloatLiteral(T[0].Text, F));
  EXPECT_EQ(F, 1.0);
  ASSERT_TRUE(parseFloatLiteral(T[1].Text, F));
  EXPECT_EQ(F, 1.0);
  ASSERT_TRUE(parseFloatLiteral("0fBF000000", F));
  EXPECT_EQ(F, -0.5);
  std::uint64_t V;
  ASSERT_TRUE(parseIntegerLiteral(T[2].Text, V));
  EXPECT_EQ(V, 31u);
  ASSERT_TRUE(parseIntegerLiteral(T[4].Text, V));
  EXPECT_EQ(V, 4u);
  ASSERT_TRUE(parseIntegerLiteral(T[5].Text, V));
  EXPECT_EQ(V, 15u);
  ASSERT_TRUE(parseIntegerLiteral(T[6].Text, V));
  EXPECT_EQ(V, 5u);
  EXPECT_FALSE(parseIntegerLiteral("99999999999999999999999", V));
}

TEST(PtxLexer, StringsCommentsAndPositions) {
  auto T = lex("// line comment\n  .file 1 \"a b.cu\" /* block\n */ ;");
  ASSERT_EQ(T.size(), 5u);
  EXPECT_EQ(T[0].Text, ".file");
  EXPECT_EQ(T[0].Line, 2u);
  EXPECT_EQ(T[0].Col, 3u);
  EXPECT_EQ(T[2].Kind, TokKind::String);
  EXPECT_EQ(T[2].Text, "a b.cu");
  EXPECT_TRUE(T[3].isPunct(';'));
  EXPECT_EQ(T[3].Line, 3u);
  EXPECT_EQ(T[3].Col, 5u);
}

TEST(PtxLexer, Punctuation) {
  auto T = lex("@!%p1 bra L; {a|b} <8> [x+-4]");
  EXPECT_TRUE(T[0].isPunct('@'));
  EXPECT_TRUE(T[1].isPunct('!'));
  EXPECT_EQ(T[2].Text, "%p1");
}

TEST(PtxLexer, Errors) {
  EXPECT_EQ(lexError("ld\n  # x"), "l.ptx:2:3: unexpected character '#'");
  EXPECT_EQ(lexError("a /* open"), "l.ptx:1:3: expected '*/' to close this "
                                   "comment");
  EXPECT_EQ(lexError("\"abc"), "l.ptx:1:1: expected '\"' to close this "
                               "string");
  EXPECT_EQ(lexError("mov 0f12;"),
            "l.ptx:1:5: expected 8 hex digits in a hexadecimal float "
            "literal");
  EXPECT_EQ(lexError("12ab"), "l.ptx:1:1: expected a separator after this "
                              "number");
  EXPECT_EQ(lexError(". x"), "l.ptx:1:1: expected a directive or modifier "
                             "name after '.'");
  EXPECT_EQ(lexError("%"), "l.ptx:1:1: expected an identifier after '%'");
}
