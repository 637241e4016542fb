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

const char *countedAssumptionSource(const std::string &Name) {
  if (Name == "generic_as_global")
    return "generic pointers with no known address space, counted as global "
           "memory (dynamic instructions per thread)";
  if (Name.rfind("uncoalesced_", 0) == 0)
    return "global accesses estimated uncoalesced (dynamic per thread)";
  if (Name == assumptionName(AssumptionId::DivisorRowsSpanWarps))
    return "global accesses indexed by a run-time divisor's quotient or "
           "remainder (i / n, i % n), priced as one row's lanes: rows "
           "assumed at least a warp long (dynamic per thread)";
  if (Name == assumptionName(AssumptionId::GatherLanesWalkOwnSectors))
    return "gathered loads in a loop whose address moves a constant step "
           "per iteration (a run-time lane stride not given): each lane "
           "assumed to walk its own sectors, re-read over the iterations "
           "from L1 (rule R7; dynamic per thread)";
  if (Name == assumptionName(AssumptionId::GatherLanesWriteOwnSectors))
    return "gathered stores in a loop whose address moves a constant step "
           "per iteration (a run-time lane stride not "
           "given): each lane assumed to write its own sectors, merged in "
           "L2 and written to DRAM once (rule R10; dynamic per thread)";
  return "dynamic instructions per thread counted as 'other' because the "
         "estimate cannot see through them";
}

} // namespace gpa
