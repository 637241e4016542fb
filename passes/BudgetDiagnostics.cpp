//===- BudgetDiagnostics.cpp - -gpa-budget violations as diagnostics ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// DiagnosticInfoUnsupported is the diagnostic clang prints with the source
// location of a DiagnosticLocation (a plugin's own diagnostic kind is printed
// without one); its severity is ours to choose.
//
//===----------------------------------------------------------------------===//

#include "BudgetDiagnostics.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

bool enforceBudget(Module &M, const std::vector<KernelFacts> &Kernels,
                   const std::string &Gpu, const PluginOptions &O,
                   std::string &Error) {
  Budget B;
  if (!loadBudget(O.BudgetFile, B, Error)) {
    Error = "-gpa-budget: " + Error;
    return false;
  }
  // The typed results, checked with `gpa check`'s rules: no report is built.
  BudgetCheck Check;
  checkKernels(Kernels, Gpu, M.getSourceFileName(), B, Check);
  for (const BudgetViolation &V : Check.Violations) {
    const Function *F = M.getFunction(V.Kernel);
    if (!F)
      continue;
    std::string Msg =
        "GpuPowerAdvisor budget " + O.BudgetFile + ": " + V.message();
    DiagnosticLocation Loc(F->getSubprogram());
    M.getContext().diagnose(DiagnosticInfoUnsupported(
        *F, Msg, Loc, O.BudgetWarn ? DS_Warning : DS_Error));
  }
  return true;
}

} // namespace gpa
