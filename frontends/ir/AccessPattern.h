//===- AccessPattern.h - Coalescing of a global memory access -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Decides from the address's ScalarEvolution expression how the 32 threads
// of a warp access memory: the stride between consecutive threadIdx.x.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_ACCESSPATTERN_H
#define GPA_FRONTENDS_IR_ACCESSPATTERN_H

#include "gpa/InstructionCosts.h"

#include <cstdint>
#include <optional>

namespace llvm {
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace gpa {

enum class AccessKind {
  Broadcast,      // the same address for the whole warp (no threadIdx.x)
  Coalesced,      // consecutive threads touch consecutive elements
  Strided,        // constant stride larger than the element
  VariableStride, // depends on threadIdx.x with a run-time stride
  DataDependent,  // the address comes from thread-dependent data (a gather)
};

struct AccessPattern {
  AccessKind Kind = AccessKind::Coalesced;
  int64_t StrideBytes = 0;
  /// Memory transactions (sectors of the GPU model) one warp's access needs;
  /// for VariableStride and DataDependent the policy's worst case (an upper
  /// bound, gpa/InstructionCosts.h).
  double TransactionsPerWarp = 1;
  /// DataDependent only: the lane dependence goes through loaded data (a
  /// gather, a[idx[tid]]); otherwise the address is one the analysis cannot
  /// follow (unknown calls, non-affine arithmetic): not known to be
  /// uncoalesced.
  bool Gather = false;
  /// The address divides a lane-dependent index by a run-time divisor
  /// (`i / n`, `i % n`): priced as the lanes of one row, rows assumed at
  /// least a warp long.
  bool DivisorRows = false;
  bool isUncoalesced() const {
    return Kind != AccessKind::Broadcast && Kind != AccessKind::Coalesced;
  }
};

const char *accessKindName(AccessKind K);

/// The address's ScalarEvolution expression, looking through a phi whose
/// incoming values all have one loop-invariant expression (clang's
/// `phi [sext %i, %a], [sext %i, %b]` after an if/else: the back end keeps
/// one register for it, so the access is analysed as that expression).
const llvm::SCEV *addressSCEV(const llvm::Value *Ptr,
                              llvm::ScalarEvolution &SE);

/// Analyses the address \p Ptr of an access of \p Bytes bytes per thread;
/// transactions come from gpa/InstructionCosts.h for the geometry \p G.
AccessPattern analyzeAccess(const llvm::Value *Ptr, uint64_t Bytes,
                            llvm::ScalarEvolution &SE, const MemoryGeometry &G);

/// The address's change per unit of threadIdx.y (\p Dim 1) or threadIdx.z
/// (\p Dim 2), bytes, when it is the same whatever the other values and the
/// loop iteration (as the lane stride); nothing when it depends on run-time
/// values or on the index through data.
std::optional<int64_t> threadStrideBytes(const llvm::Value *Ptr, unsigned Dim,
                                         llvm::ScalarEvolution &SE);

/// True for the values that differ between the lanes of a warp:
/// threadIdx.x (llvm.nvvm.read.ptx.sreg.tid.x) and the lane id.
bool isLaneIdValue(const llvm::Value *V);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_ACCESSPATTERN_H
