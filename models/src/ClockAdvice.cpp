//===- ClockAdvice.cpp - Energy over the model's clock table --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ClockAdvice.h"

#include "gpa/Analysis.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Occupancy.h"

#include <algorithm>

namespace gpa {

GpuModel gpuAtClocks(const GpuModel &Gpu, double CoreMhz, double MemMhz,
                     double RefMemMhz) {
  GpuModel G = Gpu;
  double CoreRatio = CoreMhz / (Gpu.ClockGhz * 1000);
  double MemRatio = RefMemMhz > 0 ? MemMhz / RefMemMhz : 1;
  G.ClockGhz = CoreMhz / 1000;
  // Issue, the pipes, L1/shared, L2 and the crossbar run on the core clock
  // (seed 002 puts L2 and shared in the core domain): their cycle counts
  // stay, so their seconds scale with 1 / core clock. DRAM runs on the
  // memory clock: of a DRAM access's latency, the L2 part (the L2 hit
  // latency, Jia et al. 2018) stays in core cycles and the rest is fixed in
  // nanoseconds; DRAM bandwidth scales with the memory clock.
  double L2Part =
      Gpu.Caches.L2LatencyCycles > 0
          ? std::min(Gpu.Caches.L2LatencyCycles, Gpu.MemLatencyCycles)
          : 0;
  G.MemLatencyCycles = L2Part + (Gpu.MemLatencyCycles - L2Part) * CoreRatio;
  G.MemBandwidthGbps = Gpu.MemBandwidthGbps * MemRatio;
  // The L2 path carries a fixed number of bytes per core cycle, so its
  // bandwidth scales with the core clock; every DRAM byte crosses it, so
  // DRAM traffic gets at most the L2 path's bandwidth (issue 27 item 3).
  if (Gpu.Caches.L2BandwidthGbps > 0) {
    G.Caches.L2BandwidthGbps = Gpu.Caches.L2BandwidthGbps * CoreRatio;
    G.MemBandwidthGbps = std::min(G.MemBandwidthGbps, G.Caches.L2BandwidthGbps);
  }
  // An SM's own path to L2 is in the core domain too (docs/models.md
  // "Bandwidth on fewer SMs").
  G.PerSmBandwidthGbps = Gpu.PerSmBandwidthGbps * CoreRatio;
  return G;
}

bool sweepClocks(const KernelProfile &P, const GpuModel &Gpu,
                 const std::vector<unsigned> &ActiveSms,
                 std::vector<ClockPoint> &Out, std::string &Error) {
  const DvfsPowerParams *Dvfs = dvfsParams(Gpu, Error);
  if (!Dvfs)
    return false;
  Occupancy Occ = computeOccupancy(P.Launch, Gpu);
  if (!Occ.Fits) {
    Error = "the launch cannot run on " + Gpu.Name + ": " + Occ.Reason;
    return false;
  }
  unsigned AllSms = static_cast<unsigned>(std::min<std::uint64_t>(
      Gpu.NumSms, std::max<std::uint64_t>(P.Launch.Blocks, 1)));
  std::vector<unsigned> Sms = ActiveSms;
  if (Sms.empty())
    Sms.push_back(AllSms);
  Out.clear();
  for (double Core : Dvfs->Core.ClocksMhz)
    for (double Mem : Dvfs->Mem.ClocksMhz)
      for (unsigned S : Sms) {
        GpuModel G = gpuAtClocks(Gpu, Core, Mem, Dvfs->Mem.RefMhz);
        LaunchShape Shape = onSms(G, Occ, P.Launch.Blocks, std::min(S, AllSms));
        Timing T = timeShape(P, G, Shape);
        ClockRequest Clocks;
        Clocks.CoreMhz = Core;
        Clocks.MemMhz = Mem;
        PowerEstimate W;
        if (!estimatePower({P, T, memoryLevelBytes(P, G, T), Clocks}, Gpu,
                           "dvfs", W, Error))
          return false;
        // Seed 004: the same per-SM pricing as the active-SM sweep.
        SmEnergy Priced = priceSmFootprints(
            G, Shape.ActiveSms, Shape.Blocks, Shape.ActiveBlocksPerSm,
            Shape.Rep, T.ExecTimeS, W, smStaticModel(G, W));
        ClockPoint C;
        C.CoreMhz = Core;
        C.MemMhz = Mem;
        C.ActiveSms = T.ActiveSms;
        C.ExecTimeS = T.ExecTimeS;
        C.EnergyJ = Priced.EnergyJ;
        C.TotalPowerW =
            T.ExecTimeS > 0 ? Priced.EnergyJ / T.ExecTimeS : W.TotalPowerW;
        Out.push_back(C);
      }
  return true;
}

const ClockPoint *chooseClockPoint(const std::vector<ClockPoint> &Points,
                                   double MaxSlowdown) {
  if (Points.empty())
    return nullptr;
  double Fastest = Points.front().ExecTimeS;
  for (const ClockPoint &C : Points)
    Fastest = std::min(Fastest, C.ExecTimeS);
  const ClockPoint *Best = nullptr;
  for (const ClockPoint &C : Points)
    if (C.ExecTimeS <= (1 + MaxSlowdown) * Fastest &&
        (!Best || C.EnergyJ < Best->EnergyJ))
      Best = &C;
  return Best;
}

} // namespace gpa
