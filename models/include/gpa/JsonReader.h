//===- JsonReader.h - Validating reads from parsed JSON --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Reads typed, range-checked values out of an nlohmann::json document and
// records the first problem as "FILE: $.json.path: expected WHAT", the error
// format every input file of GpuPowerAdvisor shares.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_JSONREADER_H
#define GPA_JSONREADER_H

#include "gpa/InputFile.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace gpa {

/// Parses Text as JSON without throwing; on failure sets Error to
/// "FILE: invalid JSON: <parser message>". A key repeated in one object is
/// an error naming the key, line and column, as is a number outside the
/// range of a double; tokens quoted in messages are cut to 64 bytes.
std::optional<nlohmann::json> parseJsonText(const std::string &Text,
                                            const std::string &File,
                                            std::string &Error);

class JsonReader {
public:
  explicit JsonReader(std::string File) : File(std::move(File)) {}

  bool ok() const { return Error.empty(); }
  const std::string &error() const { return Error; }
  /// Records "FILE: PATH: expected WHAT" unless an error is already recorded.
  void fail(const std::string &Path, const std::string &Expected);

  /// The member Key of the object at Path, or nullptr (recording an error
  /// when Required). Records an error when the value at Path is no object.
  const nlohmann::json *member(const nlohmann::json &Object,
                               const std::string &Path, const char *Key,
                               bool Required);
  /// A finite number in [Min, Max]; integral when Integer is set.
  std::optional<double> number(const nlohmann::json &Value,
                               const std::string &Path, double Min, double Max,
                               bool Integer = false);
  std::optional<bool> boolean(const nlohmann::json &Value,
                              const std::string &Path);
  std::optional<std::string> string(const nlohmann::json &Value,
                                    const std::string &Path);
  /// Error for every member of Object whose key is not in Allowed (a
  /// comma-separated list), to catch misspelt keys.
  void rejectUnknownKeys(const nlohmann::json &Object, const std::string &Path,
                         const std::string &Allowed);

private:
  std::string File;
  std::string Error;
};

std::string childPath(const std::string &Path, const std::string &Key);

/// Whether Doc is an object whose "schema" member is the string Schema.
/// Never throws: json::value() would, when "schema" is present but no string.
bool hasSchema(const nlohmann::json &Doc, const char *Schema);

/// Token itself, or its first Max bytes and its size when it is longer (no
/// error message echoes a multi-megabyte token).
std::string shortenForMessage(const std::string &Token, std::size_t Max = 64);

} // namespace gpa

#endif
