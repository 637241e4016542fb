//===- SharedLoadMerging.h - Shared loads merged into LDS.128 --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Shared-memory loads of one base at constant offsets, with no shared store,
// barrier or call between them, become one LDS.64/LDS.128 per aligned window
// (gpa/InstructionCosts.h sharedLoadInstructions). The IR front-end's share
// of that rule: each such load's fraction of the group's LDS instructions.
// Before that, what clang's NVPTX back-end does to the IR: consecutive
// loads its LoadStoreVectorizer joins (within their `align`) are one
// ld.shared.v2/.v4 each, and a load a single-predecessor chain of
// dominating blocks already made is reused (EarlyCSE), no LDS.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SHAREDLOADMERGING_H
#define GPA_SHAREDLOADMERGING_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>

namespace llvm {
class BasicBlock;
class Instruction;
class ScalarEvolution;
class SCEV;
} // namespace llvm

namespace gpa {

/// The constant term of an address: an add's constant operand, or, in a
/// loop, that of the recurrence's start (`{alm + 4 + 16 tid, +, 256}`).
std::int64_t addressConstantTerm(const llvm::SCEV *S);

/// \p S without its constant term (addressConstantTerm, in \p Offset):
/// the base the back-end's vectorizers group accesses by.
const llvm::SCEV *addressBase(const llvm::SCEV *S, llvm::ScalarEvolution &SE,
                              std::int64_t &Offset);

/// The vectors the NVPTX back-end's LoadStoreVectorizer makes of accesses
/// of \p Bytes each at the offsets of \p AlignAt (offset -> the access's
/// own `align`): each vector's first offset and its width in accesses, as
/// wide as the first one's `align` allows, at most 16 bytes
/// (NVPTXTTIImpl::isLegalToVectorizeLoadChain). The rest stay scalar.
/// Shared by the shared loads below and GlobalVectors.cpp.
std::map<std::int64_t, unsigned>
vectorisedChains(const std::map<std::int64_t, std::uint64_t> &AlignAt,
                 std::int64_t Bytes);

/// LDS instructions per load for the merged shared loads of \p BB (loads
/// not in the map count one each). A static (non-extern) __shared__ array
/// is taken as 16-byte aligned: ptxas lays it out.
/// \p VectorWidths, when given, receives the loads the LoadStoreVectorizer
/// joins: the first of each vector its width in loads, the others 0 (the
/// bank-conflict rule prices the vector, one access of its bytes).
llvm::DenseMap<const llvm::Instruction *, double> mergedSharedLoads(
    const llvm::BasicBlock &BB, llvm::ScalarEvolution &SE,
    llvm::DenseMap<const llvm::Instruction *, unsigned> *VectorWidths =
        nullptr);

} // namespace gpa

#endif
