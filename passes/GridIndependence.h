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
#ifndef GPA_PASSES_GRIDINDEPENDENCE_H
#define GPA_PASSES_GRIDINDEPENDENCE_H

#include "llvm/IR/PassManager.h"

#include <string>

namespace gpa {

struct GridVerdict {
  bool Independent = false;
  bool Annotated = false; // GPA_GRID_INDEPENDENT (annotate attribute)
  std::string Reason;
};

/// Proof rule (docs/launch-rewrite.md): every side effect sits in a
/// grid-stride loop — induction start blockIdx.d*blockDim.d+threadIdx.d,
/// step a multiple of gridDim.d*blockDim.d, one exit whose bound does not
/// depend on the grid — and blockIdx/gridDim feed nothing but those loops
/// and their zero-trip guards. Rejected: other uses of blockIdx/gridDim,
/// stores outside such loops (one thread per element), barriers, atomics
/// whose result is used or that are not commutative integer updates, calls
/// to functions that are not intrinsics.
GridVerdict analyzeGridIndependence(llvm::Function &Kernel,
                                    llvm::FunctionAnalysisManager &FAM);

/// True when Kernel carries __attribute__((annotate("gpa.grid_independent")))
/// (the GPA_GRID_INDEPENDENT macro of gpa_runtime.h).
bool isAnnotatedGridIndependent(const llvm::Function &Kernel);

} // namespace gpa

#endif // GPA_PASSES_GRIDINDEPENDENCE_H
