//===- ClockReport.cpp - gpa model/sweep at other clocks ------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Time and power over the GPU model's clock table (ClockAdvice.h): seed
// 002's dvfs backend, or the estimated V^2 f scaling of the default backend.
// The product never changes clocks (docs/dvfs.md).
//
//===----------------------------------------------------------------------===//
#include "ClockReport.h"

#include "TextFormat.h"

#include "gpa/Analysis.h"
#include "gpa/ClockAdvice.h"
#include "gpa/ClockDecision.h"
#include "gpa/DvfsPowerBackend.h"
#include "gpa/Occupancy.h"

#include <iostream>

namespace gpa::tool {

namespace {
int fail(const std::string &Message) {
  std::cerr << "gpa: error: " << Message << "\n";
  return ExitBadInput;
}

std::string memoryText(double Mhz) {
  return Mhz > 0 ? format("memory %5.0f MHz", Mhz)
                 : std::string("memory as modelled");
}

std::string pointText(const char *Label, const ClockPoint &C,
                      const ClockPoint &Ref) {
  return format("  %-28s core %5.0f MHz, %s, %3u SMs: %.6g s, "
                "%.1f W, %.6g J (%+.1f%% time, %+.1f%% energy)\n",
                Label, C.CoreMhz, memoryText(C.MemMhz).c_str(), C.ActiveSms,
                C.ExecTimeS, C.TotalPowerW, C.EnergyJ,
                100 * (C.ExecTimeS / Ref.ExecTimeS - 1),
                100 * (C.EnergyJ / Ref.EnergyJ - 1));
}

/// Every renderer says what prices the clocks: calibrated or estimated.
std::string basisText(const ClockAxes &A) {
  return std::string("  power at other clocks: ") +
         (A.Estimated ? "estimated" : "calibrated") + ", " + A.Basis + "\n";
}

int oneClock(const Options &O, const GpuModel &Gpu, const ClockAxes &A,
             const std::vector<KernelProfile> &Profiles) {
  double Core = O.CoreClockMhz > 0 ? O.CoreClockMhz : A.RefCoreMhz;
  double Mem = O.MemClockMhz > 0 ? O.MemClockMhz : A.RefMemMhz;
  std::string Error;
  for (std::size_t I = 0; I < Profiles.size(); ++I) {
    const KernelProfile &K = Profiles[I];
    ClockPoint C;
    PowerEstimate W;
    if (!evaluateClockPoint(K, Gpu, A, Core, Mem, O.ActiveSms, C, &W, Error))
      return fail((Error.rfind("the launch", 0) == 0
                       ? "kernel '" + K.Name + "': "
                       : Gpu.Name + ": ") +
                  Error);
    std::string S = format("%skernel %s on %s at core %.0f MHz, %s, %u SMs\n",
                           I ? "\n" : "", K.Name.c_str(), Gpu.Name.c_str(),
                           Core, memoryText(Mem).c_str(), C.ActiveSms);
    S += format("  time %.6g s, power %.1f W (static %.1f, constant %.1f, "
                "dynamic %.1f), energy %.6g J\n",
                C.ExecTimeS, W.TotalPowerW, W.StaticPowerW, W.ConstantPowerW,
                W.DynamicPowerW, W.TotalPowerW * C.ExecTimeS);
    S += "  dynamic by component:";
    for (const ComponentPowerW &P : W.Components)
      if (P.PowerW > 0)
        S += format(" %s %.1f W", std::string(P.Key).c_str(), P.PowerW);
    S += "\n" + basisText(A);
    S += "  power model: " + std::string(W.Provenance) + "\n";
    std::cout << S;
  }
  return ExitOk;
}
} // namespace

int runClockReport(const Options &O, const GpuModel &Gpu,
                   const std::vector<KernelProfile> &Profiles) {
  std::string Error;
  ClockAxes A;
  if (!clockAxes(Gpu, A, Error))
    return fail(Error);
  if (!O.SweepClocks)
    return oneClock(O, Gpu, A, Profiles);
  if (O.Format == "csv")
    std::cout << "kernel,core_mhz,mem_mhz,active_sms,time_s,power_w,"
                 "energy_j,power_basis\n";
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
      // The memory clock column is empty where it is the model's own.
      for (const ClockPoint &C : Joint)
        std::cout << format(
            "%s,%.0f,%s,%u,%.9g,%.6g,%.9g,%s\n", csvField(K.Name).c_str(),
            C.CoreMhz, C.MemMhz > 0 ? format("%.0f", C.MemMhz).c_str() : "",
            C.ActiveSms, C.ExecTimeS, C.TotalPowerW, C.EnergyJ,
            A.Estimated ? "estimated" : "calibrated");
      continue;
    }
    // The all-SMs choice is the analysis's clock decision (ClockDecision.h,
    // the one every renderer shows); the joint clock x SM choice applies
    // the same rule to this table, against the same reference.
    DecisionPolicy Policy = decisionOptions(O).Policy;
    ClockDecision D = decideClocks(K, Gpu, Policy);
    unsigned MaxSms = 0;
    for (const ClockPoint &C : Joint)
      MaxSms = std::max(MaxSms, C.ActiveSms);
    std::string S = format(
        "%skernel %s on %s: %u clock pairs x %u SM counts, max slowdown "
        "%.0f%% of the fastest point\n",
        I ? "\n" : "", K.Name.c_str(), Gpu.Name.c_str(),
        unsigned(A.CoreMhz.size() * A.MemMhz.size()), MaxSms, O.MaxSlowdownPct);
    S += basisText(A);
    if (!D.Available) {
      S += "  clock advice not available: " + D.Reason + "\n";
    } else {
      const ClockPoint &Ref = D.Reference;
      ClockChoice Both =
          chooseClock(Joint, Ref, Policy.MaxSlowdownPct, Policy.MinSavingPct);
      S += pointText("reference clocks:", Ref, Ref);
      S += pointText("least energy, all SMs:", D.Choice.Chosen, Ref);
      if (!D.Choice.Change)
        S += "    no clock change: " + D.Choice.Reason + "\n";
      S += pointText("least energy, clock + SMs:", Both.Chosen, Ref);
      if (!Both.Change)
        S += "    no change: " + Both.Reason + "\n";
    }
    S += "  (advice only: gpa never changes clocks; see docs/dvfs.md)\n";
    std::cout << S;
  }
  return ExitOk;
}

} // namespace gpa::tool
