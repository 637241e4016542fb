//===- PtxComparison.cpp - A setp's comparison, as a value ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "PtxComparison.h"

namespace gpa::ptx {

Cmp comparison(const PtxInstruction &Setp) {
  for (const std::string &M : Setp.Modifiers) {
    if (M == ".lt" || M == ".lo")
      return Cmp::Lt;
    if (M == ".le" || M == ".ls")
      return Cmp::Le;
    if (M == ".gt" || M == ".hi")
      return Cmp::Gt;
    if (M == ".ge" || M == ".hs")
      return Cmp::Ge;
    if (M == ".ne")
      return Cmp::Ne;
    if (M == ".eq")
      return Cmp::Eq;
  }
  return Cmp::Unknown;
}

Cmp swapped(Cmp C) {
  switch (C) {
  case Cmp::Lt:
    return Cmp::Gt;
  case Cmp::Le:
    return Cmp::Ge;
  case Cmp::Gt:
    return Cmp::Lt;
  case Cmp::Ge:
    return Cmp::Le;
  default:
    return C;
  }
}

Cmp negated(Cmp C) {
  switch (C) {
  case Cmp::Lt:
    return Cmp::Ge;
  case Cmp::Le:
    return Cmp::Gt;
  case Cmp::Gt:
    return Cmp::Le;
  case Cmp::Ge:
    return Cmp::Lt;
  case Cmp::Ne:
    return Cmp::Eq;
  case Cmp::Eq:
    return Cmp::Ne;
  default:
    return C;
  }
}

bool holds(std::int64_t X, std::int64_t B, Cmp C) {
  switch (C) {
  case Cmp::Lt:
    return X < B;
  case Cmp::Le:
    return X <= B;
  case Cmp::Gt:
    return X > B;
  case Cmp::Ge:
    return X >= B;
  case Cmp::Ne:
    return X != B;
  case Cmp::Eq:
    return X == B;
  default:
    return false;
  }
}

} // namespace gpa::ptx
