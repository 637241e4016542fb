//===- GpuModel.h - A GPU's model parameters ------------------ -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// In-memory form of one models/gpus/*.json file. Field names carry units.
// Every value comes with a `source` note in the file; see GpuModelLoader.h.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_GPUMODEL_H
#define GPA_GPUMODEL_H

#include "gpa/MemoryLevels.h"
#include "gpa/PowerParameters.h"
#include "gpa/Units.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace gpa {

/// How registers are allocated (CUDA occupancy calculator rules): compute
/// capability 1.x allocates per block, 2.0 and later per warp.
enum class RegisterAllocScope { Block, Warp };

struct PowerBackendParams; // gpa/PowerBackend.h

struct UnitPower {
  double MaxPowerW = 0;
  /// IPP §3.4 "Spec.Linear": use the piecewise-linear (log-shaped) rate.
  bool PiecewiseLinear = false;
  /// SM cycles per warp access at the unit's peak rate: the normaliser of
  /// IPP Eq. (10)/(27), which is 4 for every unit on the GTX280 ("one
  /// instruction is fetched, scheduled, and executed every four cycles").
  double PeakCyclesPerAccess = 4;
};

struct GpuModel {
  std::string Name;
  std::string Description;
  /// False when the power parameters are estimates not fitted to measurements.
  bool Calibrated = false;
  std::string ComputeCapability; // "8.0"
  unsigned SmVersion = 0;        // 80 for sm_80

  // Streaming multiprocessors and per-SM limits (occupancy).
  unsigned NumSms = 1;
  double ClockGhz = 1;
  unsigned WarpSize = 32;
  unsigned MaxThreadsPerBlock = 1024;
  unsigned MaxThreadsPerSm = 2048;
  unsigned MaxWarpsPerSm = 64;
  unsigned MaxBlocksPerSm = 32;
  unsigned RegistersPerSm = 65536;
  unsigned MaxRegistersPerThread = 255;
  unsigned RegisterAllocUnit = 256;
  RegisterAllocScope RegisterScope = RegisterAllocScope::Warp;
  unsigned WarpAllocGranularity = 4;
  std::uint64_t SharedBytesPerSm = 0;
  std::uint64_t MaxSharedBytesPerBlock = 0;
  std::uint64_t SharedAllocUnitBytes = 256;
  std::uint64_t SharedReservedBytesPerBlock = 0;

  // Memory system and HK09 timing parameters.
  /// Sustained DRAM bandwidth (what kernels reach; Eq. 30 and the
  /// bandwidth bound use it).
  double MemBandwidthGbps = 1;
  /// Datasheet peak; optional in model files (0: same as sustained). The
  /// runtime scales a device's reported peak by sustained / datasheet.
  double DatasheetBandwidthGbps = 0;
  double MemLatencyCycles = 400;
  double DepartureDelayCoalCycles = 4;
  double DepartureDelayUncoalCycles = 40;
  double UncoalTransactionsPerWarp = 32;
  double TransactionBytes = 32;
  /// The most loads one warp has in one memory period (Eq. 31-32's K);
  /// optional "memory.loads_per_memory_period" (0: as the code issues them,
  /// docs/models.md "Loads in flight per warp"). 1 on GT200: HK09's own
  /// Eq. 31, which IPP's only hardware measurement there bears out.
  double MaxLoadsPerMemoryPeriod = 0;
  /// Memory periods a thread waits for each global store (optional
  /// "memory.store_latency_periods"): 1 is HK09, every memory instruction
  /// its own Mem_L; 0 where a warp measurably does not wait for its stores
  /// (a copy moves twice a read's bytes at the lowest occupancy; docs/
  /// models.md "Stores do not hold a warp").
  double StoreLatencyPeriods = 1;
  /// What one SM can move to and from memory with every warp slot full
  /// (optional "memory.per_sm_bandwidth_gbps", at the file's SM clock) and
  /// how sharply the SMs' sum meets the sustained bandwidth
  /// ("memory.bandwidth_saturation_exponent"); both measured on a partition
  /// sweep (docs/models.md "Bandwidth on fewer SMs"). 0: no per-SM limit.
  double PerSmBandwidthGbps = 0;
  double BandwidthSaturationExponent = 0;
  /// How sharply warps in flight meet the bandwidth bound (optional
  /// "memory.warp_saturation_exponent"): p of the smooth minimum that
  /// replaces IPP Eq. (29)'s hard one, fitted to a bandwidth sweep against
  /// warps per SM (docs/models.md "Warps to saturate DRAM"). 0: Eq. (29).
  double WarpSaturationExponent = 0;
  /// The sustained rate of a stream that only reads (optional
  /// "memory.read_bandwidth_gbps"): a copy's bytes go both ways and the
  /// bus turns around, so a read moves more (H200: 4468 against 4046 GB/s).
  /// A kernel's streams get a line between the two in their share of stored
  /// bytes (Timing::SustainedBandwidthGbps); 0: the copy's for all.
  double ReadBandwidthGbps = 0;
  /// L1/L2 parameters (optional "memory" keys); absent: no data caches,
  /// HK09 sends every access to DRAM (see gpa/MemoryLevels.h).
  CacheLevels Caches{};
  /// SM cycles to issue one warp-instruction of each unit (HK09 Issue_cycles,
  /// 4 for everything on GT200; per-unit on later architectures).
  PerUnit IssueCycles{};
  /// Cycles before a warp can issue an instruction that depends on the
  /// previous one (one warp's compute time in HK09's Eq. 24 path). Optional
  /// in model files (sm.dependent_issue_latency_cycles); 0 means HK09's
  /// Issue_cycles only, as IPP uses for the GTX280.
  double DependentIssueLatencyCycles = 0;
  /// Warp-instructions the SM issues per cycle, one per warp scheduler
  /// (sm.issue_slots_per_cycle, optional). Set: the SM's pipes (FP32, INT,
  /// XU, LSU, FP64, tensor) work concurrently and Comp_cycles is the largest
  /// of the issue-slot time and each pipe's issue costs (docs/models.md
  /// "Concurrent pipes"); 0: HK09's serial sum of issue costs.
  double IssueSlotsPerCycle = 0;

