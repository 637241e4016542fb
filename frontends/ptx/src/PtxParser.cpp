//===- PtxParser.cpp - PTX text to PtxModule -----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Recursive descent over the token vector. Every routine reports the first
// problem through fail() and returns false; the token vector always ends
// with Eof and the cursor never moves past it, so no input can read out of
// bounds. Operand nesting is bounded so hostile input cannot exhaust the
// stack.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxParser.h"

#include "PtxParserImpl.h"

namespace gpa::ptx {
namespace detail {

bool Parser::parseUnsigned(std::uint64_t &V, const std::string &What) {
  if (!tok().is(TokKind::Integer) || !parseIntegerLiteral(tok().Text, V))
    return fail(What);
  next();
  return true;
}

bool Parser::parseUnsigned(unsigned &V, const std::string &What) {
  std::uint64_t W;
  const Token &T = tok();
  if (!parseUnsigned(W, What))
    return false;
  if (W > 0xFFFFFFFFu)
    return failAt(T, What + " below 2^32");
  V = static_cast<unsigned>(W);
  return true;
}

bool Parser::parseSignedInt(std::int64_t &V) {
  bool Neg = false;
  if (tok().isPunct('-')) {
    Neg = true;
    next();
  }
  std::uint64_t U;
  if (!parseUnsigned(U, "an integer"))
    return false;
  V = Neg ? -static_cast<std::int64_t>(U) : static_cast<std::int64_t>(U);
  return true;
}

// Directives such as .loc and .file end at the end of their line.
bool Parser::skipRestOfLine(unsigned Line) {
  while (!tok().is(TokKind::Eof) && tok().Line == Line)
    next();
  return true;
}

bool Parser::skipToSemicolon() {
  unsigned Depth = 0;
  while (!tok().is(TokKind::Eof)) {
    if (tok().isPunct('{'))
      ++Depth;
    else if (tok().isPunct('}') && Depth > 0)
      --Depth;
    else if (tok().isPunct(';') && Depth == 0) {
      next();
      return true;
    }
    next();
  }
  return fail("';'");
}

bool Parser::skipBalancedBraces() {
  if (!expectPunct('{', " to open the section"))
    return false;
  unsigned Depth = 1;
  while (Depth > 0) {
    if (tok().is(TokKind::Eof))
      return fail("'}' to close the section");
    if (tok().isPunct('{'))
      ++Depth;
    else if (tok().isPunct('}'))
      --Depth;
    next();
  }
  return true;
}

bool Parser::parseModule() {
  while (!tok().is(TokKind::Eof))
    if (!parseTopLevel())
      return false;
  return true;
}

bool Parser::parseTopLevel() {
  const Token &T = tok();
  if (!T.is(TokKind::Dot))
    return fail("a directive such as .version, .entry or .global");
  std::string_view D = T.Text;
  if (D == ".version") {
    next();
    if (!tok().is(TokKind::Float) && !tok().is(TokKind::Integer))
      return fail("a version number after .version");
    M.Version = std::string(tok().Text);
    next();
    return true;
  }
  if (D == ".target") {
    next();
    while (true) {
      if (!tok().is(TokKind::Identifier))
        return fail("a target name such as sm_80");
      std::string Name(tok().Text);
      if (Name.rfind("sm_", 0) == 0 || Name.rfind("compute_", 0) == 0)
        M.Target = Name;
      else
        M.TargetOptions.push_back(Name);
      next();
      if (!tok().isPunct(','))
        return true;
      next();
    }
  }
  if (D == ".address_size") {
    next();
    return parseUnsigned(M.AddressSize, "32 or 64 after .address_size");
  }
  if (D == ".file") {
    next();
    unsigned Index;
    if (!parseUnsigned(Index, "a file index after .file"))
      return false;
    if (!tok().is(TokKind::String))
      return fail("a file name string");
    M.Files[Index] = std::string(tok().Text);
    unsigned Line = tok().Line;
    next();
    return skipRestOfLine(Line); // optional timestamp, size
  }
  if (D == ".section") {
    next();
    if (!tok().is(TokKind::Dot) && !tok().is(TokKind::Identifier))
      return fail("a section name");
    next();
    return skipBalancedBraces();
  }
  if (D == ".pragma" || D == ".alias") {
    next();
    return skipToSemicolon();
  }
  bool Visible = false, Extern = false, Weak = false;
  while (tok().isDot(".visible") || tok().isDot(".extern") ||
         tok().isDot(".weak") || tok().isDot(".common")) {
    Visible |= tok().isDot(".visible");
    Extern |= tok().isDot(".extern");
    Weak |= tok().isDot(".weak") || tok().isDot(".common");
    next();
  }
  const Token &E = tok();
  if (E.isDot(".entry") || E.isDot(".func")) {
    bool IsEntry = E.isDot(".entry");
    next();
    return parseFunction(IsEntry, Visible, Extern, Weak);
  }
  if (E.isDot(".global") || E.isDot(".const") || E.isDot(".shared") ||
      E.isDot(".local"))
    return parseVariable(M.Globals, Extern);
  if (E.is(TokKind::Dot))
    return failMessage(E, "unknown directive '" + std::string(E.Text) +
                              "' (expected a declaration or .entry/.func)");
  return fail("a declaration after the linkage directive");
}

} // namespace detail

bool parsePtx(std::string_view Text, const std::string &File, PtxModule &Out,
              PtxError &Error) {
  Out = PtxModule();
  Error = PtxError();
  std::vector<Token> Toks;
  if (!tokenizePtx(Text, File, Toks, Error))
    return false;
  detail::Parser P(Toks, File, Out, Error);
  return P.parseModule();
}

} // namespace gpa::ptx
