//===- KernelCounts.h - The one per-thread count accumulator ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What both front-ends count for a function, dynamic per thread: units,
// timing-memory accesses, global-access facts, load rounds and bank
// conflicts. Callees fold in scaled by their call's weight (addScaled);
// the kernel's totals become its KernelProfile's counts (fillProfile).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMMON_KERNELCOUNTS_H
#define GPA_COMMON_KERNELCOUNTS_H

#include "gpa/KernelProfile.h"
#include "gpa/LoadRounds.h"
#include "gpa/MemoryLevels.h"
#include "gpa/Units.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace gpa {

/// Timing-memory (global/local) access statistics, dynamic per thread.
struct MemoryCounts {
  double Accesses = 0;
  double Bytes = 0; // sum of bytes per access
  double Coalesced = 0, Broadcast = 0;
  /// Of the uncoalesced: strided, and addresses the front-end cannot
  /// analyse (the PTX front-end tells them apart).
  double Strided = 0, Unknown = 0;
  double Uncoalesced = 0;
  double UncoalescedTransactions = 0; // sum of transactions per warp
  double Local = 0, LocalBytes = 0;   // of Accesses, Bytes: local memory
  void addScaled(const MemoryCounts &O, double W);
};

struct KernelCounts {
  PerUnit Counts{};
  /// FP32/FP64 operations as Nsight counts them (gpa/FlopCounts.h).
  FlopCounts Flops;
  MemoryCounts Mem;
  /// One fact per static global access (callees' scaled by the call).
  std::vector<GlobalAccessFact> GlobalAccesses;
  /// Waits saved by loads issued together, staging rounds (gpa/LoadRounds.h).
  LoadRoundSums Rounds;
  /// Shared-memory bank-conflict replays per thread and the worst conflict
  /// (gpa/SharedBankConflicts.h).
  double SharedBankReplays = 0;
  unsigned SharedBankConflictWays = 1;
  /// Constant-cache requests beyond one per warp load, per thread (already
  /// in Counts' const_mem: a lane-dependent address is serialised,
  /// gpa/ConstantCache.h), and of those the ones for addresses not known
  /// (the worst case, assumed).
  double ConstantReplays = 0, ConstantReplaysAssumed = 0;
  /// Assumptions the counts rest on (Assumptions.def names and the IR's
  /// own) -> dynamic per-thread instructions they affect; the kernel lists
  /// each (countedAssumptionSource).
  std::map<std::string, double> Assumed;

  /// Folds in a callee's counts at W calls per invocation.
  void addScaled(const KernelCounts &Callee, double W);

  /// Sets P's per-thread counts and memory figures (not its name or
  /// launch). \p LocalInRegisters: ptxas keeps the private arrays in
  /// registers (no stack frame), so their accesses are no local-memory
  /// instructions. Counts above \p MaxPerThread are clamped to it (the PTX
  /// front-end's profiles stay within what profile files accept); returns
  /// whether any was.
  bool fillProfile(KernelProfile &P, bool LocalInRegisters = false,
                   double MaxPerThread = HUGE_VAL) const;
};

} // namespace gpa

#endif // GPA_COMMON_KERNELCOUNTS_H
