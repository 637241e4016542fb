//===- LaunchAdvisor.cpp - Launch-time decisions --------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/LaunchAdvisor.h"

#include "gpa/Analysis.h"

#include <algorithm>
#include <cstdio>

namespace gpa::runtime {

static LaunchDecision keep(const LaunchRequest &R, std::string Reason) {
  LaunchDecision D;
  D.Grid = R.Grid;
  D.Reason = std::move(Reason);
  return D;
}

/// A grid of at most Target blocks with the original's shape: shrink X
/// first, then Y, then Z, never below 1 and never above the original.
static Dim3 shrinkGrid(const Dim3 &Grid, std::uint64_t Target) {
  Dim3 Out = Grid;
  std::uint64_t Rest =
      std::max<std::uint64_t>(Grid.Y * std::uint64_t(Grid.Z), 1);
  if (Target >= Rest) {
    Out.X = static_cast<std::uint32_t>(
        std::clamp<std::uint64_t>(Target / Rest, 1, Grid.X));
    return Out;
  }
  Out.X = 1;
  Out.Y = static_cast<std::uint32_t>(std::clamp<std::uint64_t>(
      Target / std::max<std::uint32_t>(Grid.Z, 1), 1, Grid.Y));
  if (Out.Y == 1)
    Out.Z = static_cast<std::uint32_t>(
        std::clamp<std::uint64_t>(Target, 1, Grid.Z));
  return Out;
}

LaunchDecision decideLaunch(const KernelProfile &Profile, const GpuModel &Gpu,
                            const LaunchRequest &R) {
  if (R.Grid.count() == 0 || R.Block.count() == 0)
    return keep(R, "empty grid or block");
  KernelProfile P = Profile;
  P.Launch.Blocks = R.Grid.count();
  P.Launch.ThreadsPerBlock = R.Block.count();
  P.Launch.SharedBytesPerBlock += R.DynamicSharedBytes;
  KernelAnalysis A;
  std::string Error;
  AnalysisOptions Options;
  Options.WithSweep = false; // Eq. (34) needs no sweep; launches stay cheap.
  if (!analyzeKernel(P, Gpu, Options, A, Error))
    return keep(R, "not evaluated: " + Error);
  if (!A.Adv.BandwidthBound)
    return keep(R, "not bandwidth-bound (Eq. 34): all SMs are most efficient");
  if (A.Adv.OptimalActiveSms >= A.MaxUsefulSms)
    return keep(R, "bandwidth-bound, but the optimum uses every SM it has");

  bool UseGrid = R.GridIndependent &&
                 (R.Mode == RewriteMode::Grid || R.Mode == RewriteMode::Auto);
  bool UseSms = R.Mode == RewriteMode::Sm ||
                (R.Mode == RewriteMode::Auto && !R.GridIndependent);
  LaunchDecision D;
  D.Grid = R.Grid;
  D.ActiveSms = A.Adv.OptimalActiveSms;
  D.PredictedEnergySavedPct = A.Adv.Savings.RuntimeIdlePct;
  if (UseGrid) {
    // IPP §4.4: limit the blocks so only the optimal SMs get work, each with
    // the residency it had (optimal SMs x active blocks per SM).
    std::uint64_t Target = std::uint64_t(A.Adv.OptimalActiveSms) *
                           std::uint64_t(A.AllSms.Time.ActiveBlocksPerSm);
    Target = std::clamp<std::uint64_t>(Target, 1, R.Grid.count());
    D.Grid = shrinkGrid(R.Grid, Target);
    D.Action = LaunchAction::ShrinkGrid;
    D.Reason = "bandwidth-bound and grid-independent: grid shrunk to " +
               std::to_string(D.Grid.count()) + " blocks for " +
               std::to_string(D.ActiveSms) + " SMs";
    return D;
  }
  if (UseSms) {
    D.Action = LaunchAction::RestrictSms;
    D.Reason = "bandwidth-bound: restricted to " + std::to_string(D.ActiveSms) +
               " SMs, grid unchanged";
    return D;
  }
  return keep(R, "bandwidth-bound (optimum " +
                     std::to_string(A.Adv.OptimalActiveSms) +
                     " SMs) but not proven grid-independent");
}

std::string describeDecision(const LaunchRequest &R, const LaunchDecision &D) {
  char Line[512];
  const char *Action = D.Action == LaunchAction::ShrinkGrid    ? "shrink-grid"
                       : D.Action == LaunchAction::RestrictSms ? "restrict-sms"
                                                               : "original";
  std::snprintf(Line, sizeof(Line),
                "gpa: %s: %s grid (%u,%u,%u) block (%u,%u,%u) -> grid "
                "(%u,%u,%u) on %s SMs, predicted energy saved %.1f%%: %s",
                R.KernelName.c_str(), Action, R.Grid.X, R.Grid.Y, R.Grid.Z,
                R.Block.X, R.Block.Y, R.Block.Z, D.Grid.X, D.Grid.Y, D.Grid.Z,
                D.ActiveSms ? std::to_string(D.ActiveSms).c_str() : "all",
                D.PredictedEnergySavedPct, D.Reason.c_str());
  return Line;
}

} // namespace gpa::runtime
