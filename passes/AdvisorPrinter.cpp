//===- AdvisorPrinter.cpp - print<gpu-power-advisor> ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "AdvisorPrinter.h"
#include "AdvisorAnalysis.h"
#include "Remarks.h"

#include "gpa/KernelFields.h"
#include "gpa/Report.h"

#include "gpa/Units.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;

namespace gpa {

static double finite(double V) { return std::isfinite(V) ? V : 0.0; }

static void printKernel(raw_ostream &OS, const KernelResult &K) {
  const KernelAnalysis &A = K.Analysis;
  const KernelProfile &P = A.Profile;
  const Evaluation &E = A.Requested;
  OS << "kernel " << K.F->getName() << "\n";
  OS << "  per_thread:";
  for (const UnitInfo &U : allUnits())
    if (P.count(U.Id) > 0)
      OS << " " << U.Key << "=" << formatCount(P.count(U.Id));
  OS << "\n";
  OS << "  uncoalesced_mem: " << formatCount(P.UncoalescedMem) << "\n";
  // The shared fields' values and formats (gpa/KernelFields.def); this
  // printer's labels and layout. ipp_power_w is IPP's Eq. (27) at the
  // launch whatever the GPU's backend (the paper's figure), not the total
  // power: written here.
  auto Field = [&](KernelField F) { return kernelFieldText(F, A); };
  OS << "  launch: " << Field(KernelField::ThreadsPerBlock) << " threads x "
     << Field(KernelField::Blocks) << " blocks\n";
  OS << "  sms: " << Field(KernelField::ActiveSms) << " of " << A.MaxUsefulSms
     << " useful\n";
  OS << "  mwp: " << Field(KernelField::Mwp)
     << "  cwp: " << Field(KernelField::Cwp)
     << "  case: " << Field(KernelField::Case) << "\n";
  OS << "  time_s: " << Field(KernelField::ExecTimeS) << "\n";
  OS << "  total_power_w: " << Field(KernelField::TotalPowerW)
     << "  ipp_power_w: " << format("%.1f", finite(E.Pow.TotalPowerW)) << "\n";
  OS << "  bandwidth_bound: " << Field(KernelField::BandwidthBound)
     << "  eq34_sms: " << A.Adv.Eq34ActiveSms << "\n";
  OS << "  decision: " << (A.Adv.Rec.Change ? "change" : "launch as written")
     << ", " << Field(KernelField::OptimalActiveSms) << " SMs x "
     << A.Adv.RecommendedBlocks << " blocks (" << mechanismName(A.Adv.Mech)
     << ", " << objectiveName(A.Adv.Policy.Goal) << "), saving "
     << format("%.1f", finite(A.Adv.Rec.ObjectiveSavingPct)) << "%, slowdown "
     << format("%.1f", finite(A.Adv.Rec.SlowdownPct)) << "%\n";
  OS << "  grid_independent: " << (K.Grid.Independent ? "true" : "false")
     << "\n";
  // The clock decision (gpa/ClockDecision.h), the CSV's clock fields.
  if (const std::optional<ClockDecision> &C = A.Clock) {
    OS << "  clocks: ";
    if (!C->Available)
      OS << "none (" << C->Reason << ")";
    else
      OS << (C->Choice.Change ? "change" : "reference kept") << ", core "
         << Field(KernelField::ClockCoreMhz) << " MHz, memory "
         << (C->Dvfs ? Field(KernelField::ClockMemMhz) + " MHz"
                     : std::string("as modelled"))
         << ", energy saving " << Field(KernelField::ClockEnergySavingPct)
         << "%, slowdown " << format("%.1f", finite(C->Choice.SlowdownPct))
         << "% (" << C->Basis << ")";
    OS << "\n";
  }
}

PreservedAnalyses GpuPowerAdvisorPrinterPass::run(Module &M,
                                                  ModuleAnalysisManager &MAM) {
  const GpuPowerAdvisorAnalysis::Result &R =
      MAM.getResult<GpuPowerAdvisorAnalysis>(M);
  OS << "gpu-power-advisor: module '" << M.getSourceFileName() << "'";
  if (!R.Ok) {
    OS << ": error: " << R.Error << "\n";
    return PreservedAnalyses::all();
  }
  if (R.Analysis.Results.empty()) {
    OS << ": no kernels\n";
    return PreservedAnalyses::all();
  }
  OS << " on " << R.Analysis.Gpu.Name << " (" << R.Analysis.Arch << ")\n";
  for (const std::string &W : R.Analysis.Warnings)
    OS << "warning: " << W << "\n";
  for (const KernelResult &K : R.Analysis.Results)
    printKernel(OS, K);
  return PreservedAnalyses::all();
}

} // namespace gpa