  // IPP power model (Table 2 and Eq. 5-16).
  std::array<UnitPower, NumUnits> Power{};
  UnitPower RegisterFile;
  UnitPower Fds;
  double ConstSmPowerW = 0;
  double IdlePowerW = 0; // with a CUDA context open: kernels start there
  /// Optional "power.idle_no_context_power_w": the board before any context
  /// opens (0: not stated). Reported, not priced: no kernel runs there.
  double IdleNoContextPowerW = 0;
  double ActiveSmBeta = 1.1; // Eq. (14)

  // IPP temperature/leakage model (Table 3, Eq. 17-23).
  double IdleTempC = 57;
  double TempPerRuntimePowerCPerW = 0.12; // mu
  double TempOffsetC = 5.5;               // lambda
  double TempPerMemIntensityC = 21.505;   // rho
  double RcRiseS = 35;
  double RcDecayS = 60;
  double LeakagePowerPerDegreeWPerC = 10.0 / 22.0; // sigma

  /// The datasheet peak (utilisations such as seed 002's Eq. 8 are relative
  /// to it); the sustained bandwidth where a file gives no datasheet value.
  double peakBandwidthGbps() const {
    return DatasheetBandwidthGbps > 0 ? DatasheetBandwidthGbps
                                      : MemBandwidthGbps;
  }
  /// The bandwidth ActiveSms SMs sustain together: the sustained bandwidth
  /// B where the file gives no per-SM limit, else the smooth minimum
  /// ((n b)^-p + B^-p)^(-1/p) of the SMs' own limit n b and B
  /// (docs/models.md "Bandwidth on fewer SMs").
  double bandwidthOfSmsGbps(double ActiveSms) const;
  /// B^-p of that smooth minimum for a sustained bandwidth B (the copy's
  /// MemBandwidthGbps, or a kernel's own: Timing::SustainedBandwidthGbps),
  /// the same for every number of SMs (a sweep takes it once: Timing's
  /// profile terms); 0 without a per-SM limit.
  double sustainedBandwidthTerm(double SustainedGbps) const;
  /// bandwidthOfSmsGbps for sustained bandwidth SustainedGbps, its B^-p
  /// given (sustainedBandwidthTerm(SustainedGbps)).
  double bandwidthOfSmsGbps(double ActiveSms, double SustainedTerm,
                            double SustainedGbps) const;
  double sustainedBandwidthFraction() const {
    return DatasheetBandwidthGbps > 0
               ? MemBandwidthGbps / DatasheetBandwidthGbps
               : 1.0;
  }
  /// The power backend used unless one is asked for ("power_backend",
  /// default "ipp", whose parameters are the sections above).
  std::string PowerBackendName = "ipp";
  /// Parameters of the other backends ("power_backends"), by backend name.
  std::map<std::string, std::shared_ptr<const PowerBackendParams>, std::less<>>
      BackendParams;
  /// Seed 004's per-SM footprint parameters ("sm_footprint", optional):
  /// power gating, static power per SM, per-SM DVFS clocks (SmFootprints.h).
  std::optional<PowerParameters> SmFootprint;

  double issueCycles(Unit U) const { return IssueCycles[index(U)]; }
  const UnitPower &power(Unit U) const { return Power[index(U)]; }
};

} // namespace gpa

#endif
