//===- PtxSassRules.h - What ptxas fuses, drops or merges -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Per-instruction classification counts one PTX instruction as what it
// becomes alone. ptxas also looks at neighbours: a 64-bit add is two SASS
// instructions unless it adds a mul.wide product (one IMAD.WIDE), shared
// loads of one aligned base merge into LDS.64/LDS.128, and sin/cos of one
// register share one range reduction. The rules and their SASS are in
// gpa/InstructionCosts.h (a narrowing cvt is free by its own facts there).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTX_PTXSASSRULES_H
#define GPA_PTX_PTXSASSRULES_H

#include "gpa/ptx/PtxAst.h"
#include "gpa/ptx/PtxCfg.h"
#include "gpa/ptx/PtxOpcodeTable.h"

#include <set>
#include <string>
#include <vector>

namespace gpa::ptx {

/// Rewrites Classes[K] (one per instruction of F.Body) for the fusions
/// above. \p StaticShared names the .shared variables without `extern`,
/// whose addresses ptxas lays out (assumed 16-byte aligned).
void applySassRules(const PtxFunction &F, const PtxCfg &Cfg,
                    const std::set<std::string> &StaticShared,
                    std::vector<OpClassification> &Classes);

} // namespace gpa::ptx

#endif
