//===- Baseline.cpp - Regressions against a previous report ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// `gpa check --baseline BASE.json --max-regression PCT`: a kernel's energy,
// total power or execution time more than PCT percent above the baseline's
// fails; kernels are matched by name (mangled, as in the reports).
//
//===----------------------------------------------------------------------===//
#include "gpa/Budget.h"

#include <map>

namespace gpa {

void compareWithBaseline(const std::vector<KernelFacts> &Baseline,
                         const std::string &BaselineFile,
                         const std::vector<KernelFacts> &Current,
                         const std::string &Gpu, double MaxRegressionPct,
                         BudgetCheck &Out) {
  std::map<std::string, const KernelFacts *> Before, After;
  for (const KernelFacts &F : Baseline)
    Before.emplace(F.Name, &F);
  for (const KernelFacts &F : Current)
    After.emplace(F.Name, &F);
  for (const auto &[Name, F] : Before)
    if (!After.count(Name))
      Out.RemovedKernels.push_back(F->Demangled.empty() ? Name : F->Demangled);
  double Factor = 1 + MaxRegressionPct / 100;
  for (const KernelFacts &F : Current) {
    ++Out.KernelsChecked;
    auto It = Before.find(F.Name);
    if (It == Before.end()) {
      Out.NewKernels.push_back(F.Demangled.empty() ? F.Name : F.Demangled);
      continue;
    }
    ++Out.KernelsMatched;
    Out.MatchedKernels.push_back(F.Name);
    const KernelFacts &B = *It->second;
    auto Compare = [&](const char *Limit, double Base, double Now) {
      if (!(Base > 0) || !(Now > Base * Factor))
        return;
      BudgetViolation V = violationOf(F, Gpu, Limit, Base * Factor, Now);
      V.Pattern = BaselineFile;
      V.Baseline = Base;
      V.MaxRegressionPct = MaxRegressionPct;
      Out.Violations.push_back(std::move(V));
    };
    Compare("regression_energy_j", B.EnergyJ, F.EnergyJ);
    Compare("regression_total_power_w", B.TotalPowerW, F.TotalPowerW);
    Compare("regression_exec_time_s", B.ExecTimeS, F.ExecTimeS);
  }
}

} // namespace gpa
