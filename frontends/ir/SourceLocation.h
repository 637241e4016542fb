//===- SourceLocation.h - Source paths as reports show them ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Reports name source files relative to the compilation directory, never by
// absolute path, so the same input gives byte-identical reports on every
// machine (determinism principle, docs/report-format.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_SOURCELOCATION_H
#define GPA_FRONTENDS_IR_SOURCELOCATION_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class DILocation;
} // namespace llvm

namespace gpa {

/// L's file relative to its compilation directory.
std::string relativeFile(const llvm::DILocation &L);

/// Name relative to Dir when it lies under it; an absolute path elsewhere is
/// reduced to its file name.
std::string relativeSourcePath(llvm::StringRef Name, llvm::StringRef Dir);

/// Whether L lies in a system header: clang's CUDA wrappers
/// (__clang_cuda_*.h, the resource directory's include/), the CUDA
/// toolkit's headers (…/cuda…/include/, crt/), /usr/include. Findings there
/// are the library's code, not the user's.
bool isSystemHeader(const llvm::DILocation &L);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_SOURCELOCATION_H
