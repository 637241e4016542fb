//===- KernelActivity.h - A launch's events for energy models ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What the energy-per-event models (seeds 001 and 003) consume: warp
// instructions per unit over the whole launch, bytes per memory level, the
// predicted time and the active SMs. Derived from a KernelProfile; the byte
// counts rest on stated assumptions (see kernelActivity()).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_KERNELACTIVITY_H
#define GPA_KERNELACTIVITY_H

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"

#include <array>
#include <string_view>

namespace gpa {

enum class MemoryLevel { L1, L2, Shared, Constant, Texture, Dram };
constexpr std::size_t NumMemoryLevels = 6;
inline std::size_t index(MemoryLevel L) { return static_cast<std::size_t>(L); }
/// "l1", "l2", "shared", "constant", "texture", "dram".
std::string_view memoryLevelKey(MemoryLevel L);

struct KernelActivity {
  /// Warp instructions per unit over the whole launch (per-thread count x
  /// warps launched: HK09's lockstep warps).
  PerUnit WarpInstructions{};
  /// Bytes each memory level serves over the whole launch.
  std::array<double, NumMemoryLevels> Bytes{};
  double ExecTimeS = 0;
  unsigned ActiveSms = 0;
  /// Chip temperature for leakage (K); 0 = the model's own baseline.
  double TemperatureK = 0;

  double warpInstructions(Unit U) const { return WarpInstructions[index(U)]; }
  double bytes(MemoryLevel L) const { return Bytes[index(L)]; }
};

/// Warps in the launch: ceil(threads per block / warp size) x blocks.
double launchWarps(const KernelProfile &Profile, const GpuModel &Gpu);

/// The launch's activity. Bytes (the profile has no cache model, so these
/// are assumptions, documented in docs/models.md):
///  - global/local: a coalesced warp access moves 32 x bytes_per_mem_access,
///    an uncoalesced one uncoal_transactions_per_warp x transaction_bytes;
///    every byte passes L1, L2 and DRAM once (streaming, no reuse);
///  - atomics: 32 x 4 bytes at L2; async copies: L2, DRAM and shared;
///  - shared and texture: 32 x 4 bytes per warp access;
///  - constant: 4 bytes per warp access (a uniform address is broadcast).
KernelActivity kernelActivity(const KernelProfile &Profile, const GpuModel &Gpu,
                              double ExecTimeS, unsigned ActiveSms,
                              double TemperatureK = 0);

} // namespace gpa

#endif
