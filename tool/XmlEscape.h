//===- XmlEscape.h - Text and attributes for SVG and JUnit ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// XML 1.0 forbids most control characters even as character references, so
// kernel names and messages carrying them (a CUDA name may hold anything
// after demangling; a budget message quotes a JSON string) are written as
// visible "\u00XX" text; tab, LF and CR become character references, which
// attribute-value normalisation keeps.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_XMLESCAPE_H
#define GPA_TOOL_XMLESCAPE_H

#include <string>

namespace gpa::tool {

/// S escaped for XML text and for a double- or single-quoted attribute.
std::string xmlEscape(const std::string &S);

} // namespace gpa::tool

#endif
