//===- HostLaunchPass.cpp - gpu-power-advisor-host ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Host (non-NVPTX) modules only: advice at each launch site from the device
// analysis handoff (LaunchSiteAdvisor.cpp) and, only with -gpa-rewrite-grid,
// the launch rewrite (HostLaunchRewriter.cpp, docs/launch-rewrite.md), the
// one place the plugin changes IR.
//
//===----------------------------------------------------------------------===//

#include "Compat.h"
#include "GpuPowerAdvisor.h"
#include "HostLaunchRewriter.h"
#include "LaunchSiteAdvisor.h"
#include "PluginDiagnostic.h"
#include "PluginOptions.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

PreservedAnalyses HostLaunchPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (isNVPTXModule(M))
    return PreservedAnalyses::all();
  PluginOptions O = readPluginOptions();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::string Error;
  // Before any rewrite: the launch sites as the program wrote them.
  if (validatePluginOptions(O, Error))
    adviseLaunchSites(M, O, FAM);
  if (!O.RewriteGrid)
    return PreservedAnalyses::all();
  if (!validatePluginOptions(O, Error)) {
    diagnose(M, Error, DS_Error);
    return PreservedAnalyses::all();
  }
  return rewriteHostLaunches(M, O, FAM) ? PreservedAnalyses::none()
                                        : PreservedAnalyses::all();
}

} // namespace gpa
