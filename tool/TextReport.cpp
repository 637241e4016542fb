//===- TextReport.cpp - Human-readable and CSV renderings -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Fixed printf formats only, so the text is as deterministic as the JSON.
//
//===----------------------------------------------------------------------===//
#include "TextReport.h"
#include "TextFormat.h"

#include "gpa/CanonicalJson.h"
#include "gpa/Headline.h"
#include "gpa/IdlePower.h"
#include "gpa/Power.h"
#include "gpa/Report.h"

#include <algorithm>
#include <cstdio>

namespace gpa::tool {

static const char *caseName(TimingCase Case) {
  switch (Case) {
  case TimingCase::NotEnoughWarps:
    return "not enough warps, Eq. 24";
  case TimingCase::MemoryBound:
    return "memory-bound, Eq. 25";
  case TimingCase::ComputeBound:
    return "compute-bound, Eq. 26";
  case TimingCase::Empty:
    break;
  }
  return "empty kernel";
}

static std::string topComponents(const Evaluation &E, std::size_t Count) {
  if (E.Est.Backend != "ipp") {
    std::vector<ComponentPowerW> C = E.Est.Components;
    std::stable_sort(C.begin(), C.end(),
                     [](const ComponentPowerW &A, const ComponentPowerW &B) {
                       return A.PowerW > B.PowerW;
                     });
    std::string Out;
    for (std::size_t I = 0; I < C.size() && I < Count && C[I].PowerW > 0; ++I)
      Out += format("%s%s %.1f W", I ? ", " : "", std::string(C[I].Key).c_str(),
                    C[I].PowerW);
    return Out.empty() ? "none" : Out;
  }
  const Power &P = E.Pow;
  std::vector<std::size_t> Order;
  for (std::size_t C = 0; C < NumPowerComponents; ++C)
    if (powerComponentReported(C) && P.ComponentW[C] > 0)
      Order.push_back(C);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) {
                     return P.ComponentW[A] > P.ComponentW[B];
                   });
  std::string Out;
  for (std::size_t I = 0; I < Order.size() && I < Count; ++I)
    Out += format("%s%s %.1f W", I ? ", " : "",
                  std::string(powerComponentKey(Order[I])).c_str(),
                  P.ComponentW[Order[I]]);
  return Out.empty() ? "none" : Out;
}

/// The decision in one line: what to run and what it saves, or why the
/// launch as written stays; Eq. (34) beside it.
std::string adviceText(const KernelAnalysis &A, const std::string &GpuName) {
  const Advice &Adv = A.Adv;
  std::string Eq34 = Adv.BandwidthBound
                         ? format("bandwidth-bound, Eq. 34 closed form %u SMs",
                                  Adv.Eq34ActiveSms)
                         : std::string("not bandwidth-bound (Eq. 34: all SMs)");
  if (!Adv.Rec.Change)
    return Adv.Rec.Reason + " [" + Eq34 + "]";
  std::string Where =
      format("%u of %u SMs", Adv.RecommendedActiveSms, A.MaxUsefulSms);
  if (Adv.RecommendedBlocks != A.Profile.Launch.Blocks)
    Where +=
        format(", grid %llu blocks", (unsigned long long)Adv.RecommendedBlocks);
  // The headline's energy figure, the idle-SM assumption it uses and the
  // figure under the other one; the report's energy_savings_pct also has
  // the runtime-only accounting.
  return format("run on %s (%s mechanism, objective %s): energy %s %s; "
                "slowdown %.1f%% [%s]",
                Where.c_str(), mechanismName(Adv.Mech),
                objectiveName(Adv.Policy.Goal),
                savingText(Adv.Savings.RuntimeIdlePct).c_str(),
                gatingNoteText(gatingNote(Adv.Savings, GpuName)).c_str(),
                Adv.Rec.SlowdownPct, Eq34.c_str());
}

std::string renderKernelText(const KernelAnalysis &A, const GpuModel &Gpu) {
  const Evaluation &E = A.Requested;
  const Timing &T = E.Time;
  const LaunchConfig &L = A.Profile.Launch;
  std::string Out =
      format("kernel %s on %s%s\n", A.Profile.Name.c_str(), Gpu.Name.c_str(),
             Gpu.Calibrated ? "" : " (power uncalibrated)");
  // The answer first, in plain words; the model's terms below it.
  Out += "  answer      " + kernelHeadline(A) + "\n";
  Out += "  details     (the model's terms: gpa help terms)\n";
  Out += format("  launch      %llu threads x %llu blocks, %llu regs/thread, "
                "%llu B shared/block\n",
                (unsigned long long)L.ThreadsPerBlock,
                (unsigned long long)L.Blocks,
                (unsigned long long)L.RegistersPerThread,
                (unsigned long long)L.SharedBytesPerBlock);
  Out += format("  occupancy   %.0f active blocks/SM (limit %u, by %s) on %u "
                "SMs, N = %.0f warps/SM, %.3f waves\n",
                T.ActiveBlocksPerSm, A.Occ.MaxActiveBlocksPerSm,
                A.Occ.LimitedBy.c_str(), E.ActiveSms, T.N, T.Rep);
  Out += format("  timing      case %d (%s): MWP %.3f (without BW %.3f, "
                "peak BW %.3f), CWP %.3f\n",
                timingCaseNumber(T.Case), caseName(T.Case), T.Mwp,
                T.MwpWithoutBw, T.MwpPeakBw, T.Cwp);
  Out +=
      format("              %.1f cycles = %.6g s\n", T.ExecCycles, T.ExecTimeS);
  // Which memory level bounds a memory-bound kernel (docs/models.md).
  if (std::string Levels = memoryLevelSummary(T, Gpu);
      !Levels.empty() && T.Case == TimingCase::MemoryBound)
    Out += "  memory      " + Levels + "\n";
  Out += format("  power       %.1f W total = %.1f W runtime + %.1f W idle "
                "(%s model)\n",
                E.Est.TotalPowerW, E.Est.TotalPowerW - E.Est.StaticPowerW,
                E.Est.StaticPowerW, std::string(E.Est.Backend).c_str());
  // Which model priced power and where its parameters come from.
  Out += "  power model " + std::string(E.Est.Provenance) + "\n";
  Out += format("  top units   %s\n", topComponents(E, 4).c_str());
  const SmEnergy &S = E.Sms;
  Out += format("  per SM      %u of %u SMs busy, %.6g J dynamic + %.6g J "
                "static + %.6g J uncore (power gating %s, seed 004)\n",
                S.Sms.BusySms, S.Sms.gpuSms(), S.Sms.DynamicJ, S.Sms.StaticJ,
                S.UncoreJ, S.Power.PowerGating ? "yes" : "no");
  Out += format("  efficiency  %.4g GIPS (warp instructions), %.4g GIPS/W, "
                "%.6g J per launch\n",
                E.Eff.Gips, E.Eff.GipsPerW, E.Eff.EnergyJ);
  Out += "  advice      " + adviceText(A, Gpu.Name) + "\n";
  return Out;
}

