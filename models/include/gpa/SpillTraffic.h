//===- SpillTraffic.h - Register spills as local-memory traffic -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// When ptxas runs out of registers it stores values to local memory and
// loads them back. Local memory is off-chip (cached in L1/L2) and the model
// counts its accesses with global memory (HK09 Mem_insts), so the spills
// `ptxas -v` reports ("S bytes spill stores, L bytes spill loads") become
// local-memory instructions of the kernel, labelled with their source.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SPILLTRAFFIC_H
#define GPA_SPILLTRAFFIC_H

#include "gpa/KernelProfile.h"
#include "gpa/KernelResources.h"

#include <string>

namespace gpa {

/// Bytes ptxas spills per access: it spills 32-bit registers.
constexpr double SpillAccessBytes = 4;

struct SpillTraffic {
  double StoreInstructions = 0; // per thread
  double LoadInstructions = 0;  // per thread
  /// "ptxas -v: 96 bytes spill stores, 96 bytes spill loads: 48 local
  /// accesses per thread ..."; empty when nothing spills.
  std::string Description;
  bool any() const { return StoreInstructions + LoadInstructions > 0; }
};

/// Adds R's spill traffic to P's local-memory instructions and keeps P's
/// bytes per memory access the average over all of them. ptxas counts the
/// bytes of the spill instructions in the code, not of their executions, so
/// each counts once per thread: a lower bound when a spill sits in a loop.
/// From says where R came from ("ptxas -v, sm_80").
SpillTraffic addSpillTraffic(KernelProfile &P, const KernelResources &R,
                             const std::string &From);

} // namespace gpa

#endif
