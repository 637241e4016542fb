//===- PtxParser.h - PTX text to PtxModule ----------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Recursive-descent parser for the PTX subset nvcc and cuobjdump emit:
// module header directives, variable declarations, .entry/.func definitions
// and prototypes, and instruction bodies. Debug sections are skipped. The
// grammar is in docs/ptx-frontend.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXPARSER_H
#define GPA_PTX_PTXPARSER_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxError.h"

#include <string>
#include <string_view>

namespace gpa::ptx {

/// Parses Text into Out. On malformed input returns false and sets Error to
/// the first problem ("expected X, found Y" at its line and column); never
/// throws or asserts.
bool parsePtx(std::string_view Text, const std::string &File, PtxModule &Out,
              PtxError &Error);

} // namespace gpa::ptx

#endif
