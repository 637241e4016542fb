//===- LoadStaging.h - Load-round facts of an IR block ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The global loads of a basic block as the load-round rule
// (gpa/LoadRounds.h) sees them: which earlier loads of the block each
// address is computed from, and whether the value is stored to shared
// memory (tile staging). The PTX front-end reports the same facts
// (frontends/ptx/src/PtxLoadRounds.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_LOADSTAGING_H
#define GPA_FRONTENDS_IR_LOADSTAGING_H

#include "gpa/LoadRounds.h"

#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace llvm {
class BasicBlock;
class DataLayout;
class Instruction;
} // namespace llvm

namespace gpa {

/// BB's loads from global (or generic, counted as global) memory in program
/// order; a load's address is computed from an earlier one when its operand
/// chain inside BB reaches it; a load is staging when its value reaches the
/// stored value of a shared-memory store through casts, phis, selects and
/// freezes. Barriers (the classifier's Sync unit) separate regions. A
/// copy the back-end expands inline from global memory is one load per
/// piece (expandedCopyPieces); of a vector the LoadStoreVectorizer makes
/// (\p Vectors, GlobalVectors.h) only the first load counts.
std::vector<BlockLoad>
blockLoads(const llvm::BasicBlock &BB, const llvm::DataLayout &DL,
           const llvm::DenseMap<const llvm::Instruction *, unsigned> *Vectors =
               nullptr);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_LOADSTAGING_H
