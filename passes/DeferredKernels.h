//===- DeferredKernels.h - Registers from a compile's cubin -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// In a full `clang -x cuda -c` compile, clang's own device job produces the
// cubin the host job embeds (`.nv_fatbin`). Running a second NVPTX code
// generation and ptxas in the device pass only to learn registers cost 10%
// of such a compile, so there the device pass leaves the compiled resources
// pending: its remarks use the labelled estimate, each kernel's handoff
// entry carries its draft ("pending"), and it writes no report. The host
// pass reads the cubin, assembles each pending kernel again with the
// cubin's registers, static shared memory and stack frame, replaces the
// kernel's handoff profile, and writes the report (docs/plugin.md
// "Registers in a full compile"). Device-only compiles, -gpa-budget (the
// device compilation checks it) and spawned compiles whose host side is
// elsewhere keep ptxas.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PLUGIN_DEFERREDKERNELS_H
#define GPA_PLUGIN_DEFERREDKERNELS_H

#include "DeviceHandoff.h"
#include "KernelResult.h"
#include "PluginOptions.h"

#include "gpa/KernelResources.h"

#include <map>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace gpa {

/// "sm_80" -> resources of the cubins in the host module's `.nv_fatbin`.
using ResourcesByArch = std::map<std::string, ResourceTable>;
/// "sm_80" -> why that arch's cubin could not be read (compressed).
using UnreadableCubins = std::map<std::string, std::string>;
ResourcesByArch embeddedResources(const llvm::Module &M,
                                  UnreadableCubins *Unreadable = nullptr);

/// Whether the clang invocation running this device job goes on to compile
/// the host side, embedding the cubin its own ptxas job makes: the driver's
/// command line (this process's, or the parent's when cc1 is spawned)
/// compiles CUDA without --cuda-device-only, -S, -E, -emit-llvm,
/// -fsyntax-only, -fgpu-rdc or the new offload driver, and, where
/// libzstd.so.1 cannot be loaded, passes fatbinary no compression option
/// (-Xcuda-fatbinary --compress-all compresses the cubin with zstd). ""
/// when it does; otherwise why not.
std::string whyNoHostCompilationFollows();

/// The GPU architectures the clang driver running this job compiles for
/// (--cuda-gpu-arch / --offload-arch, less --no-cuda-gpu-arch /
/// --no-offload-arch), sorted; empty when /proc cannot say.
std::vector<std::string> driverGpuArchs();

/// The warning for a -gpa-report name without %arch in a compile for
/// several architectures (Archs, two or more: each device compilation
/// writes the same file and the last one overwrites the others); "" when
/// the name has %arch or there are fewer than two.
std::string reportNameWarning(const std::string &ReportFile,
                              const std::vector<std::string> &Archs);

/// Why the device pass left the resources pending (the estimate's label).
extern const char *const ResourcesPendingReason;

/// The handoff's "pending" object of R (R.Deferred set): its draft and what
/// the report shows of it besides the analysis.
nlohmann::json deferredKernelJson(const KernelResult &R);

/// A report the host compilation writes: file and document text.
struct HostReport {
  std::string File, Gpu, Text;
};
using HostReports = std::map<std::string, HostReport>; // by arch

/// Assembles every pending kernel of Handoff with the resources of Cubins,
/// replaces its handoff profile (and argument loops), clears "pending", and
/// with -gpa-report adds one report per such arch to Reports. A kernel it
/// cannot finish gets a warning, as in the device pass.
/// An arch of Unreadable keeps the estimate, labelled with why, and gets one
/// remark.
void finishDeferredKernels(llvm::Module &M, const PluginOptions &O,
                           HandoffByArch &Handoff,
                           const ResourcesByArch &Cubins,
                           const UnreadableCubins &Unreadable,
                           HostReports &Reports);

} // namespace gpa

#endif // GPA_PLUGIN_DEFERREDKERNELS_H
