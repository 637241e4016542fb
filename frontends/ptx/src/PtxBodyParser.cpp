//===- PtxBodyParser.cpp - Function bodies and operands -------------------===//
//---------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//
// Function bodies: register declarations, .loc, labels, scoping braces
// (flattened), and instructions with their operands. Operand nesting is
// bounded (MaxOperandNesting) so hostile input cannot exhaust the stack.
//
//===----------------------------------------------------------------------===//
#include "PtxParserImpl.h"

namespace gpa::ptx::detail {

bool Parser::parseBody(PtxFunction &F) {
  unsigned Depth = 1; // the function's own '{' was consumed
  LocLine = LocFile = LocColumn = 0;
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
    } else if (T.isDot(".local") || T.isDot(".shared") || T.isDot(".param") ||
               T.isDot(".const") || T.isDot(".global")) {
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
  LocLine = SrcLine;
  LocFile = FileIdx;
  LocColumn = 0;
  // The column is optional; a later operand (function_name, inlined_at)
  // follows a comma.
  if (tok().Line == Line && tok().is(TokKind::Integer)) {
    std::uint64_t Col = 0;
    if (!parseUnsigned(Col, "a column after .loc"))
      return false;
    LocColumn = Col > 0xFFFFFFFFu ? 0 : unsigned(Col);
  }
  if (F.FirstLocLine == 0 && SrcLine != 0) {
    F.FirstLocFile = FileIdx;
    F.FirstLocLine = SrcLine;
  }
  return skipRestOfLine(Line);
}

// [@[!]pred] opcode{.mod} [operand {, operand}] ;
bool Parser::parseInstruction(PtxFunction &F) {
  PtxInstruction I;
  I.SourceLine = LocLine;
  I.SourceFile = LocFile;
  I.SourceColumn = LocColumn;
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
    Op.IntValue =
        Neg ? -static_cast<std::int64_t>(U) : static_cast<std::int64_t>(U);
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
  Op.K = Op.Name == "_"      ? PtxOperand::Kind::Sink
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

} // namespace gpa::ptx::detail
