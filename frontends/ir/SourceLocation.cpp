//===- SourceLocation.cpp - Source paths as reports show them -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "SourceLocation.h"
#include "gpa/SystemHeaders.h"

#include "llvm/ADT/SmallString.h"
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

bool isSystemHeader(const DILocation &L) {
  StringRef Name = L.getFilename();
  SmallString<256> Path;
  if (sys::path::is_absolute(Name))
    Path = Name;
  else
    sys::path::append(Path, L.getDirectory(), Name);
  return isSystemHeaderPath(Path.str().str());
}

} // namespace gpa
