//===- AnalysisRequest.h - What a kernel analysis is asked for --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The analysis half of the plugin's -gpa-* options and of `gpa analyze`'s
// flags: the facts a user gives about the launch, the trip counts, and the
// decision's policy and mechanism. Reports, budgets, the launch rewrite and
// the handoff are the plugin's (passes/PluginOptions.h), so front-ends
// never see the runtime's ABI.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMMON_ANALYSISREQUEST_H
#define GPA_COMMON_ANALYSISREQUEST_H

#include "gpa/Analysis.h"
#include "gpa/TripCounts.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct AnalysisRequest {
  /// What is assumed where a fact is not given (unset below).
  static constexpr uint64_t AssumedBlockSize = 256;
  static constexpr uint64_t AssumedRegistersPerThread = 32;
  static constexpr unsigned AssumedTripCount = 16;

  std::string Gpu; // -gpa-gpu: bundled name or model file
  /// The facts a user may give; unset: not given (the analysis assumes
  /// the values above, or fills the GPU with blocks, and says so).
  std::optional<uint64_t> BlockSize;          // -gpa-block-size
  std::optional<uint64_t> GridSize;           // -gpa-grid-size
  std::optional<uint64_t> RegistersPerThread; // -gpa-registers-per-thread
  std::optional<unsigned> DefaultTripCount;   // -gpa-default-trip-count
  /// -gpa-trip-count=KERNEL[:LINE]=N (repeatable, gpa-launch/1 `loops` too).
  std::vector<std::string> TripCountSpecs;
  std::string LaunchFile; // -gpa-launch-file: gpa-launch/1 facts
  /// -gpa-ptxas: registers, shared memory and spills from `ptxas -v` on the
  /// module's PTX when the toolkit is present (PtxasOfModule.h).
  bool RunPtxas = true;
  /// -gpa-system-header-findings: also report findings located in system
  /// headers (clang's CUDA wrappers, the toolkit's headers).
  bool SystemHeaderFindings = false;
  /// Evaluate the 1..all-SMs sweep (only reports show it; remarks need just
  /// Eq. 34's point, and the sweep is most of the model's cost).
  bool WithSweep = true;
  /// Decide the clocks (gpa/ClockDecision.h, KernelAnalysis::Clock): it
  /// prices every clock pair of the GPU model, so the plugin asks only when
  /// a remark is shown or a report is written; gpa analyze always asks.
  bool WithClockAdvice = false;
  // The decision (models/include/gpa/Decision.h) and its sweep.
  std::string Objective = "energy"; // -gpa-objective
  double MaxSlowdownPct = 5;        // -gpa-max-slowdown (percent)
  double MinSavingPct = 2;          // -gpa-min-saving (percent)
  double MaxPowerW = 0;             // -gpa-max-power-w (time objective)
  std::string Mechanism = "auto";   // -gpa-mechanism: auto|sm|grid|paper
  /// What `auto` resolves to for a grid-independent kernel: grid when the
  /// launch rewrite routes its launches in grid mode (the plugin sets it
  /// from -gpa-rewrite-grid and -gpa-rewrite-mode), else sm.
  bool AutoMechanismIsGrid = false;
  /// How assumption labels spell an option: "-gpa-" (the plugin's, and
  /// gpa analyze's on IR) or "--" (gpa analyze's own flags, PTX inputs).
  std::string OptionPrefix = "-gpa-";
};

/// The block size, registers and trip count a kernel without facts of
/// its own is analysed with: the given ones, else the assumed defaults.
inline uint64_t blockSizeOf(const AnalysisRequest &O) {
  return O.BlockSize.value_or(AnalysisRequest::AssumedBlockSize);
}
inline uint64_t registersPerThreadOf(const AnalysisRequest &O) {
  return O.RegistersPerThread.value_or(
      AnalysisRequest::AssumedRegistersPerThread);
}
inline unsigned defaultTripCountOf(const AnalysisRequest &O) {
  return O.DefaultTripCount.value_or(AnalysisRequest::AssumedTripCount);
}

/// Checks values that do not depend on the GPU model. Returns false with
/// Error naming the offending option.
bool validateAnalysisRequest(const AnalysisRequest &O, std::string &Error);

/// Parses -gpa-trip-count's values; Error names the option and the value.
bool parseTripCountSpecs(const AnalysisRequest &O,
                         std::vector<TripCountRule> &Rules, std::string &Error);

/// The model's options for one kernel: objective, thresholds and the
/// mechanism the launch rewrite would apply to it.
AnalysisOptions modelOptions(const AnalysisRequest &O, bool GridIndependent);

} // namespace gpa

#endif // GPA_COMMON_ANALYSISREQUEST_H
