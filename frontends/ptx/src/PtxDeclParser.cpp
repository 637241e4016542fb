//===- PtxDeclParser.cpp - Declarations and functions ---------------------===//
//-----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//
// Module-scope and body variable declarations, .entry/.func headers with
// their parameter lists and performance directives.
//
//===----------------------------------------------------------------------===//
#include "PtxParserImpl.h"

namespace gpa::ptx::detail {

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
bool Parser::parseFunction(bool IsEntry, bool Visible, bool Extern, bool Weak) {
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
      return failMessage(T, "unknown performance directive '" + std::string(D) +
                                "'");
    }
  }
  return true;
}

} // namespace gpa::ptx::detail
