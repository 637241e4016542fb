//===- SmPricing.h - Seed 004 footprints priced by a backend --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The energy of one launch configuration, SM by SM (seed 004, Eq. 1-6): the
// blocks go to the configuration's SMs as the hardware scheduler dispatches
// them (SmFootprints.h); the backend's core dynamic power x time is shared
// by work footprint, each SM draws its static power for its core footprint
// when the GPU model says idle SMs are power-gated (for the kernel time
// otherwise, SMs outside the configuration included), and the rest of the
// backend's power (constant, memory-side dynamic, non-SM static) is paid for
// the kernel time. Without power gating the total equals the backend's
// power x time; with it, tails and unused SMs cost less.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SMPRICING_H
#define GPA_SMPRICING_H

#include "gpa/GpuModel.h"
#include "gpa/PowerBackend.h"
#include "gpa/SmFootprints.h"

#include <string>
#include <vector>

namespace gpa {

/// True for dynamic terms outside the SMs (L2, memory controller, DRAM,
/// IPP's global and local memory): seed 004 pays them for the kernel time,
/// not per SM.
bool isUncoreTerm(std::string_view Name);

/// The GPU model's per-SM static power and power gating for a backend's
/// estimate, with where each came from.
struct SmStaticModel {
  double StaticPowerPerSmW = 0;
  bool PowerGating = false;
  std::vector<ParameterUse> Provenance;
};
/// WithProvenance false: the numbers only (each evaluation's pricing).
SmStaticModel smStaticModel(const GpuModel &Gpu, const PowerEstimate &Est,
                            bool WithProvenance = true);

/// What every evaluation on one GPU model reads from its sm_footprint
/// section, looked up by name once per analysis rather than per evaluation
/// (the lookups were a tenth of an evaluation: docs/architecture.md
/// "Cost"). Immutable once made; stale if the GpuModel changes after.
struct SmFootprintConstants {
  bool HasStaticPowerPerSm = false; // sm_footprint.static_power_per_sm_w
  double StaticPowerPerSmW = 0;
  bool PowerGating = false;    // sm_footprint.power_gating != 0
  bool IdleSmsPowered = false; // idleSmsPowered(Gpu)
};
SmFootprintConstants smFootprintConstants(const GpuModel &Gpu);
/// smStaticModel(Gpu, Est, false) from the constants K of Gpu.
SmStaticModel smStaticModel(const GpuModel &Gpu, const SmFootprintConstants &K,
                            const PowerEstimate &Est);

struct SmEnergy {
  FootprintPower Power;
  Footprints Sms;     // one entry per SM of the GPU
  double UncoreW = 0; // power not drawn by an SM, paid for the kernel time
  double UncoreJ = 0;
  double EnergyJ = 0; // per-SM dynamic + static + uncore
};

/// Prices Blocks on ActiveSms SMs (ResidentBlocksPerSm each, Rep waves on
/// the busiest SM, ExecTimeS in all) with the backend's estimate Est.
SmEnergy priceSmFootprints(const GpuModel &Gpu, unsigned ActiveSms,
                           std::uint64_t Blocks, double ResidentBlocksPerSm,
                           double Rep, double ExecTimeS,
                           const PowerEstimate &Est, const SmStaticModel &M);

/// The per-SM clocks the GPU model knows: its dvfs backend's core-domain
/// voltage table (seed 002) when Backend is dvfs, else its sm_footprint
/// section's linear voltage line (seed 004 §5). Missing parameters are
/// listed in the frontier's MissingParameters.
DvfsFrontier smClockFrontier(const GpuModel &Gpu, std::string_view Backend,
                             const SmEnergy &E);

} // namespace gpa

#endif
