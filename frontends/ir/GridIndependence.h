//===- GridIndependence.h - May this kernel's grid shrink? ---- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Decides per kernel whether launching it with fewer blocks keeps the
// program's meaning, so the launch rewrite (-gpa-rewrite-grid) may run it on
// IPP's optimal number of SMs. Conservative: anything not proven is "no",
// with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_GRIDINDEPENDENCE_H
#define GPA_FRONTENDS_IR_GRIDINDEPENDENCE_H

#include "llvm/IR/PassManager.h"
#include "llvm/IR/Value.h"

#include <string>

namespace gpa {

struct GridVerdict {
  bool Independent = false;
  bool Annotated = false; // GPA_GRID_INDEPENDENT (annotate attribute)
  std::string Reason;
  /// Bit d (x = 1, y = 2, z = 4): the proof holds only when gridDim.d and
  /// blockDim.d are 1 at launch (no grid-stride loop covers d); the launch
  /// runtime checks it and otherwise launches as written.
  unsigned UnitDims = 0;
  /// Why restricting the kernel's SMs (grid unchanged, fewer blocks
  /// resident) could deadlock it (BlockWaiting.h); "" when nothing suggests
  /// its blocks wait for each other.
  std::string SmRefusal;
};

/// "gridDim.y = blockDim.y = 1, gridDim.z = blockDim.z = 1" for UnitDims.
std::string unitDimsText(unsigned UnitDims);

/// Proof rule (docs/launch-rewrite.md §1). A kernel is grid-independent
/// when, for some dimension d of each grid-stride loop:
///  C1 start:  the loop's induction variable starts at
///             blockIdx.d*blockDim.d+threadIdx.d, and every store and atomic
///             sits in such a loop;
///  C2 step:   it steps by exactly gridDim.d*blockDim.d (k = 1: together
///             the threads then visit every index below the bound exactly
///             once, whatever the grid);
///  C3 bound:  it leaves only at its latch, continuing while the next index
///             is below (or at) a grid-independent, loop-invariant bound, and
///             its first iteration is guarded by start < bound;
///  C4 values: every stored value and address, and every branch deciding
///             whether a store runs, is a function of the induction
///             variables and grid-independent values only (arguments,
///             constants, memory C5 allows): no other loop-carried value of a
///             grid-stride loop (running sums, maxima, counters, bumped
///             pointers), no thread/block/grid index, no value computed in a
///             grid-stride loop used after it;
///  C5 memory: each store's address is offset + s*index with |s| >= its
///             size (one location per index); an access to memory another
///             access writes is at the same address, or a disjoint part of
///             the same index's slot, in the same loop; distinct globals
///             are distinct objects, and so are __restrict__ or by-value
///             arguments; two plain pointer arguments may be one buffer
///             (compared by byte offset from each), an argument and a
///             global may overlap; atomics only meet atomics of the same
///             operation and width;
///  C6 effects: the only effects are simple stores and integer atomics that
///             commute (add, sub, and, or, xor, min, max) with an unused
///             result: no barrier, shuffle, vote, fence, call, float atomic,
///             exchange, compare-and-swap, volatile access or private array.
/// Together they imply that the set of (address, value) pairs stored, and
/// the final memory, is the same for every grid: each index's work is done
/// once, by some thread, and depends only on the index. For nested
/// grid-stride loops (2D) C5 also needs each outer index's row stride to be
/// at least the inner loop's extent (rows are disjoint).
/// Anything else is "no", with the first condition that failed.
GridVerdict analyzeGridIndependence(llvm::Function &Kernel,
                                    llvm::FunctionAnalysisManager &FAM);

/// True when Kernel carries __attribute__((annotate("gpa.grid_independent")))
/// (the GPA_GRID_INDEPENDENT macro of gpa_runtime.h).
bool isAnnotatedGridIndependent(const llvm::Function &Kernel);

/// An instruction or value as a remark quotes it: its IR text without
/// metadata, cut to 80 characters (the proof's and the sm-mode refusal's).
std::string describeForRemark(const llvm::Value &V);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_GRIDINDEPENDENCE_H
