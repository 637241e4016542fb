//===- KernelProfile.cpp - Derived per-thread counts ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelProfile.h"

namespace gpa {

double KernelProfile::memoryInstructions() const {
  double Sum = 0;
  for (const UnitInfo &Info : allUnits())
    if (Info.IsTimingMemory)
      Sum += count(Info.Id);
  return Sum;
}

double KernelProfile::totalInstructions() const {
  double Sum = 0;
  for (double C : PerThread)
    Sum += C;
  return Sum;
}

double KernelProfile::registerFileAccesses() const {
  double Sum = 0;
  for (const UnitInfo &Info : allUnits())
    if (Info.ReadsRegisters)
      Sum += count(Info.Id);
  return Sum;
}

} // namespace gpa