std::string renderSweepText(const KernelAnalysis &A, const GpuModel &Gpu) {
  // The answer first, in plain words; the sweep is its details.
  std::string Out = format("kernel %s on %s: %s\n", A.Profile.Name.c_str(),
                           Gpu.Name.c_str(), kernelHeadline(A).c_str());
  Out += format("kernel %s on %s: %s mechanism, objective %s (* recommended, "
                "= launch as written, e Eq. 34's %u SMs)\n",
                A.Profile.Name.c_str(), Gpu.Name.c_str(),
                mechanismName(A.Adv.Mech), objectiveName(A.Adv.Policy.Goal),
                A.Adv.Eq34ActiveSms);
  Out += format("%-4s %10s %12s %14s %13s %10s %12s %14s\n", "", "active_sms",
                "blocks", "exec_time_s", "total_power_w", "gips", "gips_per_w",
                "energy_j");
  for (std::size_t I = 0; I < A.Sweep.size(); ++I) {
    const SweepPoint &E = A.Sweep[I];
    std::string Mark;
    Mark += I == A.Adv.Rec.Index ? "*" : " ";
    Mark += I == A.Adv.Rec.Baseline ? "=" : " ";
    Mark += E.ActiveSms == A.Adv.Eq34ActiveSms ? "e" : " ";
    Out += format("%-4s %10u %12llu %14.6e %13.2f %10.4f %12.6f %14.6e\n",
                  Mark.c_str(), E.ActiveSms, (unsigned long long)E.Blocks,
                  E.ExecTimeS, E.TotalPowerW, E.Gips, E.GipsPerW, E.EnergyJ);
  }
  Out += "advice: " + adviceText(A, Gpu.Name) + "\n";
  return Out;
}

std::string renderSweepCsv(const std::vector<KernelAnalysis> &Kernels) {
  std::string Out = "kernel,mechanism,active_sms,blocks,exec_time_s,"
                    "total_power_w,gips,gips_per_w,energy_j,recommended,"
                    "as_written,eq34\n";
  for (const KernelAnalysis &A : Kernels)
    for (std::size_t I = 0; I < A.Sweep.size(); ++I) {
      const SweepPoint &E = A.Sweep[I];
      Out += csvField(A.Profile.Name) + "," + mechanismName(A.Adv.Mech) + "," +
             std::to_string(E.ActiveSms) + "," + std::to_string(E.Blocks) +
             "," + formatNumber(E.ExecTimeS) + "," +
             formatNumber(E.TotalPowerW) + "," + formatNumber(E.Gips) + "," +
             formatNumber(E.GipsPerW) + "," + formatNumber(E.EnergyJ) + "," +
             (I == A.Adv.Rec.Index ? "1" : "0") + "," +
             (I == A.Adv.Rec.Baseline ? "1" : "0") + "," +
             (E.ActiveSms == A.Adv.Eq34ActiveSms ? "1" : "0") + "\n";
    }
  return Out;
}

std::string renderModelsText(const std::vector<GpuModel> &Models) {
  // The idle power is the default power model's (IdlePower.h): dvfs boards
  // price theirs with seed 002's Eq. (5)-(6), not IPP's power section.
  std::string Out =
      format("%-8s %-6s %5s %9s %14s %11s %-5s %10s %s\n", "name", "arch",
             "sms", "clock_ghz", "bandwidth_gbps", "idle_power_w", "power",
             "calibrated", "description");
  std::string Sources;
  for (const GpuModel &G : Models) {
    IdlePower Idle = defaultModelIdlePower(G);
    Out += format("%-8s sm_%-3u %5u %9.3f %14.1f %11.1f %-5s %10s %s\n",
                  G.Name.c_str(), G.SmVersion, G.NumSms, G.ClockGhz,
                  G.MemBandwidthGbps, Idle.PowerW, Idle.Model.c_str(),
                  G.Calibrated ? "yes" : "no", G.Description.c_str());
    if (Sources.find(Idle.Model + ": " + Idle.Source) == std::string::npos)
      Sources += "  " + Idle.Model + ": " + Idle.Source + "\n";
  }
  return Out +
         "idle power (a CUDA context open, reference clocks) by power "
         "model:\n" +
         Sources;
}

} // namespace gpa::tool
