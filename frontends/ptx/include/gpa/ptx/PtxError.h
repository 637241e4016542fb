//===- PtxError.h - Located errors of the PTX front-end ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The one error type of the PTX front-end: a position in the input and what
// was expected there. The library never throws; every failure is returned as
// a PtxError and rendered as "FILE:LINE:COL: message".
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXERROR_H
#define GPA_PTX_PTXERROR_H

#include <string>

namespace gpa::ptx {

struct PtxError {
  std::string File;
  unsigned Line = 0;
  unsigned Col = 0;
  std::string Message;

  bool isSet() const { return !Message.empty(); }
  /// "FILE:LINE:COL: message" (the format compilers use, so editors jump).
  std::string str() const {
    return File + ":" + std::to_string(Line) + ":" + std::to_string(Col) +
           ": " + Message;
  }
};

} // namespace gpa::ptx

#endif
