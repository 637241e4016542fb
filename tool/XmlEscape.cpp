//===- XmlEscape.cpp - Text and attribute values for SVG and JUnit --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "XmlEscape.h"

#include <cstdio>

namespace gpa::tool {

std::string xmlEscape(const std::string &S) {
  std::string Out;
  Out.reserve(S.size());
  for (char Ch : S) {
    unsigned char C = static_cast<unsigned char>(Ch);
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    case '\t':
      Out += "&#9;";
      break;
    case '\n':
      Out += "&#10;";
      break;
    case '\r':
      Out += "&#13;";
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04X", unsigned(C));
        Out += Buf;
      } else {
        Out += Ch;
      }
    }
  }
  return Out;
}

} // namespace gpa::tool
