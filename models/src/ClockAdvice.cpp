//===- ClockAdvice.cpp - Energy over the model's clock table --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ClockAdvice.h"

#include "gpa/Analysis.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Occupancy.h"
#include "gpa/SmPricing.h"

#include <algorithm>
#include <cmath>

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
  G.ReadBandwidthGbps = Gpu.ReadBandwidthGbps * MemRatio;
  // The L2 path carries a fixed number of bytes per core cycle, so its
  // bandwidth scales with the core clock; every DRAM byte crosses it, so
  // DRAM traffic gets at most the L2 path's bandwidth (issue 27 item 3).
  if (Gpu.Caches.L2BandwidthGbps > 0) {
    G.Caches.L2BandwidthGbps = Gpu.Caches.L2BandwidthGbps * CoreRatio;
    G.MemBandwidthGbps = std::min(G.MemBandwidthGbps, G.Caches.L2BandwidthGbps);
    G.ReadBandwidthGbps =
        std::min(G.ReadBandwidthGbps, G.Caches.L2BandwidthGbps);
  }
  // An SM's own path to L2 is in the core domain too (docs/models.md
  // "Bandwidth on fewer SMs").
  G.PerSmBandwidthGbps = Gpu.PerSmBandwidthGbps * CoreRatio;
  return G;
}

namespace {
std::string clockList(const std::vector<double> &Clocks) {
  std::string S;
  for (double C : Clocks)
    S += (S.empty() ? "" : ", ") + std::to_string(std::lround(C));
  return S;
}

bool inTable(const std::vector<double> &Clocks, double Mhz) {
  for (double C : Clocks)
    if (std::fabs(C - Mhz) <= 0.5)
      return true;
  return false;
}

double voltageAt(const SmClockTable &T, double Mhz) {
  for (std::size_t I = 0; I < T.ClocksMhz.size(); ++I)
    if (std::fabs(T.ClocksMhz[I] - Mhz) <= 0.5)
      return T.Voltage[I];
  return 0;
}

/// Memory-domain dynamic terms: DRAM and its controller (seed 002 puts L2
/// in the core domain).
bool isMemoryDomainTerm(std::string_view Key) {
  return isUncoreTerm(Key) && Key != "l2";
}
} // namespace

bool clockAxes(const GpuModel &Gpu, ClockAxes &Out, std::string &Error) {
  Out = ClockAxes();
  std::string DvfsError;
  const DvfsPowerParams *P = dvfsParams(Gpu, DvfsError);
  // A fit at one clock pair (seed 002 Eq. 9, fixed frequency) says nothing
  // about other clocks: it prices the reference clock, and the voltage
  // line below scales it, as for any other backend.
  if (P && P->Core.ClocksMhz.size() < 2 && P->Mem.ClocksMhz.size() < 2 &&
      Gpu.SmFootprint)
    P = nullptr;
  if (P) {
    Out.Dvfs = true;
    Out.Estimated = !P->Calibrated;
    Out.CoreMhz = P->Core.ClocksMhz;
    Out.MemMhz = P->Mem.ClocksMhz;
    Out.RefCoreMhz = P->Core.RefMhz;
    Out.RefMemMhz = P->Mem.RefMhz;
    Out.Basis = std::string("the dvfs model (") +
                (P->Calibrated ? "calibrated" : "estimated parameters") +
                "; Guerreiro et al., IEEE TPDS 2019, Eq. (5)-(8)) at every "
                "clock pair of its voltage tables";
    return true;
  }
  std::vector<std::string> Missing;
  if (!linearSmClockTable(Gpu.SmFootprint ? &*Gpu.SmFootprint : nullptr,
                          Out.Voltage, Missing, &Out.Sources)) {
    std::string List;
    for (const std::string &M : Missing)
      List += (List.empty() ? "" : ", ") + M;
    Error = "GPU model '" + Gpu.Name +
            "' has no clock table: no parameters for power backend 'dvfs' "
            "and no sm_footprint clocks (missing: " +
            List + "; docs/dvfs.md \"Estimated clock advice\")";
    return false;
  }
  if (std::fabs(Out.Voltage.RefMhz - Gpu.ClockGhz * 1000) > 0.5) {
    Error = "GPU model '" + Gpu.Name + "': sm_footprint.dvfs_ref_clock_mhz (" +
            std::to_string(std::lround(Out.Voltage.RefMhz)) +
            ") is not the model's clock (sm.clock_ghz x 1000 = " +
            std::to_string(std::lround(Gpu.ClockGhz * 1000)) + " MHz)";
    return false;
  }
  Out.CoreMhz = Out.Voltage.ClocksMhz;
  Out.MemMhz = {0};
  Out.RefCoreMhz = Out.Voltage.RefMhz;
  Out.RefMemMhz = 0;
  std::string VoltageKind = "assumed";
  for (const ParameterUse &U : Out.Sources)
    if (U.Name == "dvfs_min_voltage_v")
      VoltageKind = U.Param.Kind;
  Out.Basis = "the " + Gpu.PowerBackendName +
              " model at the reference clock scaled to each core clock "
              "(dynamic energy x (V/V_ref)^2, constant power x (V/V_ref)^2 x "
              "f/f_ref, static power x V/V_ref; voltage linear in the clock, "
              "seed 004 §5, minimum voltage " +
              VoltageKind + "; sm_footprint.dvfs_*), memory clock as modelled";
  return true;
}

