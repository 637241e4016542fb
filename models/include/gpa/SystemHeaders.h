//===- SystemHeaders.h - Paths that are not the user's code ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Findings located in system headers (clang's CUDA wrappers, the CUDA
// toolkit's headers, /usr/include) are not the user's code to change: both
// front-ends count them instead of showing them (docs/findings.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SYSTEMHEADERS_H
#define GPA_SYSTEMHEADERS_H

#include <string>

namespace gpa {

/// Whether \p Path (as the debug information names it, absolute when it
/// can be) is a system header. An empty path is not.
bool isSystemHeaderPath(const std::string &Path);

} // namespace gpa

#endif
