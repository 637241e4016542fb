//===- AccessFacts.cpp - Facts about a global access for the model --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The group of an access is its address's SCEV without the constant term
// (a[i-1], a[i], a[i+1] share "4 * i + a" and differ by -4, 0, 4); the base
// is the underlying object (a kernel argument or a global variable, whose
// size is the working set).
//
//===----------------------------------------------------------------------===//

#include "AccessFacts.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace gpa {

static AccessShape shapeOf(AccessKind K) {
  switch (K) {
  case AccessKind::Broadcast:
    return AccessShape::Broadcast;
  case AccessKind::Coalesced:
    return AccessShape::Coalesced;
  case AccessKind::Strided:
    return AccessShape::Strided;
  case AccessKind::VariableStride:
  case AccessKind::DataDependent:
    return AccessShape::Gather;
  }
  return AccessShape::Gather;
}

static std::string baseName(const Value *Base) {
  if (auto *A = dyn_cast<Argument>(Base))
    return "arg" + std::to_string(A->getArgNo());
  if (auto *GV = dyn_cast<GlobalVariable>(Base))
    return "@" + GV->getName().str();
  return Base->hasName() ? "%" + Base->getName().str() : "unknown";
}

GlobalAccessFact describeGlobalAccess(const Instruction &I, const Value *Ptr,
                                      uint64_t Bytes,
                                      const AccessPattern &Pattern,
                                      double PerThread, ScalarEvolution &SE,
                                      const DataLayout &DL) {
  GlobalAccessFact F;
  F.Shape = shapeOf(Pattern.Kind);
  F.Bytes = double(Bytes);
  F.LaneStrideBytes = Pattern.Kind == AccessKind::Coalesced ||
                              Pattern.Kind == AccessKind::Strided
                          ? double(std::llabs(Pattern.StrideBytes))
                          : double(Bytes);
  F.PerThread = PerThread;
  F.Store = !isa<LoadInst>(I);
  const Value *Base = Ptr ? getUnderlyingObject(Ptr) : nullptr;
  F.Base = Base ? baseName(Base) : "unknown";
  if (auto *GV = dyn_cast_or_null<GlobalVariable>(Base))
    F.WorkingSetBytes = double(DL.getTypeAllocSize(GV->getValueType()));
  F.Group = F.Base;
  if (Ptr && SE.isSCEVable(Ptr->getType())) {
    const SCEV *Addr = SE.getSCEV(const_cast<Value *>(Ptr));
    const SCEV *Rest = Addr;
    if (auto *Add = dyn_cast<SCEVAddExpr>(Addr))
      if (auto *C = dyn_cast<SCEVConstant>(Add->getOperand(0))) {
        F.OffsetBytes = double(C->getAPInt().getSExtValue());
        Rest = SE.getMinusSCEV(Addr, C);
      }
    std::string Key;
    raw_string_ostream OS(Key);
    Rest->print(OS);
    F.Group = OS.str();
  }
  return F;
}

} // namespace gpa
