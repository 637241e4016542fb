//===- SharedAddressArithmetic.h - Math on shared addresses -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Shared memory is a 32-bit window: LDS/STS/ATOMS take a 32-bit register
// plus an immediate offset, never a 64-bit pair. The PTX that clang/llc and
// nvcc emit computes shared addresses in 64-bit registers (add.s64,
// mul.wide, a `mov.b64 %rd, shared_var`); ptxas computes every 64-bit
// integer value whose only uses address shared memory in 32 bits. Both
// front-ends report the fact (the operation, whether its value only
// addresses shared memory, whether one operand is a shared variable's
// address) and this file gives what the GPU executes. Part of the cost
// model of gpa/InstructionCosts.h.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SHAREDADDRESSARITHMETIC_H
#define GPA_SHAREDADDRESSARITHMETIC_H

namespace gpa {

/// What a front-end knows about one integer add/sub.
struct AddressAddFacts {
  unsigned Bits = 64;
  /// Every use of the value, directly or through further such adds (a
  /// pointer incremented in a loop included), is the address of a
  /// shared-memory load, store or atomic, or a truncation to 32 bits or
  /// fewer (LSR's byte offset that also feeds the loop's exit test:
  /// `add.s64 %rd15, %rd15, 4; cvt.u32.u64 %r7, %rd15` beside shared
  /// addresses is `UIADD3 UR4, UR4, 0x4, URZ`).
  bool OnlyAddressesShared = false;
  /// One operand is a shared variable's address and the other is not a
  /// constant: the variable's place in the window is a constant that ptxas
  /// folds into the access's [reg+imm] offset.
  bool AddsSharedVariable = false;
};

/// Int instructions (IADD3, or UIADD3 when the value is the same for every
/// thread of the warp: bench/sass_units.py counts the uniform datapath's
/// integer arithmetic as int too) for one add/sub with facts \p F:
///   - not only a shared address: integerAddInstructions(Bits), a 64-bit
///     add being an IADD3 + IADD3.X pair;
///   - a shared address that adds a shared variable: 0 (PTX
///     `mov.u64 %rd4, sb; add.s64 %rd7, %rd4, %rd5; ld.shared.f32 %f2,
///     [%rd7]` is `LDS R4, [R2+0x1000]`, sb placed at 0x1000);
///   - another shared address: one 32-bit add (Rodinia lud_diagonal's
///     loop pointers `add.s64 %rd68, %rd68, 8` / `add.s64 %rd67, %rd67,
///     128` are `IADD3 R37, R37, 0x8, RZ` / `UIADD3 UR6, UR6, 0x80, URZ`).
/// ptxas 13, sm_80; test/unit/SharedAddressArithmeticTest.cpp quotes the
/// SASS.
double addressAddInstructions(const AddressAddFacts &F);

} // namespace gpa

#endif
