//===- SmFootprints.h - Seed 004: per-SM work, core footprints --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Seed 004 (per-core footprints), Eq. (1)-(6): an SM's dynamic energy is the
// launch's core dynamic energy shared in proportion to its work footprint,
// WF(c) = sum of the times of the blocks it ran (Eq. 1-3); its static power
// is proportional to its core footprint CF(c), the time it has work, over the
// kernel time T = max CF(c) (Eq. 5-6) when finished SMs are power-gated, or
// to T when they are not.
//
// Blocks go to SMs as the hardware scheduler dispatches them: breadth first
// (one block per SM, then a second, ...), a new block to each freed slot.
// With equal block times SM c receives floor(B/S) + (c < B mod S) blocks;
// SMs beyond a grid smaller than the GPU receive none. A block's time is the
// wave time at full residency (T / HK09's Rep); an SM with fewer blocks than
// slots in its last wave finishes that wave in proportion to its blocks (the
// SM's issue throughput is shared, as HK09's fractional Rep assumes), so
// CF(c) = blocks(c) / resident slots x wave time.
//
// Per-SM DVFS (§5): at fixed work a core's dynamic energy does not depend on
// its clock; with V linear in f, cost_de = (V/V_ref)^2 and cost_sp = V/V_ref
// (Eq. 8-9); run time scales as f_ref/f (gamma(c) = f, the seed's perfectly
// scalable case: memory-bound kernels scale less, so savings are an upper
// bound). perSmDvfsFrontier() gives, for each all-SM clock, the per-SM
// clocks that minimise energy without finishing later.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_SMFOOTPRINTS_H
#define GPA_SMFOOTPRINTS_H

#include "gpa/PowerParameters.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace gpa {

struct FootprintLaunch {
  unsigned NumSms = 1;            // SMs the launch may use
  double ResidentBlocksPerSm = 1; // concurrent blocks per SM (occupancy)
  std::uint64_t Blocks = 1;
  double WaveTimeS = 0; // one wave at full residency: T / Rep
  /// SMs of the GPU (0: NumSms); those beyond NumSms (outside a partition)
  /// receive no blocks but are footprinted: they draw static power for the
  /// kernel time unless power-gated.
  unsigned GpuSms = 0;
};

struct FootprintPower {
  double CoreDynamicEnergyJ = 0; // DE: the launch's core dynamic energy
  double StaticPowerPerSmW = 0;  // one SM's static power while powered
  bool PowerGating = false;      // finished and unused SMs draw nothing
};

struct SmFootprint {
  unsigned Sm = 0;
  std::uint64_t Blocks = 0;
  double WorkS = 0; // WF(c), Eq. (1)
  double CoreS = 0; // CF(c)
  double DynamicJ = 0;
  double StaticJ = 0;
  double energyJ() const { return DynamicJ + StaticJ; }
};

/// The SMs of the GPU in scheduler order fall into three classes, each of
/// equal SMs: the first Count[ExtraBlock] run Blocks / S + 1 blocks, the
/// next Count[Even] Blocks / S, the rest (outside the launch's S SMs) none.
/// Only the classes are kept: every evaluation of a sweep prices its SMs,
/// and a vector of one entry per SM cost more than the rest of the model
/// (docs/architecture.md "Cost"); reports ask perSm() for the SMs.
enum FootprintClass : unsigned { ExtraBlock, Even, Idle, NumFootprintClasses };

struct Footprints {
  /// One SM of each class (its Sm is that of the class's first SM).
  SmFootprint Classes[NumFootprintClasses];
  unsigned Count[NumFootprintClasses] = {};
  double KernelTimeS = 0; // max CF(c)
  /// Sums over the SMs: count x value per class, in class order.
  double DynamicJ = 0, StaticJ = 0;
  unsigned BusySms = 0;

  /// SMs of the GPU (busy and idle).
  unsigned gpuSms() const {
    return Count[ExtraBlock] + Count[Even] + Count[Idle];
  }
  /// One entry per SM of the GPU, in scheduler order.
  std::vector<SmFootprint> perSm() const;
};

/// Blocks the breadth-first scheduler gives SM Sm of NumSms.
std::uint64_t blocksOnSm(std::uint64_t Blocks, unsigned NumSms, unsigned Sm);

Footprints computeFootprints(const FootprintLaunch &L, const FootprintPower &P);

/// Names a GPU file's "sm_footprint" section may carry.
const std::vector<std::string> &footprintParameterNames();

struct DvfsPoint {
  double AllSmClockMhz = 0; // the all-SM setting this point is compared with
  double TimeS = 0;
  double AllSmsEnergyJ = 0; // every SM at AllSmClockMhz
  double PerSmEnergyJ = 0;  // per-SM clocks, finishing no later
  std::vector<double> SmClockMhz;
  double savingPct() const {
    if (!(AllSmsEnergyJ > 0))
      return 0;
    double Pct = 100 * (1 - PerSmEnergyJ / AllSmsEnergyJ);
    // Equal energies summed in another order differ in the last bits; an
    // even grid must read 0, not -0.000.
    return std::fabs(Pct) < 1e-9 ? 0 : Pct;
  }
};

struct DvfsFrontier {
  bool Available = false;
  std::vector<std::string> MissingParameters;
  std::vector<ParameterUse> Provenance;
  std::vector<DvfsPoint> Points; // Pareto-optimal, by time
  /// The point at the reference clock: energy saved at no loss of time.
  DvfsPoint AtReference;
};

/// The SM clocks a per-SM DVFS may choose, each with its voltage
/// (any unit: only V / V_ref enters Eq. 8-9), ascending.
struct SmClockTable {
  double RefMhz = 0; // the clock the footprints were computed at
  std::vector<double> ClocksMhz;
  std::vector<double> Voltage;
  std::string Source; // where the clocks and voltages come from
};

/// Seed 004 §5 for footprints F (computed at the table's reference clock).
/// UncoreW is the power that does not belong to an SM (paid for the whole
/// kernel time).
DvfsFrontier perSmDvfsFrontier(const Footprints &F, const FootprintPower &P,
                               double UncoreW, const SmClockTable &Clocks);

/// The clocks of a GPU file's sm_footprint section (dvfs_min/ref/max_clock,
/// dvfs_step, dvfs_min/ref_voltage; seed 004 §5: voltage linear in the clock
/// through (min, ref)). False, with the missing parameters, when the section
/// lacks them; Used (optional) receives the parameters and their sources.
bool linearSmClockTable(const PowerParameters *Params, SmClockTable &T,
                        std::vector<std::string> &Missing,
                        std::vector<ParameterUse> *Used = nullptr);

/// The same with the clocks of a GPU file's sm_footprint section (seed 004
/// §5: voltage linear in the clock through (min, ref)); Params may be null.
DvfsFrontier perSmDvfsFrontier(const Footprints &F, const FootprintPower &P,
                               double UncoreW, const PowerParameters *Params);

} // namespace gpa

#endif
