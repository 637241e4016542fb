//===- HostLaunchRewriter.h - Launches via libgpa_runtime ----- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// With -gpa-rewrite-grid, in the host compilation: clang lowers each
// `k<<<g, b, s, st>>>(args)` into a call of k's device stub, which calls
// cudaLaunchKernel. Replacing that call in the stub with __gpa_launch_kernel,
// which takes the same operands plus the kernel's name, its embedded device
// profiles, its grid-independence verdict and the rewrite mode (the launch
// ABI: runtime/include/gpa/runtime/LaunchAbi.h), reroutes every launch of k.
// Each launch site gets a remark saying what was done and why.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PLUGIN_HOSTLAUNCHREWRITER_H
#define GPA_PLUGIN_HOSTLAUNCHREWRITER_H

#include "DeviceHandoff.h"
#include "PluginOptions.h"

#include "llvm/IR/PassManager.h"

#include <string>

namespace gpa {

/// Returns true when the module changed. Handoff: the device kernels
/// (findDeviceKernels, read once by the host pass); Problems: the handoff
/// files it skipped, named in the remarks of launches left alone.
bool rewriteHostLaunches(llvm::Module &M, const PluginOptions &O,
                         llvm::FunctionAnalysisManager &FAM,
                         const HandoffByArch &Handoff,
                         const std::vector<std::string> &Problems);

} // namespace gpa

#endif // GPA_PLUGIN_HOSTLAUNCHREWRITER_H
