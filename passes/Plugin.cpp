//===- Plugin.cpp - Registers GpuPowerAdvisor with the pass builder ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// opt:   -load-pass-plugin=GpuPowerAdvisor.so -passes=gpu-power-advisor
//        (or one row of Passes.def: gpu-power-advisor-device,
//        gpu-power-advisor-host, print<gpu-power-advisor>)
// clang: -fpass-plugin=GpuPowerAdvisor.so adds the host and device passes
//        at the end of the optimisation pipeline (every -O level). Clang
//        hands the plugin to the host and to every device compilation; each
//        pass skips the other kind of module.
//
//===----------------------------------------------------------------------===//

#include "AdvisorAnalysis.h"
#include "AdvisorPrinter.h"
#include "Compat.h"
#include "GpuPowerAdvisor.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpa {

void addAdvisorPasses(ModulePassManager &MPM) {
  MPM.addPass(HostLaunchPass());
  MPM.addPass(DeviceAdvisorPass());
}

ModulePassManager advisorPipeline() {
  ModulePassManager MPM;
  addAdvisorPasses(MPM);
  return MPM;
}

} // namespace gpa

static void registerCallbacks(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
#define MODULE_ANALYSIS(NAME, CREATE_ANALYSIS)                                 \
  MAM.registerPass([] { return CREATE_ANALYSIS; });
#include "Passes.def"
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define MODULE_ANALYSIS(NAME, CREATE_ANALYSIS)                                 \
  if (Name == "require<" NAME ">") {                                           \
    MPM.addPass(RequireAnalysisPass<decltype(CREATE_ANALYSIS), Module>());     \
    return true;                                                               \
  }                                                                            \
  if (Name == "invalidate<" NAME ">") {                                        \
    MPM.addPass(InvalidateAnalysisPass<decltype(CREATE_ANALYSIS)>());          \
    return true;                                                               \
  }
#define MODULE_PASS(NAME, CREATE_PASS)                                         \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "Passes.def"
        return false;
      });
  // The trailing pack absorbs the ThinOrFullLTOPhase argument LLVM 20 added.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, auto...) {
        gpa::addAdvisorPasses(MPM);
      });
}

static PassPluginLibraryInfo getGpuPowerAdvisorPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "GpuPowerAdvisor", LLVM_VERSION_STRING,
          registerCallbacks};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return getGpuPowerAdvisorPluginInfo();
}
