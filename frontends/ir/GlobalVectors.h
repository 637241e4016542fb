//===- GlobalVectors.h - Global vector accesses -----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Scalar global loads (or stores) of one base at consecutive constant
// offsets in one block are one ld.global.v2/.v4 (st.global.v2/.v4) in the
// PTX clang's NVPTX back-end makes: its LoadStoreVectorizer joins them, as
// wide as the first access's `align` allows (vectorisedChains,
// SharedLoadMerging.h). CLBlast's float4 struct read member by member is
// four `load float` (align 16, 4, 8, 4) in the IR and one
// ld.global.nc.v4.b32 in the PTX.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_GLOBALVECTORS_H
#define GPA_GLOBALVECTORS_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class BasicBlock;
class Instruction;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

/// Global loads and stores of \p BB the back-end joins into vectors: the
/// first access of each vector maps to its width in accesses, the others
/// to 0 (they are part of the first one's instruction). Accesses not in
/// the map stay scalar.
llvm::DenseMap<const llvm::Instruction *, unsigned>
vectorisedGlobalAccesses(const llvm::BasicBlock &BB, llvm::ScalarEvolution &SE);

} // namespace gpa

#endif
