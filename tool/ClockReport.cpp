//===- ClockReport.cpp - gpa model/sweep at other clocks ------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Seed 002's dvfs backend (Guerreiro et al., IEEE TPDS 2019) over the GPU
// model's clock table. The product never changes clocks (docs/dvfs.md).
//
//===----------------------------------------------------------------------===//
#include "ClockReport.h"

#include "TextFormat.h"

#include "gpa/Analysis.h"
#include "gpa/ClockAdvice.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Occupancy.h"

#include <iostream>

namespace gpa::tool {

namespace {
int fail(const std::string &Message) {
  std::cerr << "gpa: error: " << Message << "\n";
  return ExitBadInput;
}

std::string pointText(const char *Label, const ClockPoint &C,
                      const ClockPoint &Ref) {
  return format("  %-28s core %5.0f MHz, memory %5.0f MHz, %3u SMs: %.6g s, "
                "%.1f W, %.6g J (%+.1f%% time, %+.1f%% energy)\n",
                Label, C.CoreMhz, C.MemMhz, C.ActiveSms, C.ExecTimeS,
                C.TotalPowerW, C.EnergyJ,
                100 * (C.ExecTimeS / Ref.ExecTimeS - 1),
                100 * (C.EnergyJ / Ref.EnergyJ - 1));
}

int oneClock(const Options &O, const GpuModel &Gpu, const DvfsPowerParams &P,
             const std::vector<KernelProfile> &Profiles) {
  ClockRequest Req;
  if (O.CoreClockMhz > 0)
    Req.CoreMhz = O.CoreClockMhz;
  if (O.MemClockMhz > 0)
    Req.MemMhz = O.MemClockMhz;
  double Core = 0, Mem = 0;
  std::string Error;
  if (!resolveDvfsClocks(P, Req, Core, Mem, Error))
    return fail(Gpu.Name + ": " + Error);
  GpuModel G = gpuAtClocks(Gpu, Core, Mem, P.Mem.RefMhz);
  for (std::size_t I = 0; I < Profiles.size(); ++I) {
    const KernelProfile &K = Profiles[I];
    Occupancy Occ = computeOccupancy(K.Launch, G);
    if (!Occ.Fits)
      return fail("kernel '" + K.Name + "': the launch cannot run on " +
                  Gpu.Name + ": " + Occ.Reason);
    unsigned Sms = O.ActiveSms ? O.ActiveSms : G.NumSms;
    Evaluation E;
    E.Time = timeShape(K, G, onSms(G, Occ, K.Launch.Blocks, Sms));
    Req.CoreMhz = Core;
    Req.MemMhz = Mem;
    PowerEstimate W;
    if (!estimatePower({K, E.Time, memoryLevelBytes(K, G, E.Time), Req}, Gpu,
                       "dvfs", W, Error))
      return fail(Error);
    std::string S = format("%skernel %s on %s at core %.0f MHz, memory %.0f "
                           "MHz, %u SMs\n",
                           I ? "\n" : "", K.Name.c_str(), Gpu.Name.c_str(),
                           Core, Mem, E.Time.ActiveSms);
    S += format("  time %.6g s, power %.1f W (static %.1f, constant %.1f, "
                "dynamic %.1f), energy %.6g J\n",
                E.Time.ExecTimeS, W.TotalPowerW, W.StaticPowerW,
                W.ConstantPowerW, W.DynamicPowerW,
                W.TotalPowerW * E.Time.ExecTimeS);
    S += "  dynamic by component:";
    for (const ComponentPowerW &C : W.Components)
      if (C.PowerW > 0)
        S += format(" %s %.1f W", C.Key.c_str(), C.PowerW);
    S += "\n  power model: " + W.Provenance + "\n";
    std::cout << S;
  }
  return ExitOk;
}
} // namespace

int runClockReport(const Options &O, const GpuModel &Gpu,
                   const std::vector<KernelProfile> &Profiles) {
  std::string Error;
  const DvfsPowerParams *P = dvfsParams(Gpu, Error);
  if (!P)
    return fail(Error);
  if (!O.SweepClocks)
    return oneClock(O, Gpu, *P, Profiles);
  if (O.Format == "csv")
    std::cout << "kernel,core_mhz,mem_mhz,active_sms,time_s,power_w,"
                 "energy_j\n";
  for (std::size_t I = 0; I < Profiles.size(); ++I) {
    const KernelProfile &K = Profiles[I];
    std::vector<unsigned> Sms;
    // 1..all useful SMs: a grid of B blocks uses at most B SMs.
    for (std::uint64_t S = 1; S <= Gpu.NumSms && S <= K.Launch.Blocks; ++S)
      Sms.push_back(static_cast<unsigned>(S));
    std::vector<ClockPoint> Joint;
    if (!sweepClocks(K, Gpu, Sms, Joint, Error))
      return fail("kernel '" + K.Name + "': " + Error);
    if (O.Format == "csv") {
      for (const ClockPoint &C : Joint)
        std::cout << format("%s,%.0f,%.0f,%u,%.9g,%.6g,%.9g\n",
                            csvField(K.Name).c_str(), C.CoreMhz, C.MemMhz,
                            C.ActiveSms, C.ExecTimeS, C.TotalPowerW, C.EnergyJ);
      continue;
    }
    // The same sweep restricted to all useful SMs (the largest count).
    unsigned MaxSms = 0;
    for (const ClockPoint &C : Joint)
      MaxSms = std::max(MaxSms, C.ActiveSms);
    std::vector<ClockPoint> AllSms;
    const ClockPoint *Ref = nullptr;
    for (const ClockPoint &C : Joint)
      if (C.ActiveSms == MaxSms)
        AllSms.push_back(C);
    for (const ClockPoint &C : AllSms)
      if (C.CoreMhz == P->Core.RefMhz && C.MemMhz == P->Mem.RefMhz)
        Ref = &C;
    const ClockPoint *Clock = chooseClockPoint(AllSms, O.MaxSlowdownPct / 100);
    const ClockPoint *Both = chooseClockPoint(Joint, O.MaxSlowdownPct / 100);
    if (!Ref || !Clock || !Both)
      return fail("kernel '" + K.Name + "': empty clock sweep");
    std::string S = format(
        "%skernel %s on %s: %zu clock pairs x %u SM counts, max slowdown "
        "%.0f%% of the fastest point\n",
        I ? "\n" : "", K.Name.c_str(), Gpu.Name.c_str(), AllSms.size(), MaxSms,
        O.MaxSlowdownPct);
    S += pointText("reference clocks:", *Ref, *Ref);
    S += pointText("least energy, all SMs:", *Clock, *Ref);
    S += pointText("least energy, clock + SMs:", *Both, *Ref);
    S += "  (advice only: gpa never changes clocks; see docs/dvfs.md)\n";
    std::cout << S;
  }
  return ExitOk;
}

} // namespace gpa::tool
