//===- CanonicalJson.h - Deterministic JSON text --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Reports must be byte-identical for the same input (cacheable builds):
// sorted keys (nlohmann::json's std::map), two-space indentation, integers
// as integers and every other number with "%.9g" (9 significant digits,
// enough to round-trip a float, stable across platforms); NaN/inf as null.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CANONICALJSON_H
#define GPA_CANONICALJSON_H

#include <nlohmann/json.hpp>

#include <string>

namespace gpa {

std::string formatNumber(double Value);
std::string toCanonicalJson(const nlohmann::json &Value);

} // namespace gpa

#endif
