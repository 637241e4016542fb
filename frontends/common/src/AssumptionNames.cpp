//===- AssumptionNames.cpp - The one list of assumption names -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/common/AssumptionNames.h"

namespace gpa {

const char *assumptionName(AssumptionId Id) {
  switch (Id) {
#define GPA_ASSUMPTION(Id, Name, Meaning)                                      \
  case AssumptionId::Id:                                                       \
    return Name;
#include "gpa/common/Assumptions.def"
  }
  return "";
}

} // namespace gpa
