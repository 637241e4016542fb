//===- Glossary.h - gpa help terms ------------------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The model's terms that reports and remarks show in their details, each in
// one or two plain sentences with where it comes from.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_GLOSSARY_H
#define GPA_TOOL_GLOSSARY_H

namespace gpa::tool {

/// The text `gpa help terms` prints.
const char *glossaryText();

} // namespace gpa::tool

#endif // GPA_TOOL_GLOSSARY_H
