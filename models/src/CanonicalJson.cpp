//===- CanonicalJson.cpp - Deterministic JSON text ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/CanonicalJson.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace gpa {

static bool findNonFinite(const nlohmann::json &V, std::string &Path) {
  if (V.is_number_float())
    return !std::isfinite(V.get<double>());
  std::size_t Len = Path.size();
  if (V.is_object()) {
    for (auto It = V.begin(); It != V.end(); ++It) {
      Path += "." + It.key();
      if (findNonFinite(It.value(), Path))
        return true;
      Path.resize(Len);
    }
  } else if (V.is_array()) {
    for (std::size_t I = 0; I < V.size(); ++I) {
      Path += "[" + std::to_string(I) + "]";
      if (findNonFinite(V[I], Path))
        return true;
      Path.resize(Len);
    }
  }
  return false;
}

std::string nonFinitePath(const nlohmann::json &Value) {
  std::string Path = "$";
  return findNonFinite(Value, Path) ? Path : "";
}

std::string formatNumber(double Value) {
  if (!std::isfinite(Value))
    return "null";
  if (Value == 0)
    return "0"; // Also folds -0.
  char Buffer[32];
  std::snprintf(Buffer, sizeof(Buffer), "%.9g", Value);
  return Buffer;
}

static void write(const nlohmann::json &V, std::string &Out, int Indent) {
  std::string Pad(Indent * 2, ' ');
  switch (V.type()) {
  case nlohmann::json::value_t::object: {
    if (V.empty()) {
      Out += "{}";
      return;
    }
    Out += "{\n";
    bool First = true;
    for (auto It = V.begin(); It != V.end(); ++It) {
      if (!First)
        Out += ",\n";
      First = false;
      Out += Pad + "  " + nlohmann::json(It.key()).dump() + ": ";
      write(It.value(), Out, Indent + 1);
    }
    Out += "\n" + Pad + "}";
    return;
  }
  case nlohmann::json::value_t::array: {
    if (V.empty()) {
      Out += "[]";
      return;
    }
    Out += "[\n";
    for (std::size_t I = 0; I < V.size(); ++I) {
      if (I)
        Out += ",\n";
      Out += Pad + "  ";
      write(V[I], Out, Indent + 1);
    }
    Out += "\n" + Pad + "]";
    return;
  }
  case nlohmann::json::value_t::number_float:
    Out += formatNumber(V.get<double>());
    return;
  default:
    Out += V.dump(); // strings, booleans, null, integers
    return;
  }
}

std::string toCanonicalJsonAt(const nlohmann::json &Value, int Indent) {
  std::string Bad = nonFinitePath(Value);
  if (!Bad.empty())
    throw std::domain_error("non-finite number (NaN or inf) at " + Bad);
  std::string Out;
  write(Value, Out, Indent);
  return Out;
}

std::string toCanonicalJson(const nlohmann::json &Value) {
  return toCanonicalJsonAt(Value, 0) + "\n";
}

CanonicalSplit splitCanonicalJsonAt(const nlohmann::json &Doc,
                                    const std::string &Marker) {
  std::string Text = toCanonicalJson(Doc);
  std::size_t At = Text.find(Marker);
  if (At == std::string::npos)
    throw std::logic_error("no empty array to stream into in the document");
  return {Text.substr(0, At + Marker.size() - 1),
          Text.substr(At + Marker.size())};
}

} // namespace gpa
