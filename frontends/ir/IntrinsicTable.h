//===- IntrinsicTable.h - What calls cost, by name -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The name-keyed half of the classification table: LLVM/NVVM intrinsics by
// name prefix and libdevice (__nv_*) functions by exact name. Operations that
// expand into several SASS instructions (division, square root, ...) are
// costed by the shared model, gpa/InstructionCosts.h. The instruction-keyed
// half lives in InstructionClassifier.cpp; docs/plugin.md reproduces both.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_INTRINSICTABLE_H
#define GPA_FRONTENDS_IR_INTRINSICTABLE_H

#include "gpa/InstructionCosts.h"
#include "gpa/Units.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Type;
} // namespace llvm

namespace gpa {

using UnitCounts = llvm::SmallVector<UnitCount, 4>;

/// How a named call is counted.
enum class CallRule {
  Fixed,       // the listed units
  ByType,      // first unit replaced by the unit of the call's type
  Free,        // no PTX at all (debug info, lifetime markers, assumptions)
  Op,          // an operation of InstructionCosts (Family), precision from
               // the name (.approx, .ftz, .full) or the call's afn flag
  GlobalLoad,  // a load from global memory (ldg/ldu intrinsics before LLVM 21)
  MemTransfer, // llvm.memcpy/memmove/memset: loads/stores of the length
  FragmentTransfer, // wmma load/store: a fragment through memory, a load or
                    // store of the pointer's address space (not the tensor
                    // core; the PTX front-end classifies wmma.load/store so)
  Unknown,          // not in the table: "other" and an assumption
};

struct CallCost {
  CallRule Rule = CallRule::Unknown;
  UnitCounts Units;
  OpFamily Family = OpFamily::Div;           // Rule == Op
  OpPrecision Precision = OpPrecision::Ieee; // Rule == Op, from the name
};

/// The unit arithmetic on \p Ty runs on: fp (f32), fp64, fp16 (half,
/// bfloat and vectors of them), int (integers), alu otherwise.
Unit unitForType(const llvm::Type *Ty);

/// Cost of a call to the intrinsic \p Name ("llvm.*"), looked up by prefix.
CallCost lookupIntrinsic(llvm::StringRef Name);

/// Cost of a call to a libdevice function that was not inlined ("__nv_expf"),
/// or Rule == Unknown.
CallCost lookupLibdevice(llvm::StringRef Name);

/// The OpType of values of \p Ty (vectors: their element type).
OpType opTypeFor(const llvm::Type *Ty);

/// What the GPU executes for \p Family on \p Ty at \p Precision
/// (InstructionCosts.def). Convert here is a rounding of \p Ty to an
/// integral value (llvm.floor/ceil/trunc/rint: cvt.rXi.fT.fT).
UnitCounts expansion(OpFamily Family, const llvm::Type *Ty,
                     OpPrecision Precision);

/// What the GPU executes for converting a \p From value to \p To
/// (sitofp, uitofp, fptosi, fptoui, fpext, fptrunc, sext, zext, trunc):
/// the shared model's Convert family from the two types.
UnitCounts conversion(const llvm::Type *From, const llvm::Type *To);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_INTRINSICTABLE_H
