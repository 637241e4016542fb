//===- PtxLexer.h - Tokens of PTX assembly text -----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Splits PTX text into tokens with 1-based line/column positions. Dotted
// words (".entry", ".f32", ".shared::cta") are single Dot tokens, so an
// opcode such as "ld.global.f32" is an Identifier followed by adjacent Dot
// tokens. Special registers keep their component ("%tid.x" is one
// Identifier). Comments ("//", "/* */") are skipped.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXLEXER_H
#define GPA_PTX_PTXLEXER_H

#include "gpa/ptx/PtxError.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpa::ptx {

enum class TokKind {
  Identifier, ///< foo, %r1, $L__BB0_2, %tid.x, _
  Dot,        ///< .entry, .f32, .shared::cta (directives and modifiers)
  Integer,    ///< 42, 0x1F, 0b101, 017, 4U
  Float,      ///< 0f3F800000, 0d3FF0000000000000, 1.5, 1e-3
  String,     ///< "text" (quotes stripped)
  Punct,      ///< one of , ; : { } [ ] ( ) < > + - * / @ ! | = ~ & ^ %
  Eof,
};

struct Token {
  TokKind Kind = TokKind::Eof;
  std::string_view Text; ///< Points into the lexed text (String: no quotes).
  unsigned Line = 0;
  unsigned Col = 0;
  /// True when no whitespace or comment separates this token from the
  /// previous one (modifiers of an opcode must be adjacent).
  bool Adjacent = false;

  bool is(TokKind K) const { return Kind == K; }
  bool isPunct(char C) const {
    return Kind == TokKind::Punct && Text.size() == 1 && Text[0] == C;
  }
  bool isDot(std::string_view Name) const {
    return Kind == TokKind::Dot && Text == Name;
  }
};

/// Tokenizes Text; the result always ends with an Eof token. Returns false
/// and fills Error (with File) on a character that starts no token or an
/// unterminated string/comment.
bool tokenizePtx(std::string_view Text, const std::string &File,
                 std::vector<Token> &Out, PtxError &Error);

/// Value of an Integer token (decimal, 0x hex, 0b binary, 0 octal, optional
/// U suffix). False on overflow or a malformed literal.
bool parseIntegerLiteral(std::string_view Text, std::uint64_t &Value);

/// Value of a Float token: 0fXXXXXXXX (IEEE single bits), 0dXXXXXXXXXXXXXXXX
/// (IEEE double bits) or a decimal literal.
bool parseFloatLiteral(std::string_view Text, double &Value);

} // namespace gpa::ptx

#endif
