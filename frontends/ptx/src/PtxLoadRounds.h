//===- PtxLoadRounds.h - Load-round facts of PTX blocks ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Internal to gpa_ptx: the global loads of each block as the load-round
// rule (gpa/LoadRounds.h) sees them, the facts the IR front-end reports for
// the same code (frontends/ir/LoadStaging.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXLOADROUNDS_H
#define GPA_PTX_PTXLOADROUNDS_H

#include "gpa/LoadRounds.h"
#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include <vector>

namespace gpa::ptx {

/// One list per block of \p Cfg: the block's ld/ldu from global (or
/// generic) memory; an address is computed from an earlier load when its
/// registers' definitions in the block reach that load's destination; a
/// load is staging when its destination reaches the value of a st.shared
/// through mov, cvt and selp. Barriers are instructions of the Sync unit.
std::vector<std::vector<gpa::BlockLoad>>
blockLoads(const PtxFunction &F, const PtxCfg &Cfg,
           const std::vector<OpClassification> &Classes);

} // namespace gpa::ptx

#endif
