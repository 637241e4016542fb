//===- LaunchAssumptions.h - GPU model and launch configuration -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What a device compilation cannot know and must assume: the GPU, the block
// and grid size, registers per thread and shared memory per block. Every
// choice is recorded as a named assumption with where it came from.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_LAUNCHASSUMPTIONS_H
#define GPA_FRONTENDS_IR_LAUNCHASSUMPTIONS_H

#include "PluginOptions.h"

#include "gpa/AnalyzedKernel.h"
#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"
#include "gpa/KernelResources.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace gpa {

struct IrFunctionSummary;
struct LaunchEntry;

// Assumption, AssumptionList, numberAssumption, textAssumption:
// gpa/AnalyzedKernel.h (shared with the PTX front-end).

/// Loads -gpa-gpu, or the bundled model closest to the first kernel's
/// target-cpu (sm_80 when there is none). Error names the option.
bool chooseGpu(const llvm::Module &M, const llvm::Function *FirstKernel,
               const PluginOptions &O, GpuModel &Gpu, Assumption &Chosen,
               std::string &Error);

enum class LaunchStatus { Ok, BadOption, KernelDoesNotFit };

/// What ptxas produced for a kernel (PtxasOfModule.h), or why it is not
/// known.
struct CompiledResources {
  const KernelResources *R = nullptr;
  std::string From;   // "ptxas -v on the module's PTX, sm_80"
  std::string WhyNot; // when R is null
};

/// Fills \p Launch for kernel \p K and appends the assumptions it made;
/// values of \p Given (a -gpa-launch-file entry) win and are `given`;
/// registers and static shared memory ptxas produced (\p Compiled) win over
/// the estimates and are `derived`.
LaunchStatus buildLaunch(const llvm::Function &K, const IrFunctionSummary &S,
                         const GpuModel &Gpu, const PluginOptions &O,
                         LaunchConfig &Launch, AssumptionList &Assumed,
                         std::string &Error, const LaunchEntry *Given = nullptr,
                         const CompiledResources &Compiled = {});

} // namespace gpa

#endif // GPA_FRONTENDS_IR_LAUNCHASSUMPTIONS_H
