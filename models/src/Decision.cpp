//===- Decision.cpp - The one recommendation procedure --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Decision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace gpa {

const char *objectiveName(Objective O) {
  switch (O) {
  case Objective::Energy:
    return "energy";
  case Objective::Edp:
    return "edp";
  case Objective::GipsPerW:
    return "gips_per_w";
  case Objective::Time:
    return "time";
  }
  return "energy";
}

std::optional<Objective> parseObjective(const std::string &Name) {
  for (Objective O : {Objective::Energy, Objective::Edp, Objective::GipsPerW,
                      Objective::Time})
    if (Name == objectiveName(O))
      return O;
  return std::nullopt;
}

bool validatePolicy(const DecisionPolicy &P, std::string &Error) {
  auto Bad = [&](const char *Name, double V, const char *Expected) {
    char Buffer[160];
    std::snprintf(Buffer, sizeof(Buffer), "%s: expected %s, got %g", Name,
                  Expected, V);
    Error = Buffer;
    return false;
  };
  if (!(P.MaxSlowdownPct >= 0 && P.MaxSlowdownPct <= 1e6))
    return Bad("max_slowdown", P.MaxSlowdownPct, "a percentage >= 0");
  if (!(P.MinSavingPct >= 0 && P.MinSavingPct < 100))
    return Bad("min_saving", P.MinSavingPct, "a percentage in [0, 100)");
  if (!(P.TiePct >= 0 && P.TiePct < 100))
    return Bad("tie", P.TiePct, "a percentage in [0, 100)");
  if (!(P.MaxPowerW >= 0 && P.MaxPowerW <= 1e7))
    return Bad("max_power_w", P.MaxPowerW, "watts >= 0 (0: no cap)");
  return true;
}

double objectiveCost(Objective O, const Candidate &C) {
  switch (O) {
  case Objective::Energy:
    return C.EnergyJ;
  case Objective::Edp:
    return C.EnergyJ * C.ExecTimeS;
  case Objective::GipsPerW:
    return C.GipsPerW > 0 ? 1 / C.GipsPerW
                          : std::numeric_limits<double>::infinity();
  case Objective::Time:
    return C.ExecTimeS;
  }
  return C.EnergyJ;
}

static double pctBelow(double Before, double After) {
  return Before > 0 ? 100 * (Before - After) / Before : 0;
}

static std::string pct(double V) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof(Buffer), "%.1f%%", V);
  return Buffer;
}

Recommendation decide(const std::vector<Candidate> &Cands, std::size_t Base,
                      const DecisionPolicy &Policy) {
  Recommendation R;
  R.Baseline = R.Index = Base;
  const char *Goal = objectiveName(Policy.Goal);
  if (Base >= Cands.size()) {
    R.Reason = "launch as written is best: nothing to compare it with";
    return R;
  }
  const Candidate &B = Cands[Base];
  double BaseCost = objectiveCost(Policy.Goal, B);
  if (!std::isfinite(BaseCost) || !(B.ExecTimeS > 0)) {
    R.Reason = "launch as written is best: the model has no finite "
               "prediction for it";
    return R;
  }
  bool Capped = Policy.Goal == Objective::Time && Policy.MaxPowerW > 0;
  auto UnderCap = [&](const Candidate &C) {
    return !Capped || C.TotalPowerW <= Policy.MaxPowerW;
  };
  // Over the power cap the launch as written is not an option: the cap is a
  // hard constraint, and the slowdown limit and threshold give way to it.
  bool BaseAllowed = UnderCap(B);
  auto Slowdown = [&](const Candidate &C) {
    return 100 * (C.ExecTimeS - B.ExecTimeS) / B.ExecTimeS;
  };
  std::size_t Best = Cands.size();
  double BestCost = 0;
  for (std::size_t I = 0; I < Cands.size(); ++I) {
    const Candidate &C = Cands[I];
    double Cost = objectiveCost(Policy.Goal, C);
    if (!std::isfinite(Cost) || !(C.ExecTimeS > 0) || !UnderCap(C))
      continue;
    if (BaseAllowed && Slowdown(C) > Policy.MaxSlowdownPct)
      continue;
    if (Best == Cands.size() || Cost < BestCost) {
      Best = I;
      BestCost = Cost;
    }
  }
  if (Best == Cands.size()) {
    R.Reason = "launch as written is best: no configuration stays under "
               "max_power_w";
    return R;
  }
  // A tie (within TiePct of the best) goes to the fewest SMs.
  if (BaseAllowed && Policy.TiePct > 0) {
    double Limit = BestCost * (1 + Policy.TiePct / 100);
    // ... and still saves min_saving when the best does.
    if (pctBelow(BaseCost, BestCost) >= Policy.MinSavingPct)
      Limit = std::min(Limit, BaseCost * (1 - Policy.MinSavingPct / 100));
    for (std::size_t I = 0; I < Cands.size(); ++I) {
      const Candidate &C = Cands[I];
      double Cost = objectiveCost(Policy.Goal, C);
      if (!std::isfinite(Cost) || !(C.ExecTimeS > 0) || !UnderCap(C) ||
          Slowdown(C) > Policy.MaxSlowdownPct || Cost > Limit)
        continue;
      if (C.ActiveSms < Cands[Best].ActiveSms ||
          (C.ActiveSms == Cands[Best].ActiveSms &&
           Cost < objectiveCost(Policy.Goal, Cands[Best])))
        Best = I;
    }
    BestCost = objectiveCost(Policy.Goal, Cands[Best]);
  }
  auto Fill = [&](std::size_t I) {
    R.Index = I;
    R.ObjectiveSavingPct =
        pctBelow(BaseCost, objectiveCost(Policy.Goal, Cands[I]));
    R.EnergySavedPct = pctBelow(B.EnergyJ, Cands[I].EnergyJ);
    R.SlowdownPct = Slowdown(Cands[I]);
  };
  if (!BaseAllowed) {
    Fill(Best);
    R.Change = Best != Base;
    R.Reason = std::string("the launch as written exceeds max_power_w; the "
                           "fastest configuration under it is ") +
               pct(R.SlowdownPct) + " slower";
    return R;
  }
  double Saving = pctBelow(BaseCost, BestCost);
  if (Best == Base || !(Saving > 0)) {
    R.Reason = std::string("launch as written is best: no configuration "
                           "within ") +
               pct(Policy.MaxSlowdownPct) + " slowdown improves " + Goal;
    return R;
  }
  if (Saving < Policy.MinSavingPct) {
    R.Reason = std::string("launch as written is best: the best "
                           "configuration within ") +
               pct(Policy.MaxSlowdownPct) + " slowdown improves " + Goal +
               " by only " + pct(Saving) + " (min_saving " +
               pct(Policy.MinSavingPct) + ")";
    return R;
  }
  Fill(Best);
  R.Change = true;
  R.Reason = std::string(Goal) + " improved " + pct(R.ObjectiveSavingPct) +
             ", energy saved " + pct(R.EnergySavedPct) + ", slowdown " +
             pct(R.SlowdownPct);
  return R;
}

} // namespace gpa
