//===- InputFile.cpp - Bounded reads of input files ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/InputFile.h"

#include <cstdio>
#include <memory>
#include <sys/stat.h>

namespace gpa {

static std::string tooLarge(const std::string &Path) {
  return Path + ": larger than the input limit of " +
         std::to_string(MaxInputFileBytes >> 20) + " MiB";
}

bool checkInputFile(const std::string &Path, std::string &Error) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0) {
    Error = Path + ": cannot open file";
    return false;
  }
  if (!S_ISREG(St.st_mode)) {
    Error = Path + ": not a regular file (" +
            (S_ISDIR(St.st_mode) ? "a directory" : "a device, pipe or socket") +
            "); expected a file";
    return false;
  }
  if (std::uint64_t(St.st_size) > MaxInputFileBytes) {
    Error = tooLarge(Path);
    return false;
  }
  return true;
}

std::optional<std::string> readTextFile(const std::string &Path,
                                        std::string &Error) {
  if (!checkInputFile(Path, Error))
    return std::nullopt;
  std::unique_ptr<std::FILE, int (*)(std::FILE *)> In(
      std::fopen(Path.c_str(), "rb"), &std::fclose);
  if (!In) {
    Error = Path + ": cannot open file";
    return std::nullopt;
  }
  std::string Text;
  char Buffer[1 << 16];
  while (std::size_t N = std::fread(Buffer, 1, sizeof(Buffer), In.get())) {
    if (Text.size() + N > MaxInputFileBytes) {
      Error = tooLarge(Path);
      return std::nullopt;
    }
    Text.append(Buffer, N);
  }
  if (std::ferror(In.get())) {
    Error = Path + ": cannot read file";
    return std::nullopt;
  }
  return Text;
}

} // namespace gpa
