//===- KernelActivity.cpp - A launch's events for energy models -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelActivity.h"

#include <algorithm>
#include <cmath>

namespace gpa {

std::string_view memoryLevelKey(MemoryLevel L) {
  switch (L) {
  case MemoryLevel::L1:
    return "l1";
  case MemoryLevel::L2:
    return "l2";
  case MemoryLevel::Shared:
    return "shared";
  case MemoryLevel::Constant:
    return "constant";
  case MemoryLevel::Texture:
    return "texture";
  case MemoryLevel::Dram:
    return "dram";
  }
  return "dram";
}

double launchWarps(const KernelProfile &P, const GpuModel &Gpu) {
  double WarpsPerBlock =
      std::ceil(static_cast<double>(P.Launch.ThreadsPerBlock) / Gpu.WarpSize);
  return WarpsPerBlock * static_cast<double>(P.Launch.Blocks);
}

KernelActivity kernelActivity(const KernelProfile &P, const GpuModel &Gpu,
                              double ExecTimeS, unsigned ActiveSms,
                              double TemperatureK) {
  KernelActivity A;
  A.ExecTimeS = ExecTimeS;
  A.ActiveSms = ActiveSms;
  A.TemperatureK = TemperatureK;
  double Warps = launchWarps(P, Gpu);
  for (std::size_t U = 0; U < NumUnits; ++U)
    A.WarpInstructions[U] = P.PerThread[U] * Warps;

  const double Lanes = Gpu.WarpSize;
  double Global = P.count(Unit::GlobalMem) + P.count(Unit::LocalMem);
  double Uncoal = std::min(P.UncoalescedMem, Global);
  double UncoalPerMw = P.UncoalescedTransactionsPerWarp > 0
                           ? P.UncoalescedTransactionsPerWarp
                           : Gpu.UncoalTransactionsPerWarp;
  double GlobalBytes =
      Warps * ((Global - Uncoal) * Lanes * P.BytesPerMemAccess +
               Uncoal * UncoalPerMw * Gpu.TransactionBytes);
  double AsyncBytes =
      Warps * P.count(Unit::AsyncCopy) * Lanes * P.BytesPerMemAccess;
  double AtomicBytes = Warps * P.count(Unit::Atomic) * Lanes * 4;
  auto &B = A.Bytes;
  B[index(MemoryLevel::L1)] = GlobalBytes;
  B[index(MemoryLevel::L2)] = GlobalBytes + AsyncBytes + AtomicBytes;
  B[index(MemoryLevel::Dram)] = GlobalBytes + AsyncBytes;
  B[index(MemoryLevel::Shared)] =
      Warps * P.count(Unit::SharedMem) * Lanes * 4 + AsyncBytes;
  B[index(MemoryLevel::Texture)] = Warps * P.count(Unit::Texture) * Lanes * 4;
  B[index(MemoryLevel::Constant)] = Warps * P.count(Unit::ConstMem) * 4;
  return A;
}

} // namespace gpa
