//===- PtxLexer.cpp - Tokens of PTX assembly text ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxLexer.h"

#include <cstdlib>
#include <cstring>

namespace gpa::ptx {

static bool isFollowSym(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}
static bool isLetter(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z');
}
static bool isDigit(char C) { return C >= '0' && C <= '9'; }
static bool isHex(char C) {
  return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F');
}

namespace {
class Lexer {
public:
  Lexer(std::string_view Text, const std::string &File, std::vector<Token> &Out,
        PtxError &Error)
      : Text(Text), File(File), Out(Out), Error(Error) {}

  bool run();

private:
  std::string_view Text;
  const std::string &File;
  std::vector<Token> &Out;
  PtxError &Error;
  size_t Pos = 0;
  unsigned Line = 1, Col = 1;
  bool SawSpace = true;

  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0';
  }
  void advance() {
    if (Text[Pos] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
    ++Pos;
  }
  bool fail(unsigned L, unsigned C, const std::string &Message) {
    Error = PtxError{File, L, C, Message};
    return false;
  }
  bool skipSpaceAndComments();
  bool lexNumber(Token &T);
  void push(TokKind K, size_t Begin, unsigned L, unsigned C) {
    Token T;
    T.Kind = K;
    T.Text = Text.substr(Begin, Pos - Begin);
    T.Line = L;
    T.Col = C;
    T.Adjacent = !SawSpace;
    Out.push_back(T);
    SawSpace = false;
  }
};
} // namespace

bool Lexer::skipSpaceAndComments() {
  while (Pos < Text.size()) {
    char C = peek();
    if (C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f' ||
        C == '\v') {
      advance();
      SawSpace = true;
    } else if (C == '/' && peek(1) == '/') {
      while (Pos < Text.size() && peek() != '\n')
        advance();
      SawSpace = true;
    } else if (C == '/' && peek(1) == '*') {
      unsigned L = Line, Cl = Col;
      advance();
      advance();
      while (Pos < Text.size() && !(peek() == '*' && peek(1) == '/'))
        advance();
      if (Pos >= Text.size())
        return fail(L, Cl, "expected '*/' to close this comment");
      advance();
      advance();
      SawSpace = true;
    } else {
      break;
    }
  }
  return true;
}

bool Lexer::run() {
  Out.clear();
  while (true) {
    if (!skipSpaceAndComments())
      return false;
    unsigned L = Line, C = Col;
    size_t Begin = Pos;
    if (Pos >= Text.size()) {
      push(TokKind::Eof, Begin, L, C);
      return true;
    }
    char Ch = peek();
    if (isLetter(Ch) || Ch == '_' || Ch == '$' || Ch == '%') {
      advance();
      while (isFollowSym(peek()))
        advance();
      if ((Ch == '$' || Ch == '%') && Pos - Begin == 1)
        return fail(L, C,
                    std::string("expected an identifier after '") + Ch + "'");
      // Vector components of special registers: %tid.x, %ntid.y, ...
      if (Ch == '%' && peek() == '.' && std::strchr("xyzw", peek(1)) &&
          peek(1) != '\0' && !isFollowSym(peek(2))) {
        advance();
        advance();
      }
      push(TokKind::Identifier, Begin, L, C);
    } else if (Ch == '.') {
      advance();
      if (!isFollowSym(peek()))
        return fail(L, C, "expected a directive or modifier name after '.'");
      while (isFollowSym(peek()) ||
             (peek() == ':' && peek(1) == ':' && isFollowSym(peek(2)))) {
        if (peek() == ':') {
          advance();
          advance();
        }
        advance();
      }
      push(TokKind::Dot, Begin, L, C);
    } else if (isDigit(Ch)) {
      Token T;
      if (!lexNumber(T))
        return false;
      push(T.Kind, Begin, L, C);
    } else if (Ch == '"') {
      advance();
      while (Pos < Text.size() && peek() != '"' && peek() != '\n') {
        if (peek() == '\\' && Pos + 1 < Text.size())
          advance();
        advance();
      }
      if (peek() != '"')
        return fail(L, C, "expected '\"' to close this string");
      advance();
      push(TokKind::String, Begin, L, C);
      Out.back().Text = Text.substr(Begin + 1, Pos - Begin - 2);
    } else if (std::strchr(",;:{}[]()<>+-*/@!|=~&^", Ch)) {
      advance();
      push(TokKind::Punct, Begin, L, C);
    } else {
      std::string Shown = (Ch >= 32 && Ch < 127)
                              ? std::string("'") + Ch + "'"
                              : "byte " + std::to_string((unsigned char)Ch);
      return fail(L, C, "unexpected character " + Shown);
    }
  }
}

bool Lexer::lexNumber(Token &T) {
  unsigned L = Line, C = Col;
  char P = peek(1);
  if (peek() == '0' && (P == 'f' || P == 'F' || P == 'd' || P == 'D')) {
    size_t Digits = (P == 'f' || P == 'F') ? 8 : 16;
    advance();
    advance();
    for (size_t I = 0; I < Digits; ++I) {
      if (!isHex(peek()))
        return fail(L, C,
                    "expected " + std::to_string(Digits) +
                        " hex digits in a hexadecimal float literal");
      advance();
    }
    T.Kind = TokKind::Float;
  } else if (peek() == '0' && (P == 'x' || P == 'X' || P == 'b' || P == 'B')) {
    bool Hex = P == 'x' || P == 'X';
    advance();
    advance();
    size_t Start = Pos;
    while (Hex ? isHex(peek()) : (peek() == '0' || peek() == '1'))
      advance();
    if (Pos == Start)
      return fail(L, C, "expected digits in an integer literal");
    if (peek() == 'U' || peek() == 'u')
      advance();
    T.Kind = TokKind::Integer;
  } else {
    T.Kind = TokKind::Integer;
    while (isDigit(peek()))
      advance();
    if (peek() == '.' && isDigit(peek(1))) {
      T.Kind = TokKind::Float;
      advance();
      while (isDigit(peek()))
        advance();
    }
    if ((peek() == 'e' || peek() == 'E') &&
        (isDigit(peek(1)) ||
         ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
      T.Kind = TokKind::Float;
      advance();
      advance();
      while (isDigit(peek()))
        advance();
    }
    if (T.Kind == TokKind::Integer && (peek() == 'U' || peek() == 'u'))
      advance();
  }
  if (isFollowSym(peek()))
    return fail(L, C, "expected a separator after this number");
  return true;
}

bool tokenizePtx(std::string_view Text, const std::string &File,
                 std::vector<Token> &Out, PtxError &Error) {
  Lexer L(Text, File, Out, Error);
  return L.run();
}

bool parseIntegerLiteral(std::string_view Text, std::uint64_t &Value) {
  if (!Text.empty() && (Text.back() == 'U' || Text.back() == 'u'))
    Text.remove_suffix(1);
  unsigned Base = 10;
  if (Text.size() > 2 && Text[0] == '0' && (Text[1] == 'x' || Text[1] == 'X'))
    Base = 16, Text.remove_prefix(2);
  else if (Text.size() > 2 && Text[0] == '0' &&
           (Text[1] == 'b' || Text[1] == 'B'))
    Base = 2, Text.remove_prefix(2);
  else if (Text.size() > 1 && Text[0] == '0')
    Base = 8, Text.remove_prefix(1);
  if (Text.empty())
    return false;
  std::uint64_t V = 0;
  for (char C : Text) {
    unsigned D;
    if (isDigit(C))
      D = C - '0';
    else if (C >= 'a' && C <= 'f')
      D = C - 'a' + 10;
    else if (C >= 'A' && C <= 'F')
      D = C - 'A' + 10;
    else
      return false;
    if (D >= Base || V > (UINT64_MAX - D) / Base)
      return false;
    V = V * Base + D;
  }
  Value = V;
  return true;
}

bool parseFloatLiteral(std::string_view Text, double &Value) {
  if (Text.size() > 2 && Text[0] == '0' &&
      (Text[1] == 'f' || Text[1] == 'F' || Text[1] == 'd' || Text[1] == 'D')) {
    std::uint64_t Bits;
    if (!parseIntegerLiteral("0x" + std::string(Text.substr(2)), Bits))
      return false;
    if (Text[1] == 'f' || Text[1] == 'F') {
      std::uint32_t B32 = static_cast<std::uint32_t>(Bits);
      float F;
      std::memcpy(&F, &B32, sizeof(F));
      Value = F;
    } else {
      std::memcpy(&Value, &Bits, sizeof(Value));
    }
    return true;
  }
  std::string S(Text);
  char *End = nullptr;
  Value = std::strtod(S.c_str(), &End);
  return End && *End == '\0' && !S.empty();
}

} // namespace gpa::ptx
