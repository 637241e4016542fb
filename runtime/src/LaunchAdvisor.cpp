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

/// The dimensions of UnitDims where this launch's grid or block is not 1,
/// as "y, z"; "" when the launch has the shape the proof relies on.
static std::string unitDimsViolated(const LaunchRequest &R) {
  const std::uint32_t Grid[] = {R.Grid.X, R.Grid.Y, R.Grid.Z};
  const std::uint32_t Block[] = {R.Block.X, R.Block.Y, R.Block.Z};
  std::string Out;
  for (unsigned D = 0; D < 3; ++D)
    if ((R.UnitDims >> D & 1u) && (Grid[D] != 1 || Block[D] != 1))
      Out += std::string(Out.empty() ? "" : ", ") + char('x' + D);
  return Out;
}

LaunchDecision decideLaunch(const KernelProfile &Profile, const GpuModel &Gpu,
                            const LaunchRequest &R) {
  if (R.Grid.count() == 0 || R.Block.count() == 0)
    return keep(R, "empty grid or block");
  // The proof holds for this launch only in the shape it assumed.
  std::string Violated = R.GridIndependent ? unitDimsViolated(R) : "";
  bool Proven = R.GridIndependent && Violated.empty();
  bool UseGrid =
      Proven && (R.Mode == RewriteMode::Grid || R.Mode == RewriteMode::Auto);
  bool UseSms =
      R.Mode == RewriteMode::Sm || (R.Mode == RewriteMode::Auto && !Proven);
  if (UseSms && !UseGrid && R.SmRefused)
    return keep(R, "its blocks may wait for each other: with fewer SMs not "
                   "all are resident and it could deadlock, so its SMs are "
                   "not restricted");
  if (!UseGrid && !UseSms)
    return keep(R, !Violated.empty()
                       ? "grid-independent only where gridDim and blockDim "
                         "are 1 in " +
                             Violated +
                             " (no grid-stride loop covers it); this launch "
                             "is not: the grid must not change"
                       : "not proven grid-independent and "
                         "-gpa-rewrite-mode=grid: the grid must not change");
  KernelProfile P = Profile;
  P.Launch.Blocks = R.Grid.count();
  P.Launch.ThreadsPerBlock = R.Block.count();
  P.Launch.SharedBytesPerBlock += R.DynamicSharedBytes;
  KernelAnalysis A;
  std::string Error;
  AnalysisOptions Options;
  Options.WithSweep = false; // evaluated for the decision, not kept
  Options.Mech = UseGrid ? Mechanism::Grid : Mechanism::Sm;
  Options.Policy = R.Policy;
  if (!analyzeKernel(P, Gpu, Options, A, Error))
    return keep(R, "not evaluated: " + Error);
  const Recommendation &Rec = A.Adv.Rec;
  if (!Rec.Change) {
    LaunchDecision D = keep(R, Rec.Reason);
    D.Goal = R.Policy.Goal;
    return D;
  }
  LaunchDecision D;
  D.Grid = R.Grid;
  D.Goal = R.Policy.Goal;
  D.ActiveSms = A.Adv.RecommendedActiveSms;
  D.PredictedEnergySavedPct = Rec.EnergySavedPct;
  D.PredictedSavingPct = Rec.ObjectiveSavingPct;
  D.PredictedSlowdownPct = Rec.SlowdownPct;
  if (UseGrid) {
    // The grid mechanism's recommended grid size; the hardware scheduler
    // places it (docs/models.md "Mechanisms"), so no SMs are restricted.
    D.Grid =
        shrinkGrid(R.Grid, std::clamp<std::uint64_t>(A.Adv.RecommendedBlocks, 1,
                                                     R.Grid.count()));
    D.Action = LaunchAction::ShrinkGrid;
    D.Reason = "grid-independent: grid shrunk to " +
               std::to_string(D.Grid.count()) + " blocks (" + Rec.Reason + ")";
    return D;
  }
  D.Action = LaunchAction::RestrictSms;
  D.Reason = "restricted to " + std::to_string(D.ActiveSms) +
             " SMs, grid unchanged (" + Rec.Reason + ")";
  return D;
}

std::string describeDecision(const LaunchRequest &R, const LaunchDecision &D) {
  char Line[512];
  const char *Action = D.Action == LaunchAction::ShrinkGrid    ? "shrink-grid"
                       : D.Action == LaunchAction::RestrictSms ? "restrict-sms"
                                                               : "original";
  std::snprintf(Line, sizeof(Line),
                "gpa: %s: %s grid (%u,%u,%u) block (%u,%u,%u) -> grid "
                "(%u,%u,%u) on %s SMs, objective %s, predicted saving %.1f%%, "
                "slowdown %.1f%%, energy saved %.1f%%: %s",
                R.KernelName.c_str(), Action, R.Grid.X, R.Grid.Y, R.Grid.Z,
                R.Block.X, R.Block.Y, R.Block.Z, D.Grid.X, D.Grid.Y, D.Grid.Z,
                D.ActiveSms ? std::to_string(D.ActiveSms).c_str() : "all",
                objectiveName(D.Goal), D.PredictedSavingPct,
                D.PredictedSlowdownPct, D.PredictedEnergySavedPct,
                D.Reason.c_str());
  return Line;
}

} // namespace gpa::runtime
