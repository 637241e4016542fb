//===- JsonReader.cpp - Validating reads from parsed JSON -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/JsonReader.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>
#include <vector>

namespace gpa {

namespace {
/// Thrown from the parser callback on a key seen before in the same object.
struct DuplicateKey {
  std::string Key;
  std::size_t KeyIndex; ///< 0-based among all keys of the document
};

/// Line and column (1-based) of a position in Text.
struct TextPos {
  std::size_t Line = 1, Column = 1;
};

TextPos positionOf(const std::string &Text, std::size_t Offset) {
  TextPos P;
  for (std::size_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++P.Line;
      P.Column = 1;
    } else {
      ++P.Column;
    }
  }
  return P;
}

/// Offset of the closing quote of the string opening at Text[Open].
std::size_t stringEnd(const std::string &Text, std::size_t Open) {
  std::size_t I = Open + 1;
  while (I < Text.size() && Text[I] != '"')
    I += Text[I] == '\\' ? 2 : 1;
  return I;
}

/// Offset of the Index-th object key (a string followed by ':') in Text,
/// which the parser accepted up to that key. npos if not found.
std::size_t keyOffset(const std::string &Text, std::size_t Index) {
  std::size_t Seen = 0;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '"')
      continue;
    std::size_t Open = I;
    I = stringEnd(Text, Open);
    std::size_t J = I + 1;
    while (J < Text.size() && std::isspace(static_cast<unsigned char>(Text[J])))
      ++J;
    if (J < Text.size() && Text[J] == ':' && Seen++ == Index)
      return Open;
  }
  return std::string::npos;
}

/// Offset and text of the first number token outside strings that does
/// not fit a double, or npos.
std::size_t overflowingNumber(const std::string &Text, std::string &Token) {
  for (std::size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"') {
      I = stringEnd(Text, I);
      continue;
    }
    if (C != '-' && !std::isdigit(static_cast<unsigned char>(C)))
      continue;
    std::size_t J = I;
    while (J < Text.size() && std::strchr("0123456789+-.eE", Text[J]))
      ++J;
    std::string Tok = Text.substr(I, J - I);
    if (std::isinf(std::strtod(Tok.c_str(), nullptr))) {
      Token = Tok;
      return I;
    }
    I = J - 1;
  }
  return std::string::npos;
}
} // namespace

bool hasSchema(const nlohmann::json &Doc, const char *Schema) {
  if (!Doc.is_object())
    return false;
  auto It = Doc.find("schema");
  return It != Doc.end() && It->is_string() &&
         It->get_ref<const std::string &>() == Schema;
}

std::string shortenForMessage(const std::string &Token, std::size_t Max) {
  if (Token.size() <= Max)
    return Token;
  return Token.substr(0, Max) + "... (" + std::to_string(Token.size()) +
         " bytes)";
}

/// Shortens the token nlohmann quotes after "last read: '" or "parsing '"
/// (the whole rest of the input, for an unterminated string).
static std::string shortenParserMessage(std::string Msg) {
  for (const char *Marker : {"last read: '", "parsing '"}) {
    std::size_t Start = Msg.find(Marker);
    if (Start == std::string::npos)
      continue;
    Start += std::strlen(Marker);
    std::size_t End = Msg.find("'; expected", Start);
    if (End == std::string::npos)
      End = Msg.rfind('\'');
    if (End == std::string::npos || End < Start)
      End = Msg.size();
    Msg = Msg.substr(0, Start) +
          shortenForMessage(Msg.substr(Start, End - Start)) + Msg.substr(End);
  }
  return Msg;
}

