//===- CanonicalJson.h - Deterministic JSON text --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Reports must be byte-identical for the same input (cacheable builds):
// sorted keys (nlohmann::json's std::map), two-space indentation, integers
// as integers and every other number with "%.9g" (9 significant digits,
// enough to round-trip a float, stable across platforms). A document with
// NaN or inf anywhere is refused (std::domain_error naming the path): a
// report never carries null where a number is expected.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CANONICALJSON_H
#define GPA_CANONICALJSON_H

#include <nlohmann/json.hpp>

#include <string>

namespace gpa {

/// "%.9g" of a finite Value; "null" for NaN/inf (CSV and text cells only).
std::string formatNumber(double Value);
/// The JSON path ("$.kernels[0].power_w") of the first NaN or inf number in
/// Value, or "" when every number is finite.
std::string nonFinitePath(const nlohmann::json &Value);
/// Throws std::domain_error when nonFinitePath(Value) is not empty.
std::string toCanonicalJson(const nlohmann::json &Value);
/// Value's canonical text as it appears nested Indent levels deep in a
/// document (no leading indentation, no final newline), so that a large
/// document can be written piece by piece. Throws like toCanonicalJson.
std::string toCanonicalJsonAt(const nlohmann::json &Value, int Indent);

/// Canonical text of a document streamed piece by piece: Head ends just
/// inside the empty array written as Marker (e.g. "\n  \"kernels\": []"),
/// Tail is the text after that array's closing bracket (the writer closes
/// the array). Throws std::logic_error when the text has no such array.
struct CanonicalSplit {
  std::string Head;
  std::string Tail;
};
CanonicalSplit splitCanonicalJsonAt(const nlohmann::json &Doc,
                                    const std::string &Marker);

} // namespace gpa

#endif
