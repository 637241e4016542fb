//===- LabelNumber.cpp - Numbers as assumption labels print them ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// See gpa/common/LabelNumber.h.
//
//===----------------------------------------------------------------------===//
#include "gpa/common/LabelNumber.h"

#include <cstdio>

namespace gpa {

std::string labelNumber(double V, int SignificantDigits) {
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%.*g", SignificantDigits, V);
  return Buf;
}

} // namespace gpa
