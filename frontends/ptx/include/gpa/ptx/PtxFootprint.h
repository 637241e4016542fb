//===- PtxFootprint.h - Bytes a PTX access spans ----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The PTX side of the IR front-end's access footprints (frontends/ir/
// AccessFootprint.cpp; rule R4's working set, docs/models.md "Memory
// levels"): interval arithmetic over the address registers' definitions
// with the launch facts, so that a stream larger than L2 gets no L2 hits on
// either route.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXFOOTPRINT_H
#define GPA_PTX_PTXFOOTPRINT_H

#include "gpa/BaseWorkingSet.h"
#include "gpa/BranchFacts.h"
#include "gpa/RereadSearch.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gpa::ptx {

/// The bytes the address of \p I (its first [address] operand) spans over
/// the whole launch, for an access of \p Bytes bytes from the parameter
/// \p Base ("argN"): [lo, hi + Bytes) as a start and a length, where the
/// address's offset from the parameter (its immediate included) ranges
/// over [lo, hi]. Registers defined once are evaluated through mov, cvt,
/// cvta, add, sub, mul(.lo/.wide), mad(.lo/.wide), shl, shr (of a
/// non-negative value) and and by an immediate; %tid, %ntid, %ctaid and
/// %nctaid take the launch's ranges, integer parameters the launch file's
/// arguments. nullopt when any of them is unknown, or a register is defined
/// more than once (a loop's counter).
std::optional<gpa::ByteRange>
ptxAccessFootprint(const PtxFunction &F, const PtxInstruction &I,
                   const std::string &Base, unsigned Bytes,
                   const gpa::BranchFacts &Launch);

/// The byte offset from the parameter \p Base of the address of \p I (an
/// instruction of \p F's body) for one thread, with the launch file's
/// arguments (R3's reread search and a run-time lane stride), its loops at
/// their first iteration: with \p Cfg, a register that the innermost loop
/// around its use only advances (`add %rd15, %rd15, 16`) takes its value
/// on entry to that loop. nullopt when a register on the way is otherwise
/// defined more than once or anything else is unknown.
std::optional<double>
ptxAccessOffsetAt(const PtxFunction &F, const PtxInstruction &I,
                  const std::string &Base, const gpa::BranchFacts &Launch,
                  const gpa::ThreadPoint &Thread, const PtxCfg *Cfg = nullptr);

} // namespace gpa::ptx

#endif
