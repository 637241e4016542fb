//===- PtxSharedAddresses.h - Math only on shared addresses -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// ptxas computes in 32 bits every 64-bit integer value whose only uses
// address shared memory (the window is 32-bit): such an add.s64/sub.s64
// is one IADD3/UIADD3, or nothing when it adds a shared variable's address
// (gpa/InstructionCosts.h OpFacts::OnlyAddressesShared, AddsSharedVariable).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXSHAREDADDRESSES_H
#define GPA_PTX_PTXSHAREDADDRESSES_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include <vector>

namespace gpa::ptx {

/// Sets the shared-address facts of each 64-bit add/sub still an add of
/// its own (not fused into an IMAD.WIDE) in Classes[K].Facts, and expands
/// it again.
void narrowSharedAddressAdds(const PtxFunction &F,
                             std::vector<OpClassification> &Classes);

} // namespace gpa::ptx

#endif
