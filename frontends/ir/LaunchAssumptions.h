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

#include "gpa/common/AssembleKernel.h"

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

// Assumption, AssumptionList, numberAssumption, textAssumption:
// gpa/AnalyzedKernel.h (shared with the PTX front-end).

/// Loads -gpa-gpu, or the bundled model closest to the first kernel's
/// target-cpu (sm_80 when there is none). Error names the option.
bool chooseGpu(const llvm::Module &M, const llvm::Function *FirstKernel,
               const AnalysisRequest &O, GpuModel &Gpu, Assumption &Chosen,
               std::string &Error);

/// What K's IR says about its launch: nvvm.reqntid, __launch_bounds__
/// (nvvm.maxntid) and the static shared memory its call tree references.
DeclaredLaunch declaredLaunch(const llvm::Function &K,
                              const IrFunctionSummary &S);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_LAUNCHASSUMPTIONS_H
