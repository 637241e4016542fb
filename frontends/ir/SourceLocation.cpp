//===- SourceLocation.cpp - Source paths as reports show them -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "SourceLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpa {

std::string relativeFile(const llvm::DILocation &L) {
  return relativeSourcePath(L.getFilename(), L.getDirectory());
}

std::string relativeSourcePath(StringRef Name, StringRef Dir) {
  if (sys::path::is_absolute(Name) && !Dir.empty() && Name.starts_with(Dir)) {
    StringRef Rel = Name.drop_front(Dir.size());
    while (!Rel.empty() && sys::path::is_separator(Rel.front()))
      Rel = Rel.drop_front();
    Name = Rel;
  }
  if (sys::path::is_absolute(Name))
    Name = sys::path::filename(Name);
  return Name.str();
}

} // namespace gpa
