//===- TextFormat.h - printf-style and CSV helpers ------------ -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_TEXTFORMAT_H
#define GPA_TOOL_TEXTFORMAT_H

#include <string>

namespace gpa::tool {

/// snprintf into a std::string (fixed formats keep text output
/// deterministic); lines longer than 2047 characters are cut.
std::string format(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));

/// An energy-savings percentage as "saved 1.3%", or "+6.4% more" when
/// fewer SMs cost energy.
std::string savingText(double Pct);

/// A CSV field, quoted (RFC 4180) when it holds a comma, quote or newline.
std::string csvField(const std::string &S);

} // namespace gpa::tool

#endif
