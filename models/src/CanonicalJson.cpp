//===- CanonicalJson.cpp - Deterministic JSON text ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/CanonicalJson.h"

#include <cmath>
#include <cstdio>

namespace gpa {

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

std::string toCanonicalJson(const nlohmann::json &Value) {
  std::string Out;
  write(Value, Out, 0);
  Out += "\n";
  return Out;
}

} // namespace gpa
