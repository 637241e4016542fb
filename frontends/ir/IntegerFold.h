//===- IntegerFold.h - One integer operation on known values -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The value of an integer cast or binary operator whose operands are known
// (given kernel arguments, a thread's indices, constants), wrapping as the
// kernel's own integer width does. Shared by the rules that evaluate what
// ScalarEvolution leaves opaque: the bounds of guards (BranchDecisions.cpp)
// and the per-thread trip counts (DerivedTripCounts.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_IR_INTEGERFOLD_H
#define GPA_IR_INTEGERFOLD_H

#include "llvm/ADT/APInt.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>

namespace gpa {

/// X Op Y at X's width; nullopt for an operator it does not fold, a width
/// mismatch, a shift by the width or more, a division by zero or INT_MIN / -1.
inline std::optional<llvm::APInt>
foldIntegerBinary(unsigned Opcode, const llvm::APInt &X, const llvm::APInt &Y) {
  using llvm::Instruction;
  if (X.getBitWidth() != Y.getBitWidth())
    return std::nullopt;
  bool ShiftOk = Y.ult(X.getBitWidth());
  bool SignedDivOk = !Y.isZero() && !(Y.isAllOnes() && X.isMinSignedValue());
  switch (Opcode) {
  case Instruction::Add:
    return X + Y;
  case Instruction::Sub:
    return X - Y;
  case Instruction::Mul:
    return X * Y;
  case Instruction::And:
    return X & Y;
  case Instruction::Or:
    return X | Y;
  case Instruction::Xor:
    return X ^ Y;
  case Instruction::Shl:
    return ShiftOk ? std::optional<llvm::APInt>(X.shl(Y)) : std::nullopt;
  case Instruction::LShr:
    return ShiftOk ? std::optional<llvm::APInt>(X.lshr(Y)) : std::nullopt;
  case Instruction::AShr:
    return ShiftOk ? std::optional<llvm::APInt>(X.ashr(Y)) : std::nullopt;
  case Instruction::SDiv:
    return SignedDivOk ? std::optional<llvm::APInt>(X.sdiv(Y)) : std::nullopt;
  case Instruction::SRem:
    return SignedDivOk ? std::optional<llvm::APInt>(X.srem(Y)) : std::nullopt;
  case Instruction::UDiv:
    return !Y.isZero() ? std::optional<llvm::APInt>(X.udiv(Y)) : std::nullopt;
  case Instruction::URem:
    return !Y.isZero() ? std::optional<llvm::APInt>(X.urem(Y)) : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// \p Cast (zext, sext or trunc) applied to X; nullopt for other casts.
inline std::optional<llvm::APInt> foldIntegerCast(const llvm::CastInst &Cast,
                                                  const llvm::APInt &X) {
  unsigned Bits = Cast.getType()->getIntegerBitWidth();
  switch (Cast.getOpcode()) {
  case llvm::Instruction::ZExt:
  case llvm::Instruction::Trunc:
    return X.zextOrTrunc(Bits);
  case llvm::Instruction::SExt:
    return X.sextOrTrunc(Bits);
  default:
    return std::nullopt;
  }
}

} // namespace gpa

#endif // GPA_IR_INTEGERFOLD_H
