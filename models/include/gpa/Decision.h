//===- Decision.h - The one recommendation procedure ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every piece of advice the product prints or applies (remarks, reports,
// budgets' require_optimal_sms, sweep markers, the launch rewrite and the
// runtime) comes from decide(): the sweep point that optimises the objective,
// within max_slowdown of the launch as written, recommended only when it
// saves at least min_saving. Eq. (34) is reported beside it, never instead.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_DECISION_H
#define GPA_DECISION_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

/// What "better" means. energy: least total energy (runtime + idle) per
/// launch; edp: least energy x time; gips_per_w: most GIPS/W (Eq. 28; for a
/// fixed amount of work the same order as energy); time: least time, under
/// max_power_w when one is set.
enum class Objective { Energy, Edp, GipsPerW, Time };

const char *objectiveName(Objective O);
std::optional<Objective> parseObjective(const std::string &Name);

struct DecisionPolicy {
  Objective Goal = Objective::Energy;
  double MaxSlowdownPct = 5; // a change may be at most this much slower
  double MinSavingPct = 2;   // and must improve the objective this much
  double MaxPowerW = 0;      // time objective: power cap; 0 = none
  // Options whose objective is within TiePct of the best are a tie, and the
  // fewest SMs wins, so nearly equal inputs cannot jump between far-apart SM
  // counts. Off by default (0 = the exact minimum): advice never names an
  // option the sweep shows to be worse; a user may accept such a tie.
  double TiePct = 0;
};

/// Checks a policy's numbers; Error names the offending setting.
bool validatePolicy(const DecisionPolicy &Policy, std::string &Error);

/// One configuration of a sweep, as the decision sees it.
struct Candidate {
  unsigned ActiveSms = 0;
  std::uint64_t Blocks = 0;
  double ExecTimeS = 0;
  double TotalPowerW = 0;
  double EnergyJ = 0;
  double GipsPerW = 0;
};

struct Recommendation {
  bool Change = false;           // false: launch as written
  std::size_t Index = 0;         // recommended candidate (Baseline if none)
  std::size_t Baseline = 0;      // the launch as written
  double ObjectiveSavingPct = 0; // objective improvement at Index
  double EnergySavedPct = 0;     // total energy saved at Index
  double SlowdownPct = 0;        // time increase at Index (negative: faster)
  std::string Reason;            // one sentence, starts "launch as written is
                                 // best: " when Change is false
};

/// The objective's cost of a candidate (lower is better): J, J s, J per
/// giga-instruction (1 / GIPS/W) or s.
double objectiveCost(Objective O, const Candidate &C);

/// Picks the recommendation among Candidates; Baseline indexes the launch as
/// written. Ties go to the earlier candidate (sweeps list fewer SMs first).
Recommendation decide(const std::vector<Candidate> &Candidates,
                      std::size_t Baseline, const DecisionPolicy &Policy);

} // namespace gpa

#endif
