//===- PluginOptions.h - What the IR analysis is asked to do -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The -gpa-* options (clang: -mllvm -gpa-...; plugin/Options.cpp reads them)
// and `gpa analyze`'s flags, as one plain struct, so the IR front-end never
// touches cl::opt globals.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_PLUGINOPTIONS_H
#define GPA_FRONTENDS_IR_PLUGINOPTIONS_H

#include "gpa/Analysis.h"
#include "gpa/TripCounts.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpa {

struct PluginOptions {
  std::string Gpu;          // -gpa-gpu: bundled name or model file
  uint64_t BlockSize = 256; // -gpa-block-size
  bool BlockSizeGiven = false;
  uint64_t GridSize = 0;            // -gpa-grid-size; 0 = fill the GPU
  uint64_t RegistersPerThread = 32; // -gpa-registers-per-thread
  bool RegistersGiven = false;
  unsigned DefaultTripCount = 16; // -gpa-default-trip-count
  bool TripCountGiven = false;
  /// -gpa-trip-count=KERNEL[:LINE]=N (repeatable, gpa-launch/1 `loops` too).
  std::vector<std::string> TripCountSpecs;
  std::string ReportFile; // -gpa-report
  bool ReportGiven = false;
  bool GpuGiven = false;
  std::string BudgetFile; // -gpa-budget
  bool BudgetGiven = false;
  bool BudgetWarn = false;  // -gpa-budget-warn
  bool RewriteGrid = false; // -gpa-rewrite-grid: route launches via the runtime
  std::string RewriteMode = "grid"; // -gpa-rewrite-mode: grid|sm|auto
  std::string HandoffDir;           // -gpa-handoff-dir: device->host files
  std::string LaunchFile;           // -gpa-launch-file: gpa-launch/1 facts
  /// -gpa-ptxas: registers, shared memory and spills from `ptxas -v` on the
  /// module's PTX when the toolkit is present (PtxasOfModule.h).
  bool RunPtxas = true;
  /// -gpa-system-header-findings: also report findings located in system
  /// headers (clang's CUDA wrappers, the toolkit's headers).
  bool SystemHeaderFindings = false;
  /// Evaluate the 1..all-SMs sweep (only reports show it; remarks need just
  /// Eq. 34's point, and the sweep is most of the model's cost).
  bool WithSweep = true;
  // The decision (models/include/gpa/Decision.h) and its sweep.
  std::string Objective = "energy"; // -gpa-objective
  double MaxSlowdownPct = 5;        // -gpa-max-slowdown (percent)
  double MinSavingPct = 2;          // -gpa-min-saving (percent)
  double MaxPowerW = 0;             // -gpa-max-power-w (time objective)
  std::string Mechanism = "auto";   // -gpa-mechanism: auto|sm|grid|paper
};

/// Snapshot of the cl::opt values.
/// The -gpa-* command-line options (registered by the plugin only).
PluginOptions readPluginOptions();

/// Checks option values; Error names the offending option (OptionChecks.cpp,
/// shared with `gpa analyze`).

/// Checks values that do not depend on the GPU model. Returns false with
/// Error naming the offending option.
bool validatePluginOptions(const PluginOptions &O, std::string &Error);

/// Parses -gpa-trip-count's values; Error names the option and the value.
bool parseTripCountSpecs(const PluginOptions &O,
                         std::vector<TripCountRule> &Rules, std::string &Error);

/// The model's options for one kernel: objective, thresholds and the
/// mechanism the launch rewrite would apply to it.
AnalysisOptions modelOptions(const PluginOptions &O, bool GridIndependent);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_PLUGINOPTIONS_H
