//===- AdvisorPrinter.h - print<gpu-power-advisor> ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Prints GpuPowerAdvisorAnalysis's per-kernel numbers as stable text, so that
// tests check numbers rather than remark wording:
//   opt -load-pass-plugin=GpuPowerAdvisor.so \
//       -passes='print<gpu-power-advisor>' -disable-output k.ll
// Counts use formatCount (at most three decimals), times %.3e, watts and
// percentages one decimal. Changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_ADVISORPRINTER_H
#define GPA_PLUGIN_ADVISORPRINTER_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace gpa {

class GpuPowerAdvisorPrinterPass
    : public llvm::PassInfoMixin<GpuPowerAdvisorPrinterPass> {
public:
  explicit GpuPowerAdvisorPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace gpa

#endif // GPA_PLUGIN_ADVISORPRINTER_H
