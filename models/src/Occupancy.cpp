//===- Occupancy.cpp - CUDA occupancy calculator rules -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Follows the CUDA Occupancy Calculator: registers are rounded to the
// allocation unit per warp (cc >= 2.0) or per block (cc 1.x, after rounding
// the block's warps to the warp allocation granularity); shared memory is
// rounded to its allocation unit after adding the per-block reservation
// (1 KiB on cc >= 8.0).
//
//===----------------------------------------------------------------------===//
#include "gpa/Occupancy.h"

#include <algorithm>
#include <limits>

namespace gpa {

static std::uint64_t ceilTo(std::uint64_t Value, std::uint64_t Unit) {
  if (Unit == 0)
    return Value;
  return (Value + Unit - 1) / Unit * Unit;
}

static std::uint64_t ceilDiv(std::uint64_t A, std::uint64_t B) {
  return B == 0 ? 0 : (A + B - 1) / B;
}

static unsigned clampToUnsigned(std::uint64_t V) {
  return static_cast<unsigned>(
      std::min<std::uint64_t>(V, std::numeric_limits<unsigned>::max()));
}

static unsigned registerLimit(const LaunchConfig &L, const GpuModel &Gpu,
                              unsigned WarpsPerBlock) {
  if (L.RegistersPerThread == 0)
    return std::numeric_limits<unsigned>::max();
  if (Gpu.RegisterScope == RegisterAllocScope::Block) {
    std::uint64_t Warps = ceilTo(WarpsPerBlock, Gpu.WarpAllocGranularity);
    std::uint64_t PerBlock = ceilTo(Warps * Gpu.WarpSize * L.RegistersPerThread,
                                    Gpu.RegisterAllocUnit);
    return clampToUnsigned(Gpu.RegistersPerSm / PerBlock);
  }
  std::uint64_t PerWarp =
      ceilTo(L.RegistersPerThread * Gpu.WarpSize, Gpu.RegisterAllocUnit);
  std::uint64_t WarpsBySm = Gpu.RegistersPerSm / PerWarp;
  // Warps are granted to blocks in units of the warp allocation granularity.
  if (Gpu.WarpAllocGranularity > 1)
    WarpsBySm = WarpsBySm / Gpu.WarpAllocGranularity * Gpu.WarpAllocGranularity;
  return clampToUnsigned(WarpsBySm / WarpsPerBlock);
}

Occupancy computeOccupancy(const LaunchConfig &L, const GpuModel &Gpu) {
  Occupancy O;
  O.WarpsPerBlock = clampToUnsigned(ceilDiv(L.ThreadsPerBlock, Gpu.WarpSize));
  if (L.ThreadsPerBlock == 0) {
    O.Reason = "threads_per_block is 0";
    return O;
  }
  if (L.ThreadsPerBlock > Gpu.MaxThreadsPerBlock) {
    O.Reason = "threads_per_block " + std::to_string(L.ThreadsPerBlock) +
               " exceeds the GPU's limit of " +
               std::to_string(Gpu.MaxThreadsPerBlock);
    return O;
  }
  if (L.RegistersPerThread > Gpu.MaxRegistersPerThread) {
    O.Reason = "registers_per_thread " + std::to_string(L.RegistersPerThread) +
               " exceeds the GPU's limit of " +
               std::to_string(Gpu.MaxRegistersPerThread);
    return O;
  }
  if (L.SharedBytesPerBlock > Gpu.MaxSharedBytesPerBlock) {
    O.Reason = "shared_bytes_per_block " +
               std::to_string(L.SharedBytesPerBlock) +
               " exceeds the GPU's limit of " +
               std::to_string(Gpu.MaxSharedBytesPerBlock);
    return O;
  }
  O.LimitByThreads = clampToUnsigned(Gpu.MaxThreadsPerSm / L.ThreadsPerBlock);
  O.LimitByWarps = Gpu.MaxWarpsPerSm / O.WarpsPerBlock;
  O.LimitByBlocks = Gpu.MaxBlocksPerSm;
  O.LimitByRegisters = registerLimit(L, Gpu, O.WarpsPerBlock);
  std::uint64_t SharedPerBlock =
      L.SharedBytesPerBlock == 0
          ? 0
          : ceilTo(L.SharedBytesPerBlock + Gpu.SharedReservedBytesPerBlock,
                   Gpu.SharedAllocUnitBytes);
  O.LimitBySharedMemory =
      SharedPerBlock == 0
          ? std::numeric_limits<unsigned>::max()
          : clampToUnsigned(Gpu.SharedBytesPerSm / SharedPerBlock);

  const std::pair<unsigned, const char *> Limits[] = {
      {O.LimitByThreads, "threads"},
      {O.LimitByWarps, "warps"},
      {O.LimitByBlocks, "blocks"},
      {O.LimitByRegisters, "registers"},
      {O.LimitBySharedMemory, "shared_memory"}};
  O.MaxActiveBlocksPerSm = std::numeric_limits<unsigned>::max();
  for (const auto &[Limit, Name] : Limits) {
    if (Limit < O.MaxActiveBlocksPerSm) {
      O.MaxActiveBlocksPerSm = Limit;
      O.LimitedBy = Name;
    }
  }
  if (O.MaxActiveBlocksPerSm == 0) {
    O.Reason = "one block needs more " + O.LimitedBy + " than an SM has";
    return O;
  }
  O.Fits = true;
  return O;
}

} // namespace gpa
