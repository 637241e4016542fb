//===- DecisionSummary.h - Which launch a decision speaks of ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A full compile answers twice for a kernel: the device pass on the launch
// it assumes (or was given), the host pass at each launch site the program
// writes. Both answers come from the one decision (gpa/Decision.h); this
// summary carries the device's answer and the launch it priced to the
// host (DeviceHandoff), so that every remark says which launch it describes
// and why two answers differ (issue 28 s.3).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PLUGIN_DECISIONSUMMARY_H
#define GPA_PLUGIN_DECISIONSUMMARY_H

#include "gpa/Analysis.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace gpa {

struct DecisionSummary {
  /// The launch the decision priced and where its numbers come from
  /// ("assumed", "given", "constant", "block given, grid assumed", ...).
  std::uint64_t Blocks = 0, ThreadsPerBlock = 0;
  unsigned RegistersPerThread = 0;
  std::uint64_t SharedBytesPerBlock = 0;
  std::string LaunchSource;
  /// The decision: recommended SMs of the useful ones (min(SMs, blocks))
  /// and of the GPU's.
  unsigned RecommendedSms = 0, UsefulSms = 0, GpuSms = 0;
  bool Change = false;
  std::string Reason; // "launch as written is best: ..." when no change
  double EnergySavedPct = 0;
  /// Where the answer was given ("atax.cu:81"); "" when unknown.
  std::string Where;
};

DecisionSummary summarizeDecision(const KernelAnalysis &A, unsigned GpuSms,
                                  std::string LaunchSource, std::string Where);

nlohmann::json decisionSummaryJson(const DecisionSummary &S);
/// False for null or malformed input (older handoffs have none).
bool decisionSummaryFromJson(const nlohmann::json &J, DecisionSummary &S);

/// True when the launch source says a dimension was assumed.
bool launchAssumed(const DecisionSummary &S);

/// "864 blocks x 256 threads".
std::string launchShapeText(const DecisionSummary &S);

/// "recommended 4 of 8 SMs (a grid of 8 blocks fills at most 8 of the
/// GPU's 108), energy saved 12.3%: change recommended".
std::string recommendationText(const DecisionSummary &S);

/// "64 of 108 SMs, change recommended" / "108 of 108 SMs, as written".
std::string shortAnswerText(const DecisionSummary &S);

/// True when the two answers recommend different SMs or only one of them
/// asks for a change.
bool answersDiffer(const DecisionSummary &A, const DecisionSummary &B);

/// What differs between the two launches: "a different grid (864 blocks
/// assumed, 128 here)", ...; "the same launch" when nothing does.
std::string launchDifference(const DecisionSummary &Kernel,
                             const DecisionSummary &Site);

} // namespace gpa

#endif // GPA_PLUGIN_DECISIONSUMMARY_H
