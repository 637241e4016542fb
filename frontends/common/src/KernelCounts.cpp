//===- KernelCounts.cpp - The one per-thread count accumulator ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/common/KernelCounts.h"

#include <algorithm>

namespace gpa {

void MemoryCounts::addScaled(const MemoryCounts &O, double W) {
  Accesses += O.Accesses * W;
  Bytes += O.Bytes * W;
  Coalesced += O.Coalesced * W;
  Broadcast += O.Broadcast * W;
  Strided += O.Strided * W;
  Unknown += O.Unknown * W;
  Uncoalesced += O.Uncoalesced * W;
  UncoalescedTransactions += O.UncoalescedTransactions * W;
  Local += O.Local * W;
  LocalBytes += O.LocalBytes * W;
}

void KernelCounts::addScaled(const KernelCounts &Callee, double W) {
  for (std::size_t U = 0; U < NumUnits; ++U)
    Counts[U] += Callee.Counts[U] * W;
  Flops.addScaled(Callee.Flops, W);
  Mem.addScaled(Callee.Mem, W);
  for (GlobalAccessFact F : Callee.GlobalAccesses) {
    F.PerThread *= W;
    GlobalAccesses.push_back(std::move(F));
  }
  Rounds.addScaled(Callee.Rounds, W);
  SharedBankReplays += Callee.SharedBankReplays * W;
  ConstantReplays += Callee.ConstantReplays * W;
  ConstantReplaysAssumed += Callee.ConstantReplaysAssumed * W;
  for (const auto &[Name, N] : Callee.Assumed)
    Assumed[Name] += N * W;
  // A call that never runs adds no conflict.
  if (W > 0)
    SharedBankConflictWays =
        std::max(SharedBankConflictWays, Callee.SharedBankConflictWays);
}

bool KernelCounts::fillProfile(KernelProfile &P, bool LocalInRegisters,
                               double MaxPerThread) const {
  P.PerThread = Counts;
  bool Clamped = false;
  for (double &C : P.PerThread)
    if (C > MaxPerThread) {
      C = MaxPerThread;
      Clamped = true;
    }
  P.FlopsPerThread = Flops;
  P.UncoalescedMem = Mem.Uncoalesced;
  P.GlobalAccesses = GlobalAccesses;
  double Accesses = Mem.Accesses, Bytes = Mem.Bytes;
  if (LocalInRegisters) {
    P.PerThread[index(Unit::LocalMem)] = 0;
    Accesses -= Mem.Local;
    Bytes -= Mem.LocalBytes;
  }
  if (Accesses > 0 && Bytes > 0)
    P.BytesPerMemAccess = Bytes / Accesses;
  if (Mem.Uncoalesced > 0)
    P.UncoalescedTransactionsPerWarp =
        Mem.UncoalescedTransactions / Mem.Uncoalesced;
  applyLoadRounds(Rounds, P);
  P.SharedBankReplays = SharedBankReplays;
  P.SharedBankConflictWays = SharedBankConflictWays;
  return Clamped;
}

} // namespace gpa
