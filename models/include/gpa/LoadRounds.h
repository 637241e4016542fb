//===- LoadRounds.h - Global-load waits of a thread ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Facts a front-end reports about the global loads of one basic block (which
// earlier loads of the block each address is computed from, whether the
// value is stored to shared memory, the barriers between them) and the rule
// that turns them into rounds: latencies one thread waits for one after
// another. The kernel's sums feed KernelProfile::LoadRounds and
// KernelProfile::BarrierLoadRounds (docs/models.md "Load rounds from the
// code").
//
//===----------------------------------------------------------------------===//
#ifndef GPA_LOADROUNDS_H
#define GPA_LOADROUNDS_H

#include <cstddef>
#include <vector>

namespace gpa {

struct KernelProfile;

/// One global load of a basic block, in program order.
struct BlockLoad {
  /// Earlier loads of the same block (indices into the block's list) whose
  /// values its address is computed from.
  std::vector<std::size_t> AddressFrom;
  /// Its value is stored to shared memory (tile staging).
  bool Staging = false;
  /// Barriers between the block's start and this load.
  unsigned Region = 0;
};

/// Rounds of one execution of a block.
struct BlockRounds {
  double Loads = 0;         ///< global loads
  double Rounds = 0;        ///< latencies waited for in turn
  double StagingRounds = 0; ///< of those, rounds that end in a staging load
};

/// The rule: loads of a block between two barriers whose addresses do not
/// depend on each other issue together and wait once (the back end
/// schedules independent loads first); a load whose address needs another's
/// value waits one round later. A barrier ends every round. Rounds = the
/// longest chain per barrier-free region, summed over the regions;
/// staging rounds = the longest chain that ends in a staging load.
BlockRounds roundsOfBlock(const std::vector<BlockLoad> &Loads);

/// Front-end sums over a kernel's blocks (and called functions), weighted
/// by executions per thread.
struct LoadRoundSums {
  /// Σ weight × (loads − rounds): waits saved by issuing loads together.
  double SavedRounds = 0;
  /// Σ weight × staging rounds.
  double StagingRounds = 0;
  void add(const BlockRounds &B, double Weight);
  void addScaled(const LoadRoundSums &O, double Scale);
};

/// Sets P.LoadRounds (memory instructions minus the saved waits; left 0,
/// HK09, when nothing is saved) and P.BarrierLoadRounds (the staging rounds
/// when the kernel has a barrier). P's counts must be set.
void applyLoadRounds(const LoadRoundSums &Sums, KernelProfile &P);

} // namespace gpa

#endif