PowerEstimate scalePowerToClock(const PowerEstimate &Ref, double RefTimeS,
                                double TimeS, double ClockRatio,
                                double VoltageRatio) {
  PowerEstimate W = Ref;
  double V2 = VoltageRatio * VoltageRatio;
  // Same work in TimeS instead of RefTimeS: power = energy / time.
  double Rate = TimeS > 0 ? RefTimeS / TimeS : 1;
  W.StaticPowerW = Ref.StaticPowerW * VoltageRatio;
  W.SmStaticPowerW = Ref.SmStaticPowerW * VoltageRatio;
  W.ConstantPowerW = Ref.ConstantPowerW * V2 * ClockRatio;
  W.DynamicPowerW = 0;
  for (ComponentPowerW &C : W.Components) {
    C.PowerW *= isMemoryDomainTerm(C.Key) ? Rate : V2 * Rate;
    W.DynamicPowerW += C.PowerW;
  }
  W.TotalPowerW = W.StaticPowerW + W.ConstantPowerW + W.DynamicPowerW;
  W.CoreMhz = Ref.CoreMhz * ClockRatio;
  return W;
}

bool evaluateClockPoint(const KernelProfile &P, const GpuModel &Gpu,
                        const ClockAxes &Axes, double Core, double Mem,
                        unsigned Sms, ClockPoint &Out, PowerEstimate *Power,
                        std::string &Error) {
  Occupancy Occ = computeOccupancy(P.Launch, Gpu);
  if (!Occ.Fits) {
    Error = "the launch cannot run on " + Gpu.Name + ": " + Occ.Reason;
    return false;
  }
  if (!Axes.Dvfs && !inTable(Axes.CoreMhz, Core)) {
    Error = "core clock " + std::to_string(std::lround(Core)) +
            " MHz is not in the model's clock table (" +
            clockList(Axes.CoreMhz) + " MHz)";
    return false;
  }
  if (!Axes.Dvfs && Mem != 0) {
    Error = "'" + Gpu.Name +
            "' has no memory clock table: its estimated clock advice keeps "
            "the model's memory clock";
    return false;
  }
  unsigned AllSms = static_cast<unsigned>(std::min<std::uint64_t>(
      Gpu.NumSms, std::max<std::uint64_t>(P.Launch.Blocks, 1)));
  unsigned S = std::min(Sms ? Sms : AllSms, AllSms);
  GpuModel G = gpuAtClocks(Gpu, Core, Mem, Axes.RefMemMhz);
  LaunchShape Shape = onSms(G, Occ, P.Launch.Blocks, S);
  Timing T = timeShape(P, G, Shape);
  PowerEstimate W;
  if (Axes.Dvfs) {
    ClockRequest Clocks;
    Clocks.CoreMhz = Core;
    Clocks.MemMhz = Mem;
    if (!estimatePower({P, T, memoryLevelBytes(P, G, T), Clocks}, Gpu, "dvfs",
                       W, Error))
      return false;
  } else {
    // The default backend where its parameters hold (the reference clock),
    // then scaled to this clock for the same work.
    Timing RefT = timeShape(P, Gpu, onSms(Gpu, Occ, P.Launch.Blocks, S));
    PowerEstimate Ref;
    if (!estimatePower({P, RefT, memoryLevelBytes(P, Gpu, RefT), {}}, Gpu, "",
                       Ref, Error))
      return false;
    double V = voltageAt(Axes.Voltage, Core) /
               voltageAt(Axes.Voltage, Axes.RefCoreMhz);
    W = scalePowerToClock(Ref, RefT.ExecTimeS, T.ExecTimeS,
                          Core / Axes.RefCoreMhz, V);
  }
  // Seed 004: the same per-SM pricing as the active-SM sweep.
  SmEnergy Priced = priceSmFootprints(G, Shape.ActiveSms, Shape.Blocks,
                                      Shape.ActiveBlocksPerSm, Shape.Rep,
                                      T.ExecTimeS, W, smStaticModel(G, W));
  Out.CoreMhz = Core;
  Out.MemMhz = Mem;
  Out.ActiveSms = T.ActiveSms;
  Out.ExecTimeS = T.ExecTimeS;
  Out.EnergyJ = Priced.EnergyJ;
  Out.TotalPowerW =
      T.ExecTimeS > 0 ? Priced.EnergyJ / T.ExecTimeS : W.TotalPowerW;
  if (Power)
    *Power = W;
  return true;
}

bool sweepClocks(const KernelProfile &P, const GpuModel &Gpu,
                 const std::vector<unsigned> &ActiveSms,
                 std::vector<ClockPoint> &Out, std::string &Error) {
  ClockAxes Axes;
  if (!clockAxes(Gpu, Axes, Error))
    return false;
  std::vector<unsigned> Sms = ActiveSms;
  if (Sms.empty())
    Sms.push_back(0); // all useful SMs
  Out.clear();
  for (double Core : Axes.CoreMhz)
    for (double Mem : Axes.MemMhz)
      for (unsigned S : Sms) {
        ClockPoint C;
        if (!evaluateClockPoint(P, Gpu, Axes, Core, Mem, S, C, nullptr, Error))
          return false;
        Out.push_back(C);
      }
  return true;
}

} // namespace gpa
