//===- PluginOptions.h - What the plugin is asked to do ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The -gpa-* options (clang: -mllvm -gpa-...; passes/Options.cpp reads them)
// as one plain struct, so no pass touches cl::opt globals: the analysis
// half (gpa/common/AnalysisRequest.h, all the IR front-end sees) and what
// only the plugin does with the results (report, budget, launch rewrite,
// handoff).
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_PLUGINOPTIONS_H
#define GPA_PLUGIN_PLUGINOPTIONS_H

#include "gpa/common/AnalysisRequest.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace gpa {

struct PluginOptions : AnalysisRequest {
  std::string ReportFile; // -gpa-report
  bool ReportGiven = false;
  bool GpuGiven = false;
  std::string BudgetFile; // -gpa-budget
  bool BudgetGiven = false;
  bool BudgetWarn = false;  // -gpa-budget-warn
  bool RewriteGrid = false; // -gpa-rewrite-grid: route launches via the runtime
  std::string RewriteMode = "grid"; // -gpa-rewrite-mode: grid|sm|auto
  std::string HandoffDir;           // -gpa-handoff-dir: device->host files
};

/// Snapshot of the cl::opt values.
/// The -gpa-* command-line options (registered by the plugin only).
PluginOptions readPluginOptions();

/// Checks option values that do not depend on the GPU model: the analysis
/// request's (validateAnalysisRequest), then the plugin's own. Returns
/// false with Error naming the offending option (PluginOptionChecks.cpp).
bool validatePluginOptions(const PluginOptions &O, std::string &Error);

/// The same for a device module: only when it has kernels (a module
/// without kernels is never analysed, whatever the options).
bool validatePluginOptionsFor(const llvm::Module &M, const PluginOptions &O,
                              std::string &Error);

} // namespace gpa

#endif // GPA_PLUGIN_PLUGINOPTIONS_H
