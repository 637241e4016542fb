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

#include "gpa/ptx/PtxLexer.h"

namespace gpa::ptx {

namespace {
constexpr unsigned MaxOperandNesting = 32;

class Parser {
public:
  Parser(const std::vector<Token> &Toks, const std::string &File,
         PtxModule &M, PtxError &Error)
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
  bool parseInstruction(PtxFunction &F);
  bool parseOperand(PtxOperand &Op, unsigned Depth);
  bool parseOperandList(std::vector<PtxOperand> &Into, char Close,
                        unsigned Depth);
  bool parseAddress(PtxOperand &Op, unsigned Depth);
  bool parseSignedInt(std::int64_t &V);
};
} // namespace

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

// SPACE {.align N | .vN | .ptr | type | ...} name[dims] [= init] {, name} ;
bool Parser::parseVariable(std::vector<PtxVariable> &Into, bool Extern) {
  PtxVariable Base;
  Base.Space = std::string(tok().Text);
  Base.Extern = Extern;
  Base.Line = tok().Line;
  next();
  while (tok().is(TokKind::Dot)) {
    std::string_view D = tok().Text;
    next();
    if (D == ".align") {
      if (!parseUnsigned(Base.Align, "an alignment after .align"))
        return false;
    } else if (D == ".v2" || D == ".v4" || D == ".v8") {
      Base.VectorWidth = D[2] - '0';
    } else if (ptxTypeBytes(D) != 0) {
      Base.Type = std::string(D);
    }
    // Other attributes (.ptr, .texref, .attribute) do not change the size.
  }
  while (true) {
    PtxVariable V = Base;
    if (!parseVariableName(V))
      return false;
    if (tok().isPunct('=')) {
      // Initializers do not matter for the model; skip to ',' or ';'.
      unsigned Depth = 0;
      while (!tok().is(TokKind::Eof) &&
             !(Depth == 0 && (tok().isPunct(';') || tok().isPunct(',')))) {
        if (tok().isPunct('{') || tok().isPunct('('))
          ++Depth;
        else if ((tok().isPunct('}') || tok().isPunct(')')) && Depth > 0)
          --Depth;
        next();
      }
    }
    Into.push_back(V);
    if (tok().isPunct(',')) {
      next();
      continue;
    }
    return expectPunct(';', " after the variable declaration");
  }
}

bool Parser::parseVariableName(PtxVariable &V) {
  if (!tok().is(TokKind::Identifier))
    return fail("a variable name");
  V.Name = std::string(tok().Text);
  next();
  std::uint64_t Elements = 1;
  bool Array = false;
  while (tok().isPunct('[')) {
    Array = true;
    next();
    if (tok().isPunct(']')) {
      V.UnsizedArray = true;
    } else {
      std::uint64_t N;
      if (!parseUnsigned(N, "an array size"))
        return false;
      if (N != 0 && Elements > UINT64_MAX / N)
        return failMessage(tok(), "array size overflows");
      Elements *= N;
    }
    if (!expectPunct(']', " to close the array size"))
      return false;
  }
  if (V.UnsizedArray)
    Elements = 0;
  (void)Array;
  std::uint64_t Elem = ptxTypeBytes(V.Type) * V.VectorWidth;
  V.SizeBytes = Elem * Elements;
  return true;
}

// .entry NAME (params) perf* { body } | ;
// .func [(rets)] NAME [(params)] perf* { body } | ;
bool Parser::parseFunction(bool IsEntry, bool Visible, bool Extern,
                           bool Weak) {
  PtxFunction F;
  F.IsEntry = IsEntry;
  F.Visible = Visible;
  F.Extern = Extern;
  F.Weak = Weak;
  if (!IsEntry && tok().isPunct('(')) {
    next();
    if (!parseParamList(F.Returns))
      return false;
  }
  if (!tok().is(TokKind::Identifier))
    return fail(IsEntry ? "a kernel name after .entry"
                        : "a function name after .func");
  F.Name = std::string(tok().Text);
  F.Line = tok().Line;
  F.Col = tok().Col;
  next();
  if (tok().isPunct('(')) {
    next();
    if (!parseParamList(F.Params))
      return false;
  }
  if (!parsePerfDirectives(F))
    return false;
  if (tok().isPunct(';')) {
    next();
    M.Functions.push_back(std::move(F));
    return true;
  }
  if (!tok().isPunct('{'))
    return fail("'{' to start the body of '" + F.Name + "' or ';'");
  next();
  F.HasBody = true;
  if (!parseBody(F))
    return false;
  M.Functions.push_back(std::move(F));
  return true;
}

// Called after '('; consumes through ')'.
bool Parser::parseParamList(std::vector<PtxVariable> &Into) {
  if (tok().isPunct(')')) {
    next();
    return true;
  }
  while (true) {
    if (!tok().isDot(".param") && !tok().isDot(".reg"))
      return fail("'.param' or '.reg' in the parameter list");
    PtxVariable V;
    V.Space = std::string(tok().Text);
    V.Line = tok().Line;
    next();
    while (tok().is(TokKind::Dot)) {
      std::string_view D = tok().Text;
      next();
      if (D == ".align") {
        if (!parseUnsigned(V.Align, "an alignment after .align"))
          return false;
      } else if (D == ".v2" || D == ".v4" || D == ".v8") {
        V.VectorWidth = D[2] - '0';
      } else if (ptxTypeBytes(D) != 0) {
        V.Type = std::string(D);
      }
    }
    if (!parseVariableName(V))
      return false;
    Into.push_back(V);
    if (tok().isPunct(',')) {
      next();
      continue;
    }
    return expectPunct(')', " to close the parameter list");
  }
}

bool Parser::parseTriple(unsigned (&Dims)[3]) {
  Dims[0] = Dims[1] = Dims[2] = 1;
  for (unsigned I = 0; I < 3; ++I) {
    if (!parseUnsigned(Dims[I], "a thread count"))
      return false;
    if (!tok().isPunct(','))
      return true;
    next();
  }
  return true;
}

bool Parser::parsePerfDirectives(PtxFunction &F) {
  while (tok().is(TokKind::Dot)) {
    const Token &T = tok();
    std::string_view D = T.Text;
    next();
    unsigned Ignored[3];
    unsigned One;
    if (D == ".maxntid") {
      if (!parseTriple(F.MaxNtid))
        return false;
    } else if (D == ".reqntid") {
      if (!parseTriple(F.ReqNtid))
        return false;
    } else if (D == ".minnctapersm") {
      if (!parseUnsigned(F.MinNctaPerSm, "a block count"))
        return false;
    } else if (D == ".maxnreg") {
      if (!parseUnsigned(F.MaxNReg, "a register count"))
        return false;
    } else if (D == ".maxnctapersm" || D == ".maxclusterrank") {
      if (!parseUnsigned(One, "a count"))
        return false;
    } else if (D == ".reqnctapercluster") {
      if (!parseTriple(Ignored))
        return false;
    } else if (D == ".pragma") {
      if (!skipToSemicolon())
        return false;
    } else if (D == ".noreturn" || D == ".explicitcluster" ||
               D == ".blocksareclusters") {
      continue;
    } else {
      return failMessage(T, "unknown performance directive '" +
                                std::string(D) + "'");
    }
  }
  return true;
}

bool Parser::parseBody(PtxFunction &F) {
  unsigned Depth = 1; // the function's own '{' was consumed
  while (true) {
    const Token &T = tok();
    if (T.is(TokKind::Eof))
      return fail("'}' to close the body of '" + F.Name + "'");
    if (T.isPunct('{')) {
      ++Depth;
      next();
    } else if (T.isPunct('}')) {
      next();
      if (--Depth == 0)
        return true;
    } else if (T.isDot(".reg")) {
      if (!parseRegDecl(F))
        return false;
    } else if (T.isDot(".loc")) {
      if (!parseLoc(F))
        return false;
    } else if (T.isDot(".pragma")) {
      next();
      if (!skipToSemicolon())
        return false;
    } else if (T.isDot(".local") || T.isDot(".shared") ||
               T.isDot(".param") || T.isDot(".const") ||
               T.isDot(".global")) {
      if (!parseVariable(F.Variables, false))
        return false;
    } else if (T.is(TokKind::Identifier) && tok(1).isPunct(':')) {
      std::string Name(T.Text);
      next();
      next();
      // "name: .callprototype ...;" and ".branchtargets" lists are
      // declarations, not code positions.
      if (tok().isDot(".callprototype") || tok().isDot(".branchtargets") ||
          tok().isDot(".calltargets")) {
        if (!skipToSemicolon())
          return false;
      } else {
        F.Labels[Name] = F.Body.size();
      }
    } else if (T.is(TokKind::Identifier) || T.isPunct('@')) {
      if (!parseInstruction(F))
        return false;
    } else if (T.is(TokKind::Dot)) {
      return failMessage(T, "unknown directive '" + std::string(T.Text) +
                                "' in the body of '" + F.Name + "'");
    } else {
      return fail("an instruction, label or directive");
    }
  }
}

// .reg [.vN] .type name[<N>] {, name[<N>]} ;
bool Parser::parseRegDecl(PtxFunction &F) {
  next();
  PtxRegDecl Base;
  while (tok().is(TokKind::Dot)) {
    std::string_view D = tok().Text;
    if (D == ".v2" || D == ".v4" || D == ".v8")
      Base.VectorWidth = D[2] - '0';
    else if (ptxTypeBytes(D) != 0)
      Base.Type = std::string(D);
    else
      return fail("a register type such as .b32 or .pred");
    next();
  }
  if (Base.Type.empty())
    return fail("a register type such as .b32 or .pred");
  while (true) {
    PtxRegDecl R = Base;
    if (!tok().is(TokKind::Identifier))
      return fail("a register name");
    R.Name = std::string(tok().Text);
    next();
    if (tok().isPunct('<')) {
      next();
      if (!parseUnsigned(R.Count, "a register count"))
        return false;
      if (!expectPunct('>', " to close the register count"))
        return false;
    }
    F.Registers.push_back(R);
    if (tok().isPunct(',')) {
      next();
      continue;
    }
    return expectPunct(';', " after the register declaration");
  }
}

// .loc FILE LINE COL [, function_name ..., inlined_at ...]  (to end of line)
bool Parser::parseLoc(PtxFunction &F) {
  unsigned Line = tok().Line;
  next();
  unsigned FileIdx, SrcLine;
  if (!parseUnsigned(FileIdx, "a file index after .loc") ||
      !parseUnsigned(SrcLine, "a line number after .loc"))
    return false;
  if (F.FirstLocLine == 0 && SrcLine != 0) {
    F.FirstLocFile = FileIdx;
    F.FirstLocLine = SrcLine;
  }
  return skipRestOfLine(Line);
}

// [@[!]pred] opcode{.mod} [operand {, operand}] ;
bool Parser::parseInstruction(PtxFunction &F) {
  PtxInstruction I;
  I.Line = tok().Line;
  I.Col = tok().Col;
  if (tok().isPunct('@')) {
    next();
    if (tok().isPunct('!')) {
      I.GuardNegated = true;
      next();
    }
    if (!tok().is(TokKind::Identifier))
      return fail("a predicate register after '@'");
    I.Guard = std::string(tok().Text);
    next();
  }
  if (!tok().is(TokKind::Identifier))
    return fail("an opcode");
  I.Opcode = std::string(tok().Text);
  next();
  while (tok().is(TokKind::Dot) && tok().Adjacent) {
    I.Modifiers.push_back(std::string(tok().Text));
    next();
  }
  if (!tok().isPunct(';')) {
    while (true) {
      PtxOperand Op;
      if (!parseOperand(Op, 0))
        return false;
      I.Operands.push_back(std::move(Op));
      if (!tok().isPunct(','))
        break;
      next();
    }
  }
  if (!expectPunct(';', " after the operands of '" + I.spelling() + "'"))
    return false;
  F.Body.push_back(std::move(I));
  return true;
}

bool Parser::parseOperandList(std::vector<PtxOperand> &Into, char Close,
                              unsigned Depth) {
  if (tok().isPunct(Close)) {
    next();
    return true;
  }
  while (true) {
    PtxOperand E;
    if (!parseOperand(E, Depth + 1))
      return false;
    Into.push_back(std::move(E));
    if (tok().isPunct(',')) {
      next();
      continue;
    }
    return expectPunct(Close, std::string(" to close the operand list"));
  }
}

// [base], [base+off], [base+-off], [imm], [tex, {coords}]
bool Parser::parseAddress(PtxOperand &Op, unsigned Depth) {
  Op.K = PtxOperand::Kind::Address;
  if (!parseOperandList(Op.Elems, ']', Depth))
    return false;
  if (Op.Elems.empty())
    return failMessage(tok(), "empty address '[]'");
  const PtxOperand &First = Op.Elems.front();
  if (First.K == PtxOperand::Kind::Register ||
      First.K == PtxOperand::Kind::Symbol) {
    Op.Name = First.Name;
    Op.IntValue = First.IntValue;
  } else if (First.K == PtxOperand::Kind::Immediate) {
    Op.IntValue = First.IntValue;
  }
  return true;
}

bool Parser::parseOperand(PtxOperand &Op, unsigned Depth) {
  if (Depth > MaxOperandNesting)
    return failMessage(tok(), "operands nested too deeply");
  const Token &T = tok();
  Op.Line = T.Line;
  Op.Col = T.Col;
  if (T.isPunct('[')) {
    next();
    return parseAddress(Op, Depth);
  }
  if (T.isPunct('{')) {
    next();
    Op.K = PtxOperand::Kind::Vector;
    return parseOperandList(Op.Elems, '}', Depth);
  }
  if (T.isPunct('(')) {
    next();
    Op.K = PtxOperand::Kind::List;
    return parseOperandList(Op.Elems, ')', Depth);
  }
  if (T.isPunct('!')) {
    next();
    if (!parseOperand(Op, Depth + 1))
      return false;
    Op.Negated = !Op.Negated;
    return true;
  }
  bool Neg = false;
  if (T.isPunct('-')) {
    Neg = true;
    next();
  }
  const Token &V = tok();
  if (V.is(TokKind::Integer)) {
    std::uint64_t U;
    if (!parseIntegerLiteral(V.Text, U))
      return failMessage(V, "integer literal out of range");
    Op.K = PtxOperand::Kind::Immediate;
    Op.IntValue = Neg ? -static_cast<std::int64_t>(U)
                      : static_cast<std::int64_t>(U);
    Op.FloatValue = static_cast<double>(Op.IntValue);
    next();
    return true;
  }
  if (V.is(TokKind::Float)) {
    if (!parseFloatLiteral(V.Text, Op.FloatValue))
      return failMessage(V, "malformed floating-point literal");
    Op.K = PtxOperand::Kind::Immediate;
    Op.IsFloat = true;
    if (Neg)
      Op.FloatValue = -Op.FloatValue;
    next();
    return true;
  }
  if (Neg)
    return fail("a number after '-'");
  if (!V.is(TokKind::Identifier))
    return fail("an operand");
  Op.Name = std::string(V.Text);
  Op.K = Op.Name == "_" ? PtxOperand::Kind::Sink
         : Op.Name[0] == '%' ? PtxOperand::Kind::Register
                             : PtxOperand::Kind::Symbol;
  next();
  // base+offset / base-offset (addresses and symbol arithmetic).
  if (tok().isPunct('+') || tok().isPunct('-')) {
    bool Minus = tok().isPunct('-');
    next();
    std::int64_t Off;
    if (!parseSignedInt(Off))
      return false;
    Op.IntValue = Minus ? -Off : Off;
  }
  // setp's two destinations: %p1|%p2.
  if (tok().isPunct('|')) {
    next();
    PtxOperand Second;
    if (!parseOperand(Second, Depth + 1))
      return false;
    PtxOperand First = std::move(Op);
    Op = PtxOperand();
    Op.K = PtxOperand::Kind::Pair;
    Op.Line = First.Line;
    Op.Col = First.Col;
    Op.Elems.push_back(std::move(First));
    Op.Elems.push_back(std::move(Second));
  }
  return true;
}

bool parsePtx(std::string_view Text, const std::string &File, PtxModule &Out,
              PtxError &Error) {
  Out = PtxModule();
  Error = PtxError();
  std::vector<Token> Toks;
  if (!tokenizePtx(Text, File, Toks, Error))
    return false;
  Parser P(Toks, File, Out, Error);
  return P.parseModule();
}

} // namespace gpa::ptx
