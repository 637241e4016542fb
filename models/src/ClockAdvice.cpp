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
  G.ClockGhz = CoreMhz / 1000;
  // DRAM latency is fixed in nanoseconds, so in core cycles it scales with
  // the core clock; bandwidth scales with the memory clock.
  G.MemLatencyCycles = Gpu.MemLatencyCycles * CoreRatio;
  G.MemBandwidthGbps = Gpu.MemBandwidthGbps * MemMhz / RefMemMhz;
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
        if (!estimatePower({P, T, memoryLevelBytes(P, G), Clocks}, Gpu, "dvfs",
                           W, Error))
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
