//===- DecisionTest.cpp - The one recommendation procedure ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Hand-built sweeps (numbers chosen so each expectation is arithmetic on the
// page); the model-driven cases are in OptimalSmsTest and
// ModelPropertyTest.
//
//===----------------------------------------------------------------------===//
#include "gpa/Decision.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
// {SMs, blocks, time s, total W, energy J, GIPS/W}; index 0 is the launch as
// written (30 SMs, 1 s, 100 W, 100 J).
std::vector<Candidate> sweep() {
  return {{30, 30, 1.00, 100, 100, 1.00},
          {25, 30, 1.01, 96.0, 97.0, 1.031},
          {20, 30, 1.04, 86.5, 90.0, 1.111},
          {15, 30, 1.10, 72.7, 80.0, 1.25}};
}
} // namespace

TEST(Decision, EnergyPicksTheLeastEnergyWithinTheSlowdownLimit) {
  // 15 SMs uses least energy (80 J) but is 10% slower than 5% allows; of
  // the rest 20 SMs is best: 10% saved, 4% slower.
  Recommendation R = decide(sweep(), 0, {});
  EXPECT_TRUE(R.Change);
  EXPECT_EQ(R.Index, 2u);
  EXPECT_NEAR(R.ObjectiveSavingPct, 10, 1e-9);
  EXPECT_NEAR(R.EnergySavedPct, 10, 1e-9);
  EXPECT_NEAR(R.SlowdownPct, 4, 1e-9);
  // Allowing 11% slowdown admits 15 SMs: 20% saved.
  DecisionPolicy Loose;
  Loose.MaxSlowdownPct = 11;
  R = decide(sweep(), 0, Loose);
  EXPECT_EQ(R.Index, 3u);
  EXPECT_NEAR(R.EnergySavedPct, 20, 1e-9);
}

TEST(Decision, BelowMinSavingTheLaunchAsWrittenIsBest) {
  std::vector<Candidate> S = sweep();
  S[1].EnergyJ = 99.5;
  S[2].EnergyJ = 99; // 1% saved at 20 SMs, the best within 5% slowdown
  S[3].EnergyJ = 98.5;
  Recommendation R = decide(S, 0, {});
  EXPECT_FALSE(R.Change);
  EXPECT_EQ(R.Index, 0u);
  EXPECT_EQ(R.Reason.rfind("launch as written is best: ", 0), 0u);
  EXPECT_NE(R.Reason.find("only 1.0%"), std::string::npos) << R.Reason;
  // With a 0.5% threshold the same sweep changes.
  DecisionPolicy Low;
  Low.MinSavingPct = 0.5;
  R = decide(S, 0, Low);
  EXPECT_TRUE(R.Change);
  EXPECT_EQ(R.Index, 2u);
}

TEST(Decision, NothingBetterSaysSo) {
  std::vector<Candidate> S = sweep();
  for (std::size_t I = 1; I < S.size(); ++I)
    S[I].EnergyJ = 120;
  Recommendation R = decide(S, 0, {});
  EXPECT_FALSE(R.Change);
  EXPECT_EQ(R.Reason, "launch as written is best: no configuration within "
                      "5.0% slowdown improves energy");
}

TEST(Decision, EdpAndGipsPerWattObjectives) {
  // EDP: 100 x 1 = 100 J s as written; 97 x 1.01 = 97.97; 90 x 1.04 = 93.6.
  DecisionPolicy Edp;
  Edp.Goal = Objective::Edp;
  Recommendation R = decide(sweep(), 0, Edp);
  EXPECT_EQ(R.Index, 2u);
  EXPECT_NEAR(R.ObjectiveSavingPct, 6.4, 1e-9);
  // GIPS/W: cost 1 / (GIPS/W); 1/1.111 against 1/1: 9.99% better.
  DecisionPolicy Gpw;
  Gpw.Goal = Objective::GipsPerW;
  R = decide(sweep(), 0, Gpw);
  EXPECT_EQ(R.Index, 2u);
  EXPECT_NEAR(R.ObjectiveSavingPct, 100 * (1 - 1 / 1.111), 1e-9);
}

TEST(Decision, TimeUnderAPowerCap) {
  DecisionPolicy Time;
  Time.Goal = Objective::Time;
  // No cap: nothing is faster than the launch as written.
  EXPECT_FALSE(decide(sweep(), 0, Time).Change);
  // A 90 W cap rules out 100 W and 96 W: the fastest under it is 20 SMs
  // (1.04 s), required even though it is slower.
  Time.MaxPowerW = 90;
  Recommendation R = decide(sweep(), 0, Time);
  EXPECT_TRUE(R.Change);
  EXPECT_EQ(R.Index, 2u);
  EXPECT_NEAR(R.SlowdownPct, 4, 1e-9);
  // A cap nothing meets leaves the launch as written, and says so.
  Time.MaxPowerW = 10;
  R = decide(sweep(), 0, Time);
  EXPECT_FALSE(R.Change);
  EXPECT_NE(R.Reason.find("max_power_w"), std::string::npos);
}

TEST(Decision, TiesGoToTheEarlierCandidateAndBadInputsKeepTheLaunch) {
  std::vector<Candidate> S = sweep();
  S[1].EnergyJ = 90; // same as S[2]
  EXPECT_EQ(decide(S, 0, {}).Index, 1u);
  S[0].ExecTimeS = 0;
  EXPECT_FALSE(decide(S, 0, {}).Change);
  EXPECT_FALSE(decide({}, 0, {}).Change);
}

TEST(Decision, NamesAndValidation) {
  EXPECT_EQ(parseObjective("gips_per_w"), Objective::GipsPerW);
  EXPECT_FALSE(parseObjective("speed"));
  std::string Error;
  DecisionPolicy P;
  EXPECT_TRUE(validatePolicy(P, Error));
  P.MinSavingPct = 100;
  EXPECT_FALSE(validatePolicy(P, Error));
  EXPECT_NE(Error.find("min_saving"), std::string::npos);
  P = {};
  P.MaxSlowdownPct = -1;
  EXPECT_FALSE(validatePolicy(P, Error));
}

TEST(Decision, NearTiesGoToTheFewestSmsWhenAsked) {
  // 20 SMs (90 J) and 25 SMs (89.5 J, 0.56% less) are a tie within a 1%
  // TiePct: the fewer SMs win, whichever of the two is the minimum.
  DecisionPolicy Tie;
  Tie.TiePct = 1;
  std::vector<Candidate> S = sweep();
  S[1].EnergyJ = 89.5;
  EXPECT_EQ(decide(S, 0, Tie).Index, 2u);
  S[1].EnergyJ = 90.5;
  EXPECT_EQ(decide(S, 0, Tie).Index, 2u);
  // 2% apart is not a tie: 25 SMs at 88 J is the minimum and wins.
  S[1].EnergyJ = 88;
  EXPECT_EQ(decide(S, 0, Tie).Index, 1u);
  // The default takes the exact minimum: 25 SMs at 89.5 J.
  S[1].EnergyJ = 89.5;
  EXPECT_EQ(decide(S, 0, {}).Index, 1u);
}
