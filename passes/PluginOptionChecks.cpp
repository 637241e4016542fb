//===- PluginOptionChecks.cpp - Validation of the -gpa-* option values ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Separate from Options.cpp, which registers the cl::opts: `gpa analyze`
// links the plugin support without registering the plugin's options.
//
//===----------------------------------------------------------------------===//

#include "Compat.h"
#include "PluginOptions.h"

#include "llvm/IR/Module.h"

#include <algorithm>

#include "gpa/runtime/LaunchAbi.h"

namespace gpa {

bool validatePluginOptions(const PluginOptions &O, std::string &Error) {
  if (!validateAnalysisRequest(O, Error))
    return false;
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
  launch_abi::RewriteMode Mode;
  if (!launch_abi::parseRewriteMode(O.RewriteMode, Mode)) {
    Error = "-gpa-rewrite-mode must be grid, sm or auto, not '" +
            O.RewriteMode + "'";
    return false;
  }
  return true;
}

bool validatePluginOptionsFor(const llvm::Module &M, const PluginOptions &O,
                              std::string &Error) {
  if (std::none_of(M.begin(), M.end(),
                   [](const llvm::Function &F) { return isKernel(F); }))
    return true;
  return validatePluginOptions(O, Error);
}

} // namespace gpa
