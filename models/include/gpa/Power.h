//===- Power.h - The IPP empirical power model ----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// IPP (Hong & Kim, ISCA 2010) §3, Eq. (5)-(16) and (27): access rates from
// predicted cycles, per-component runtime power, the log-shaped dependence on
// the number of active SMs, and idle power.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWER_H
#define GPA_POWER_H

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"
#include "gpa/Timing.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace gpa {

/// Power components: every unit, then the register file, FDS
/// (fetch/decode/schedule) and the constant per-SM power (IPP Eq. 7).
constexpr std::size_t RegisterFileComponent = NumUnits;
constexpr std::size_t FdsComponent = NumUnits + 1;
constexpr std::size_t ConstSmComponent = NumUnits + 2;
constexpr std::size_t NumPowerComponents = NumUnits + 3;
using PerComponent = std::array<double, NumPowerComponents>;

/// JSON key of a power component ("fp", "register_file", "fds", "const_sm").
std::string_view powerComponentKey(std::size_t Component);
/// Whether the component has a power parameter and so appears in reports.
bool powerComponentReported(std::size_t Component);
/// True for off-chip components (global and local memory, IPP Eq. 13).
inline bool isOffChipComponent(std::size_t Component) {
  return Component == index(Unit::GlobalMem) ||
         Component == index(Unit::LocalMem);
}

struct Power {
  double WarpsPerSm = 0;        // Eq. (12)
  PerComponent AccessRate{};    // Eq. (27), clamped to [0, 1]
  PerComponent EffectiveRate{}; // after the piecewise-linear conversion
  PerComponent ComponentW{};    // share of Runtime_power at this SM count
  double SmComponentsW = 0;     // Eq. (7), one SM
  double MaxSmW = 0;            // Eq. (15)
  double MemoryW = 0;           // Eq. (13)
  double ActiveSmScale = 0;     // log10(alpha * Active_SMs + beta), Eq. (16)
  /// Eq. (16) as written: (Max_SM + Memory) x ActiveSmScale.
  double IppRuntimePowerW = 0;
  /// Whether unused SMs keep drawing their constant power, stated by the GPU
  /// model (idleSmsPowered); then the rates, components and RuntimePowerW
  /// are Eq. (7)-(16) at the chip's rates (the work spread over all Num_SMs)
  /// with ActiveSmScale = 1 (docs/models.md "Idle SMs that are not
  /// power-gated").
  bool IdleSmsPowered = false;
  double RuntimePowerW = 0; // Eq. (16), or the not-gated form above
  double IdlePowerW = 0;
  double TotalPowerW = 0; // Eq. (5)
};

/// True when the GPU model states (given, derived, measured or calibrated,
/// not assumed) that SMs a kernel does not use are not power-gated:
/// sm_footprint.power_gating = 0.
bool idleSmsPowered(const GpuModel &Gpu);

/// IPP §3.4: 0.1365 * ln(rate) + 1.001375, clamped to [0, 1].
double piecewiseLinearRate(double AccessRate);
/// The same from ln(rate) (a rate above 0).
inline double piecewiseLinearOfLog(double LnAccessRate) {
  double R = 0.1365 * LnAccessRate + 1.001375;
  return R < 0 ? 0 : R > 1 ? 1 : R;
}

/// What Eq. (7)-(16) take from a profile on one GPU, the same for every
/// configuration that keeps its counts (a sweep's). Eq. (27)'s rate is
/// DAC_per_th x cycles per access x Warps_per_SM / Exec_cycles: the first
/// two are the profile's, so a configuration multiplies once per component
/// and takes one logarithm for all the piecewise-linear ones (IPP §3.4),
/// ln(rate) = ln(DAC_per_th x cycles per access) + ln(Warps_per_SM /
/// Exec_cycles). They were a quarter of IPP's power (docs/architecture.md
/// "Cost").
struct PowerProfileConstants {
  /// DAC_per_th x the unit's cycles per access at peak rate (global memory's
  /// before the levelled DRAM share).
  PerComponent AccessCycles{};
  PerComponent LnAccessCycles{}; // 0 where not piecewise-linear or none
  PerComponent MaxPowerW{};
  std::array<bool, NumPowerComponents> PiecewiseLinear{};
  bool AnyPiecewiseLinear = false; // with accesses
  /// The components with accesses (AccessCycles above 0), in component
  /// order: Eq. (27) and (9) give the others rate 0 and no power, and most
  /// profiles use few units.
  std::array<std::uint8_t, NumPowerComponents> Accessed{};
  static_assert(NumPowerComponents <= 256, "Accessed holds uint8_t");
  std::size_t NumAccessed = 0;
  double WarpsPerBlock = 0; // ceil(threads per block / warp size)
};
PowerProfileConstants powerProfileConstants(const KernelProfile &Profile,
                                            const GpuModel &Gpu);

/// IPP Eq. (14)/(16): log10(alpha * ActiveSms + beta), alpha =
/// (10-beta)/Num_SMs.
double activeSmScale(const GpuModel &Gpu, double ActiveSms);

Power computePower(const KernelProfile &Profile, const GpuModel &Gpu,
                   const Timing &T);
/// The same with idleSmsPowered(Gpu) looked up already (SmPricing.h's
/// SmFootprintConstants).
Power computePower(const KernelProfile &Profile, const GpuModel &Gpu,
                   const Timing &Time, bool IdleSmsPowered);
/// The same into Out, with powerProfileConstants(Profile, Gpu) made already.
void computePower(const KernelProfile &Profile, const GpuModel &Gpu,
                  const Timing &Time, bool IdleSmsPowered,
                  const PowerProfileConstants &K, Power &Out);

} // namespace gpa

#endif
