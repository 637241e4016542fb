//===- LaunchSiteAdvisor.h - Predictions at each launch site --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// In a full CUDA compile the device modules are analysed first and hand
// their kernel profiles to the host compilation (DeviceHandoff). The host
// pass reads each launch site's configuration (LaunchSites) and the
// registers and shared memory ptxas produced (the `.nv_fatbin` embedded in
// the host module, KernelResources), evaluates the model for that launch,
// and emits a remark at the launch line; with -gpa-report the per-arch
// reports written by the device compilations get a `launch_sites` list.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PLUGIN_LAUNCHSITEADVISOR_H
#define GPA_PLUGIN_LAUNCHSITEADVISOR_H

#include "DeferredKernels.h"
#include "DeviceHandoff.h"
#include "PluginOptions.h"

#include "llvm/IR/PassManager.h"

namespace gpa {

/// Never fails the build: what it cannot evaluate gets a remark saying why.
/// Handoff: the device kernels (read once by the host pass); Cubins: the
/// embedded cubins' resources. With -gpa-report, each arch's report gets
/// the sites: the one in Reports (the host finished its kernels), else the
/// device compilation's file, read into Reports; the host pass writes them.
void adviseLaunchSites(llvm::Module &M, const PluginOptions &O,
                       llvm::FunctionAnalysisManager &FAM,
                       const HandoffByArch &Handoff,
                       const ResourcesByArch &Cubins, HostReports &Reports);

} // namespace gpa

#endif // GPA_PLUGIN_LAUNCHSITEADVISOR_H
