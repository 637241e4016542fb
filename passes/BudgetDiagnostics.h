//===- BudgetDiagnostics.h - -gpa-budget diagnostics ---------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Checks the module's kernels against a gpa-budget/1 file with the same code
// as `gpa check` and reports each violation as an error (a warning with
// -gpa-budget-warn) at the kernel's source line, so the build fails where CI
// runs it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PLUGIN_BUDGETDIAGNOSTICS_H
#define GPA_PLUGIN_BUDGETDIAGNOSTICS_H

#include "PluginOptions.h"

#include "gpa/Budget.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace gpa {

/// Checks Kernels (the module's analysed kernels, in order, analysed on
/// Gpu) against -gpa-budget. Returns false with Error when the budget file
/// cannot be used; violations are diagnosed directly, at the kernel of M
/// each names.
bool enforceBudget(llvm::Module &M, const std::vector<KernelFacts> &Kernels,
                   const std::string &Gpu, const PluginOptions &O,
                   std::string &Error);

} // namespace gpa

#endif // GPA_PLUGIN_BUDGETDIAGNOSTICS_H
