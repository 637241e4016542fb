//===- IntrinsicTable.h - What calls and expansions cost, by name -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The name-keyed half of the classification table: LLVM/NVVM intrinsics by
// name prefix, libdevice (__nv_*) functions by exact name, and the
// multi-instruction expansions of division and square root. The
// instruction-keyed half lives in InstructionClassifier.cpp; docs/plugin.md
// reproduces both.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PASSES_INTRINSICTABLE_H
#define GPA_PASSES_INTRINSICTABLE_H

#include "gpa/Units.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Type;
} // namespace llvm

namespace gpa {

/// N dynamic PTX instructions on unit U.
struct UnitCount {
  Unit U;
  double N;
};
using UnitCounts = llvm::SmallVector<UnitCount, 4>;

/// How a named call is counted.
enum class CallRule {
  Fixed,       // the listed units
  ByType,      // first unit replaced by the unit of the call's type
  Free,        // no PTX at all (debug info, lifetime markers, assumptions)
  Div,         // floating-point division: divExpansion()
  Sqrt,        // square root: sqrtExpansion()
  GlobalLoad,  // a load from global memory (ldg/ldu intrinsics before LLVM 21)
  MemTransfer, // llvm.memcpy/memmove/memset: loads/stores of the length
  Unknown,     // not in the table: "other" and an assumption
};

struct CallCost {
  CallRule Rule = CallRule::Unknown;
  UnitCounts Units;
  bool Approx = false; // Div/Sqrt: the approximate PTX form
};

/// The unit arithmetic on \p Ty runs on: fp (f32), fp64, fp16 (half,
/// bfloat and vectors of them), int (integers), alu otherwise.
Unit unitForType(const llvm::Type *Ty);

/// Cost of a call to the intrinsic \p Name ("llvm.*"), looked up by prefix.
CallCost lookupIntrinsic(llvm::StringRef Name);

/// Cost of a call to a libdevice function that was not inlined ("__nv_expf"),
/// or Rule == Unknown.
CallCost lookupLibdevice(llvm::StringRef Name);

/// PTX for a floating-point division on \p Ty: div.approx (rcp + mul) when
/// \p Approx, otherwise the IEEE div.rn sequence ptxas expands it into.
UnitCounts divExpansion(const llvm::Type *Ty, bool Approx);

/// PTX for a square root on \p Ty (sqrt.approx, or sqrt.rn's expansion).
UnitCounts sqrtExpansion(const llvm::Type *Ty, bool Approx);

/// frem: a division, a truncation and a fused multiply-add.
UnitCounts remExpansion(const llvm::Type *Ty);

} // namespace gpa

#endif // GPA_PASSES_INTRINSICTABLE_H
