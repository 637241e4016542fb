//===- GpuPowerAdvisor.h - The gpu-power-advisor passes -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Usage:
//   opt -load-pass-plugin=GpuPowerAdvisor.so -passes=gpu-power-advisor \
//       -pass-remarks-analysis=gpu-power-advisor -disable-output k.ll
//   opt -load-pass-plugin=GpuPowerAdvisor.so \
//       -passes='print<gpu-power-advisor>' -disable-output k.ll
//   clang++ -x cuda --cuda-gpu-arch=sm_80 -fpass-plugin=GpuPowerAdvisor.so \
//       -Rpass-analysis=gpu-power-advisor -c k.cu
//
// `gpu-power-advisor` is the host pass followed by the device pass (each
// skips the other kind of module); the rows are in Passes.def.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_GPUPOWERADVISOR_H
#define GPA_PLUGIN_GPUPOWERADVISOR_H

#include "llvm/IR/PassManager.h"

namespace gpa {

/// gpu-power-advisor-device: on NVPTX modules, reports
/// GpuPowerAdvisorAnalysis's results (remarks, -gpa-report JSON,
/// -gpa-budget) and hands them to the host compilation. Never changes the
/// IR.
class DeviceAdvisorPass : public llvm::PassInfoMixin<DeviceAdvisorPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  /// Runs at -O0 and on optnone functions too.
  static bool isRequired() { return true; }
};

/// gpu-power-advisor-host: on host modules, launch-site advice; with
/// -gpa-rewrite-grid, rewrites kernel launches to call __gpa_launch_kernel
/// (the only pass that changes IR).
class HostLaunchPass : public llvm::PassInfoMixin<HostLaunchPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// gpu-power-advisor: both passes, host first, as the default pipelines get
/// them (clang -fpass-plugin).
void addAdvisorPasses(llvm::ModulePassManager &MPM);
llvm::ModulePassManager advisorPipeline();

} // namespace gpa

#endif // GPA_PLUGIN_GPUPOWERADVISOR_H
