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

static std::string topComponents(const Power &P, std::size_t Count) {
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

std::string renderKernelText(const KernelAnalysis &A, const GpuModel &Gpu) {
  const Evaluation &E = A.Requested;
  const Timing &T = E.Time;
  const LaunchConfig &L = A.Profile.Launch;
  std::string Out =
      format("kernel %s on %s%s\n", A.Profile.Name.c_str(), Gpu.Name.c_str(),
             Gpu.Calibrated ? "" : " (power uncalibrated)");
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
  Out += format("  power       %.1f W total = %.1f W runtime + %.1f W idle\n",
                E.Pow.TotalPowerW, E.Pow.RuntimePowerW, E.Pow.IdlePowerW);
  Out += format("  top units   %s\n", topComponents(E.Pow, 4).c_str());
  Out += format("  efficiency  %.4g GIPS (warp instructions), %.4g GIPS/W, "
                "%.6g J per launch\n",
                E.Eff.Gips, E.Eff.GipsPerW, E.Eff.EnergyJ);
  const Advice &Adv = A.Adv;
  if (Adv.BandwidthBound && Adv.OptimalActiveSms < A.MaxUsefulSms)
    Out +=
        format("  advice      bandwidth-bound: %u of %u SMs give the best "
               "GIPS/W (Eq. 34; sweep argmax %u); energy %s "
               "(runtime+idle), %s (runtime), %s (power gating)\n",
               Adv.OptimalActiveSms, A.MaxUsefulSms, Adv.OptimalActiveSmsArgmax,
               savingText(Adv.Savings.RuntimeIdlePct).c_str(),
               savingText(Adv.Savings.RuntimePct).c_str(),
               savingText(Adv.Savings.PowerGatingPct).c_str());
  else
    Out +=
        format("  advice      %s: keep all %u SMs (Eq. 34; sweep argmax "
               "%u)\n",
               Adv.BandwidthBound ? "bandwidth-bound" : "not bandwidth-bound",
               A.MaxUsefulSms, Adv.OptimalActiveSmsArgmax);
  return Out;
}

std::string renderSweepText(const KernelAnalysis &A, const GpuModel &Gpu) {
  std::string Out =
      format("kernel %s on %s: same total work on 1..%u SMs "
             "(* Eq. 34 optimum, + GIPS/W argmax)\n",
             A.Profile.Name.c_str(), Gpu.Name.c_str(), A.MaxUsefulSms);
  Out +=
      format("%-4s %10s %14s %13s %10s %12s %14s\n", "", "active_sms",
             "exec_time_s", "total_power_w", "gips", "gips_per_w", "energy_j");
  for (const SweepPoint &E : A.Sweep) {
    std::string Mark;
    Mark += E.ActiveSms == A.Adv.OptimalActiveSms ? "*" : " ";
    Mark += E.ActiveSms == A.Adv.OptimalActiveSmsArgmax ? "+" : " ";
    Out += format("%-4s %10u %14.6e %13.2f %10.4f %12.6f %14.6e\n",
                  Mark.c_str(), E.ActiveSms, E.ExecTimeS, E.TotalPowerW, E.Gips,
                  E.GipsPerW, E.EnergyJ);
  }
  return Out;
}

std::string renderSweepCsv(const std::vector<KernelAnalysis> &Kernels) {
  std::string Out = "kernel,active_sms,exec_time_s,total_power_w,gips,"
                    "gips_per_w,energy_j,optimal_eq34,optimal_argmax\n";
  for (const KernelAnalysis &A : Kernels)
    for (const SweepPoint &E : A.Sweep)
      Out += csvField(A.Profile.Name) + "," + std::to_string(E.ActiveSms) +
             "," + formatNumber(E.ExecTimeS) + "," +
             formatNumber(E.TotalPowerW) + "," + formatNumber(E.Gips) + "," +
             formatNumber(E.GipsPerW) + "," + formatNumber(E.EnergyJ) + "," +
             (E.ActiveSms == A.Adv.OptimalActiveSms ? "1" : "0") + "," +
             (E.ActiveSms == A.Adv.OptimalActiveSmsArgmax ? "1" : "0") + "\n";
  return Out;
}

std::string renderModelsText(const std::vector<GpuModel> &Models) {
  std::string Out = format("%-8s %-6s %5s %9s %14s %11s %10s %s\n", "name",
                           "arch", "sms", "clock_ghz", "bandwidth_gbps",
                           "idle_power_w", "calibrated", "description");
  for (const GpuModel &G : Models)
    Out += format("%-8s sm_%-3u %5u %9.3f %14.1f %11.1f %10s %s\n",
                  G.Name.c_str(), G.SmVersion, G.NumSms, G.ClockGhz,
                  G.MemBandwidthGbps, G.IdlePowerW, G.Calibrated ? "yes" : "no",
                  G.Description.c_str());
  return Out;
}

} // namespace gpa::tool
