//===- PtxParserImpl.h - The PTX recursive-descent parser -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Internal to gpa_ptx: the parser class shared by PtxParser.cpp (module
// level), PtxDeclParser.cpp (declarations and functions) and
// PtxBodyParser.cpp (function bodies and operands). Every routine reports
// the first problem through fail() and returns false; the token vector
// always ends with Eof and the cursor never moves past it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXPARSERIMPL_H
#define GPA_PTX_PTXPARSERIMPL_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxError.h"
#include "gpa/ptx/PtxLexer.h"

#include <string>
#include <vector>

namespace gpa::ptx::detail {

constexpr unsigned MaxOperandNesting = 32;

class Parser {
public:
  Parser(const std::vector<Token> &Toks, const std::string &File, PtxModule &M,
         PtxError &Error)
      : Toks(Toks), File(File), M(M), Error(Error) {}
  bool parseModule();

private:
  const std::vector<Token> &Toks;
  const std::string &File;
  PtxModule &M;
  PtxError &Error;
  size_t Idx = 0;

  const Token &tok(size_t Ahead = 0) const {
    size_t I = Idx + Ahead;
    return I < Toks.size() ? Toks[I] : Toks.back();
  }
  void next() {
    if (Idx + 1 < Toks.size())
      ++Idx;
  }
  static std::string describe(const Token &T) {
    if (T.is(TokKind::Eof))
      return "end of input";
    if (T.is(TokKind::String))
      return "string \"" + std::string(T.Text) + "\"";
    return "'" + std::string(T.Text) + "'";
  }
  bool fail(const std::string &What) { return failAt(tok(), What); }
  bool failAt(const Token &T, const std::string &What) {
    if (!Error.isSet())
      Error = PtxError{File, T.Line, T.Col,
                       "expected " + What + ", found " + describe(T)};
    return false;
  }
  bool failMessage(const Token &T, const std::string &Message) {
    if (!Error.isSet())
      Error = PtxError{File, T.Line, T.Col, Message};
    return false;
  }
  bool expectPunct(char C, const std::string &Context) {
    if (!tok().isPunct(C))
      return fail(std::string("'") + C + "'" + Context);
    next();
    return true;
  }
  bool parseUnsigned(std::uint64_t &V, const std::string &What);
  bool parseUnsigned(unsigned &V, const std::string &What);
  bool skipRestOfLine(unsigned Line);
  bool skipToSemicolon();
  bool skipBalancedBraces();

  bool parseTopLevel();
  bool parseVariable(std::vector<PtxVariable> &Into, bool Extern);
  bool parseVariableName(PtxVariable &V);
  bool parseFunction(bool IsEntry, bool Visible, bool Extern, bool Weak);
  bool parseParamList(std::vector<PtxVariable> &Into);
  bool parsePerfDirectives(PtxFunction &F);
  bool parseTriple(unsigned (&Dims)[3]);
  bool parseBody(PtxFunction &F);
  bool parseRegDecl(PtxFunction &F);
  bool parseLoc(PtxFunction &F);
  /// The source line of the last .loc in the body being parsed (0: none).
  unsigned LocLine = 0, LocFile = 0, LocColumn = 0;
  bool parseInstruction(PtxFunction &F);
  bool parseOperand(PtxOperand &Op, unsigned Depth);
  bool parseOperandList(std::vector<PtxOperand> &Into, char Close,
                        unsigned Depth);
  bool parseAddress(PtxOperand &Op, unsigned Depth);
  bool parseSignedInt(std::int64_t &V);
};

} // namespace gpa::ptx::detail

#endif
