//===- OptionChecks.cpp - Validation of the -gpa-* option values ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Separate from Options.cpp, which registers the cl::opts: `gpa analyze`
// links the analysis without registering the plugin's command-line options.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

namespace gpa {

bool validatePluginOptions(const PluginOptions &O, std::string &Error) {
  if (O.BlockSize == 0) {
    Error = "-gpa-block-size must be at least 1";
    return false;
  }
  if (O.RegistersPerThread == 0) {
    Error = "-gpa-registers-per-thread must be at least 1";
    return false;
  }
  if (O.DefaultTripCount == 0) {
    Error = "-gpa-default-trip-count must be at least 1";
    return false;
  }
  if (O.GpuGiven && O.Gpu.empty()) {
    Error = "-gpa-gpu needs a model name or file";
    return false;
  }
  if (O.ReportGiven && O.ReportFile.empty()) {
    Error = "-gpa-report needs a file name";
    return false;
  }
  if (O.BudgetGiven && O.BudgetFile.empty()) {
    Error = "-gpa-budget needs a file name";
    return false;
  }
  if (O.RewriteMode != "grid" && O.RewriteMode != "sm" &&
      O.RewriteMode != "auto") {
    Error = "-gpa-rewrite-mode must be grid, sm or auto, not '" +
            O.RewriteMode + "'";
    return false;
  }
  return true;
}

} // namespace gpa
