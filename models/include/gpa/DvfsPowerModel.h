//===- DvfsPowerModel.h - Seed 002's DVFS-aware power model -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Guerreiro, Ilic, Roma, Tomas, "Modeling and Decoupling the GPU Power
// Consumption for Cross-Domain DVFS", IEEE TPDS 2019 (seed 002), Eq. (3)-(11):
// two voltage-frequency domains (core, memory), twelve components, static,
// constant and dynamic terms with a normalised voltage per clock.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_DVFSPOWERMODEL_H
#define GPA_DVFSPOWERMODEL_H

#include "gpa/PowerBackend.h"
#include "gpa/PowerParameters.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpa {

/// The twelve components in gpmTOOL's column order: eleven in the core
/// domain, then DRAM (the memory domain).
enum class DvfsComponent {
  Fp32Add,
  Fp32Mul,
  Fp32Fma,
  Int,
  Fp64Add,
  Fp64Mul,
  Fp64Fma,
  Sfu,
  Cf,
  L2,
  Shared,
  Dram
};
constexpr std::size_t NumDvfsComponents = 12;
constexpr std::size_t NumCoreDvfsComponents = 11;
using DvfsUtilisation = std::array<double, NumDvfsComponents>;

/// Model-file key of a component ("fp32_add", ..., "dram").
std::string_view dvfsComponentKey(std::size_t C);

/// One voltage-frequency domain's table: ascending clocks, the normalised
/// voltage at each (1 at the reference clock).
struct VoltageTable {
  double RefMhz = 0;
  std::vector<double> ClocksMhz;
  std::vector<double> Voltage;
  /// The normalised voltage at Mhz, or nothing when Mhz is not in the table
  /// (within 0.5 MHz): the model is only known at measured clocks.
  std::optional<double> at(double Mhz) const;
  std::optional<std::size_t> indexOf(double Mhz) const;
};

struct DvfsPowerParams : PowerBackendParams {
  VoltageTable Core, Mem;
  double CoreStaticW = 0;           // a0, Eq. (5)
  double MemStaticW = 0;            // a2, Eq. (6)
  double CoreConstantWPerMhz = 0;   // a1, Eq. (5)
  double MemConstantWPerMhz = 0;    // a3, Eq. (6)
  DvfsUtilisation DynamicWPerMhz{}; // gamma_i, Eq. (5)/(6)
  /// Lanes per SM of each pipe, the UnitsPerSM of Eq. (7) (0 for the
  /// memory levels).
  DvfsUtilisation LanesPerSm{};
  /// Peak L2 bandwidth at the reference core clock, Eq. (8).
  double L2PeakGbps = 0;
  /// Peak shared-memory bytes per SM per core cycle, Eq. (8).
  double SharedBytesPerSmPerCycle = 128;
  /// Sources of the three hardware figures above.
  std::string LanesSource, L2PeakSource, SharedSource;
  bool Calibrated = false;
  /// Parameters whose origin differs from Source (a board of a calibrated
  /// chip: its clocks, memory stacks ... from datasheets), by key:
  /// static_w.core, static_w.memory, constant_w_per_mhz.core|memory,
  /// dynamic_w_per_mhz.COMPONENT, core_domain, memory_domain. Kind and source
  /// as a GPU model's power parameters.
  PowerParameters Overrides;
};

/// The keys parameter_sources may name.
std::vector<std::string> dvfsParameterKeys();

/// Power of both domains at one clock pair, split as the paper splits it.
struct DvfsPower {
  double CoreStaticW = 0, MemStaticW = 0;     // a0 v, a2 v
  double CoreConstantW = 0, MemConstantW = 0; // a1 v^2 f, a3 v^2 f
  DvfsUtilisation ComponentW{};               // gamma_i v^2 f U_i
  double totalW() const;
};

/// Eq. (5)+(6) (Eq. 3 with two domains) at normalised voltages VCore, VMem.
DvfsPower dvfsPower(const DvfsPowerParams &P, double CoreMhz, double VCore,
                    double MemMhz, double VMem, const DvfsUtilisation &U);

/// Eq. (10): the model's ratio between two clock pairs applied to a power
/// measured at the first.
double scaleMeasuredPower(double MeasuredAtRefW, double ModelAtRefW,
                          double ModelAtTargetW);

/// Eq. (11): static and constant coefficients (a0..a3) scaled by the ratio
/// of measured idle powers; component coefficients scaled by the ratio of
/// the resources they stand for (SMs for core components, memory width for
/// DRAM and L2, seed 002 §4.6).
DvfsPowerParams portDvfsParams(const DvfsPowerParams &Base, double IdleBaseW,
                               double IdleTargetW, double SmRatio,
                               double MemoryRatio);

/// Eq. (7)-(8) from the static analysis: warps on each pipe over active
/// cycles x lanes, bytes at each memory level over time x peak bandwidth.
/// Time (at the requested clocks) gives the active cycles; PeakDramGbps is
/// the DRAM bandwidth at the requested memory clock. Clamped to [0, 1].
DvfsUtilisation dvfsUtilisation(const PowerInput &In, const GpuModel &Gpu,
                                const DvfsPowerParams &P, double CoreMhz,
                                double PeakDramGbps);

} // namespace gpa

#endif
