//===- ConstantOffsets.h - Neighbour addresses as [reg+imm] -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Before instruction selection the NVPTX back end runs, on straight-line
// code, SeparateConstOffsetFromGEP (a GEP's constant index addend becomes a
// byte offset), straight-line strength reduction and reassociation (a GEP
// at a constant distance from a dominating one becomes that one plus the
// distance) and EarlyCSE; instruction selection then folds the constant
// into the ld/st address, [%rd+imm]. So the accesses of one base at
// constant distances, such as a[i][j], a[i][j+1] and a[i-1][j], cost one
// address between them, and the index arithmetic that only made the
// neighbours' indices is not executed. Straight-line strength reduction
// looks through a sext only: zero-extended indices (nuw arithmetic) keep
// one address each, except where the index is `zext(x + C)` (nuw) or
// `zext(x)` for one x: SeparateConstOffsetFromGEP takes C out, CSE leaves
// one register. Observed on llc 22 for sm_80 (docs/ptx-frontend.md
// "Neighbour addresses").
//
//===----------------------------------------------------------------------===//
#ifndef GPA_CONSTANTOFFSETS_H
#define GPA_CONSTANTOFFSETS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace llvm {
class DominatorTree;
class Function;
class Instruction;
class ScalarEvolution;
} // namespace llvm

namespace gpa {

struct StrengthReduced;

struct ConstantOffsets {
  /// GEPs used only as load/store addresses at a constant distance that
  /// fits the access's immediate (gpa/InstructionCosts.h
  /// offsetFoldsIntoAccess) from an earlier GEP of the same block: no
  /// instruction of their own.
  llvm::DenseSet<const llvm::Instruction *> FoldedAddresses;
  /// The first GEP of each such group, and GEPs on their own, whose index
  /// llc rebuilds from an index computed anyway: mapped to the integer
  /// int instructions of that rebuilding: none when the two indices differ
  /// by a constant that moves into the byte offset (the extension
  /// distributes over the add: nsw/nuw), one add when they differ by a
  /// constant only before the extension. Their own index arithmetic is
  /// then not executed (it is in DeadIndexMath).
  llvm::DenseMap<const llvm::Instruction *, double> RebuiltIndices;
  /// GEPs used only (transitively) as the pointer of folded addresses:
  /// those are rebased on their group's first GEP, so these are not
  /// computed.
  llvm::DenseSet<const llvm::Instruction *> UnusedBases;
  /// Integer instructions used only (transitively) as indices of those
  /// GEPs.
  llvm::DenseSet<const llvm::Instruction *> DeadIndexMath;
};

/// The rule above for the GEPs of \p F that loop strength reduction
/// (\p LSR) leaves alone.
ConstantOffsets foldConstantOffsets(llvm::Function &F,
                                    const StrengthReduced &LSR,
                                    llvm::ScalarEvolution &SE,
                                    const llvm::DominatorTree &DT);

} // namespace gpa

#endif
