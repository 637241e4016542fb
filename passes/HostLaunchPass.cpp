//===- HostLaunchPass.cpp - gpu-power-advisor-host ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Host (non-NVPTX) modules only. The device handoff is read once; kernels
// whose registers the device compilation left pending are finished with the
// embedded cubin's (DeferredKernels.h) and their reports written here; then
// advice at each launch site (LaunchSiteAdvisor.cpp) and, only with
// -gpa-rewrite-grid, the launch rewrite (HostLaunchRewriter.cpp,
// docs/launch-rewrite.md), the one place the plugin changes IR.
//
//===----------------------------------------------------------------------===//

#include "Compat.h"
#include "DeferredKernels.h"
#include "DeviceHandoff.h"
#include "GpuPowerAdvisor.h"
#include "HostLaunchRewriter.h"
#include "KernelStubs.h"
#include "LaunchSiteAdvisor.h"
#include "PluginDiagnostic.h"
#include "PluginOptions.h"
#include "ReportWriter.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

/// Whether M has CUDA device code to look for: an embedded fatbinary or
/// registered kernels (a --cuda-host-only compile has only the latter).
static bool hasCudaKernels(Module &M) {
  for (const GlobalVariable &GV : M.globals())
    if (GV.getSection() == ".nv_fatbin")
      return true;
  return !kernelsOfStubs(M).empty();
}

PreservedAnalyses HostLaunchPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (isNVPTXModule(M) || !hasCudaKernels(M))
    return PreservedAnalyses::all();
  PluginOptions O = readPluginOptions();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::string Error;
  bool Valid = validatePluginOptions(O, Error);
  // Read once: consuming the handoff files is the host's to do even when
  // an option is wrong.
  std::vector<std::string> Problems;
  HandoffByArch Handoff =
      findDeviceKernels(M.getSourceFileName(), O.HandoffDir, &Problems);
  if (Valid) {
    UnreadableCubins Unreadable;
    ResourcesByArch Cubins = embeddedResources(M, &Unreadable);
    HostReports Reports;
    finishDeferredKernels(M, O, Handoff, Cubins, Unreadable, Reports);
    // Before any rewrite: the launch sites as the program wrote them.
    adviseLaunchSites(M, O, FAM, Handoff, Cubins, Reports);
    // The host writes the reports of a full compile, one per architecture.
    std::vector<std::string> Archs;
    for (const auto &[Arch, R] : Reports)
      Archs.push_back(Arch);
    std::string Overwrite = reportNameWarning(O.ReportFile, Archs);
    if (!Overwrite.empty())
      diagnose(M, Overwrite, DS_Warning);
    for (const auto &[Arch, R] : Reports)
      if (!writeReportFile(R.File, R.Text, Error))
        diagnose(M, Error, DS_Error);
  }
  if (!O.RewriteGrid)
    return PreservedAnalyses::all();
  if (!Valid) {
    diagnose(M, Error, DS_Error);
    return PreservedAnalyses::all();
  }
  return rewriteHostLaunches(M, O, FAM, Handoff, Problems)
             ? PreservedAnalyses::none()
             : PreservedAnalyses::all();
}

} // namespace gpa