std::optional<nlohmann::json> parseJsonText(const std::string &Text,
                                            const std::string &File,
                                            std::string &Error) {
  // Keys seen in each open object; a repeated key is an error (nlohmann
  // would silently keep the last value).
  std::vector<std::set<std::string>> Open;
  std::size_t Keys = 0;
  auto Callback = [&](int, nlohmann::json::parse_event_t Event,
                      nlohmann::json &Parsed) {
    using E = nlohmann::json::parse_event_t;
    if (Event == E::object_start) {
      Open.emplace_back();
    } else if (Event == E::object_end) {
      if (!Open.empty())
        Open.pop_back();
    } else if (Event == E::key && !Open.empty()) {
      std::string Key = Parsed.get<std::string>();
      if (!Open.back().insert(Key).second)
        throw DuplicateKey{Key, Keys};
      ++Keys;
    }
    return true;
  };
  try {
    return nlohmann::json::parse(Text, Callback);
  } catch (const DuplicateKey &D) {
    TextPos P = positionOf(Text, keyOffset(Text, D.KeyIndex));
    Error = File + ": invalid JSON: duplicate key \"" +
            shortenForMessage(D.Key) + "\" at line " + std::to_string(P.Line) +
            ", column " + std::to_string(P.Column);
    return std::nullopt;
  } catch (const nlohmann::json::out_of_range &E) {
    std::string Token;
    std::size_t At = overflowingNumber(Text, Token);
    if (At != std::string::npos) {
      TextPos P = positionOf(Text, At);
      Error = File + ": invalid JSON: number overflow at line " +
              std::to_string(P.Line) + ", column " + std::to_string(P.Column) +
              ": '" + shortenForMessage(Token) +
              "' is outside the range of a double";
      return std::nullopt;
    }
    Error = File + ": invalid JSON: " + shortenParserMessage(E.what());
    return std::nullopt;
  } catch (const nlohmann::json::exception &E) {
    std::string Msg = E.what();
    // Drop nlohmann's "[json.exception.parse_error.101] " prefix.
    if (auto Pos = Msg.find("] "); Pos != std::string::npos)
      Msg = Msg.substr(Pos + 2);
    Error = File + ": invalid JSON: " + shortenParserMessage(Msg);
    return std::nullopt;
  }
}

std::string childPath(const std::string &Path, const std::string &Key) {
  return Path + "." + Key;
}

void JsonReader::fail(const std::string &Path, const std::string &Expected) {
  if (Error.empty())
    Error = File + ": " + Path + ": expected " + Expected;
}

const nlohmann::json *JsonReader::member(const nlohmann::json &Object,
                                         const std::string &Path,
                                         const char *Key, bool Required) {
  if (!Object.is_object()) {
    fail(Path, "an object");
    return nullptr;
  }
  auto It = Object.find(Key);
  if (It == Object.end()) {
    if (Required)
      fail(childPath(Path, Key), "a value (the key is missing)");
    return nullptr;
  }
  return &*It;
}

static std::string formatBound(double V) {
  std::ostringstream S;
  S << V;
  return S.str();
}

std::optional<double> JsonReader::number(const nlohmann::json &Value,
                                         const std::string &Path, double Min,
                                         double Max, bool Integer) {
  std::string What = std::string(Integer ? "an integer" : "a number") +
                     " in [" + formatBound(Min) + ", " + formatBound(Max) + "]";
  if (!Value.is_number()) {
    fail(Path, What + ", got " + std::string(Value.type_name()));
    return std::nullopt;
  }
  double V = Value.get<double>();
  if (!std::isfinite(V) || V < Min || V > Max ||
      (Integer && std::floor(V) != V)) {
    fail(Path, What + ", got " + Value.dump());
    return std::nullopt;
  }
  return V;
}

std::optional<bool> JsonReader::boolean(const nlohmann::json &Value,
                                        const std::string &Path) {
  if (!Value.is_boolean()) {
    fail(Path, "true or false, got " + std::string(Value.type_name()));
    return std::nullopt;
  }
  return Value.get<bool>();
}

std::optional<std::string> JsonReader::string(const nlohmann::json &Value,
                                              const std::string &Path) {
  if (!Value.is_string()) {
    fail(Path, "a string, got " + std::string(Value.type_name()));
    return std::nullopt;
  }
  return Value.get<std::string>();
}

void JsonReader::rejectUnknownKeys(const nlohmann::json &Object,
                                   const std::string &Path,
                                   const std::string &Allowed) {
  if (!Object.is_object())
    return;
  std::string Padded = "," + Allowed + ",";
  for (auto It = Object.begin(); It != Object.end(); ++It) {
    if (Padded.find("," + It.key() + ",") == std::string::npos) {
      fail(childPath(Path, shortenForMessage(It.key())),
           "one of the keys " + Allowed);
      return;
    }
  }
}

} // namespace gpa
