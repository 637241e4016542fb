//===- TextFormat.cpp - printf-style and CSV helpers for gpa's output -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "TextFormat.h"

#include <cstdarg>
#include <cstdio>

namespace gpa::tool {

std::string format(const char *Fmt, ...) {
  char Buffer[2048];
  va_list Args;
  va_start(Args, Fmt);
  std::vsnprintf(Buffer, sizeof(Buffer), Fmt, Args);
  va_end(Args);
  return Buffer;
}

std::string savingText(double Pct) {
  return Pct >= 0 ? format("saved %.1f%%", Pct) : format("+%.1f%% more", -Pct);
}

std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n") == std::string::npos)
    return S;
  std::string Out = "\"";
  for (char C : S)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

} // namespace gpa::tool
