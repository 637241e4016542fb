//===- GpuPowerAdvisor.h - The gpu-power-advisor module pass -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Usage:
//   opt -load-pass-plugin=GpuPowerAdvisor.so -passes=gpu-power-advisor \
//       -pass-remarks-analysis=gpu-power-advisor -disable-output k.ll
//   clang++ -x cuda --cuda-gpu-arch=sm_80 -fpass-plugin=GpuPowerAdvisor.so \
//       -Rpass-analysis=gpu-power-advisor -c k.cu
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_GPUPOWERADVISOR_H
#define GPA_PLUGIN_GPUPOWERADVISOR_H

#include "llvm/IR/PassManager.h"

namespace gpa {

/// Profiles every CUDA kernel of an NVPTX module, runs the IPP model on it
/// and reports the result as remarks and, with -gpa-report, as JSON, without
/// changing the device IR. On host modules it does nothing unless
/// -gpa-rewrite-grid asks it to rewrite kernel launches.
class GpuPowerAdvisorPass : public llvm::PassInfoMixin<GpuPowerAdvisorPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  /// Runs at -O0 and on optnone functions too.
  static bool isRequired() { return true; }
};

} // namespace gpa

#endif // GPA_PLUGIN_GPUPOWERADVISOR_H
