//===- KernelStubs.h - Which host stub launches which kernel --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// In a host compilation clang lowers `k<<<...>>>(args)` into a call of k's
// device stub; launch-site reading (LaunchSites.h) and launch rewriting
// (passes/HostLaunchRewriter.h) both need the stub -> kernel map.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_KERNELSTUBS_H
#define GPA_FRONTENDS_IR_KERNELSTUBS_H

#include <map>
#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace gpa {

/// Device stub -> the device kernel's mangled name: from the
/// __cudaRegisterFunction calls, else (host-only and -fgpu-rdc compiles)
/// from the stubs' names.
std::map<llvm::Function *, std::string> kernelsOfStubs(llvm::Module &M);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_KERNELSTUBS_H
