//===- JsonReader.cpp - Validating reads from parsed JSON -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/JsonReader.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace gpa {

std::optional<nlohmann::json> parseJsonText(const std::string &Text,
                                            const std::string &File,
                                            std::string &Error) {
  try {
    return nlohmann::json::parse(Text);
  } catch (const nlohmann::json::exception &E) {
    std::string Msg = E.what();
    // Drop nlohmann's "[json.exception.parse_error.101] " prefix.
    if (auto Pos = Msg.find("] "); Pos != std::string::npos)
      Msg = Msg.substr(Pos + 2);
    Error = File + ": invalid JSON: " + Msg;
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
      fail(childPath(Path, It.key()), "one of the keys " + Allowed);
      return;
    }
  }
}

} // namespace gpa
