//===- Options.cpp - Command-line options of the GpuPowerAdvisor plugin ---===//
//
// SPDX-License-Identifier: Apache-2.0
//
// With clang 22, `-fpass-plugin=GpuPowerAdvisor.so -mllvm -gpa-gpu=h100`
// works as is; clang 19 also needs `-fplugin=GpuPowerAdvisor.so` so that the
// options are registered before -mllvm is parsed (docs/plugin.md).
//
//===----------------------------------------------------------------------===//

#include "PluginOptions.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::OptionCategory GPACategory("GpuPowerAdvisor Options");

static cl::opt<std::string>
    GpuOpt("gpa-gpu",
           cl::desc("GPU model: a bundled name (gtx280, v100, a100, h100) or "
                    "a model .json file (default: the bundled model closest "
                    "to the kernel's target-cpu sm_XX)"),
           cl::value_desc("name|file"), cl::cat(GPACategory));

static cl::opt<unsigned>
    BlockSizeOpt("gpa-block-size",
                 cl::desc("Threads per block assumed for kernels without "
                          "__launch_bounds__ (default 256)"),
                 cl::init(gpa::AnalysisRequest::AssumedBlockSize),
                 cl::cat(GPACategory));

static cl::opt<unsigned> GridSizeOpt(
    "gpa-grid-size",
    cl::desc("Blocks per launch (default 0: enough blocks to fill every SM "
             "at full occupancy)"),
    cl::init(0), cl::cat(GPACategory));

static cl::opt<unsigned> RegistersOpt(
    "gpa-registers-per-thread",
    cl::desc("Registers per thread assumed for occupancy (default 32)"),
    cl::init(gpa::AnalysisRequest::AssumedRegistersPerThread),
    cl::cat(GPACategory));

static cl::opt<unsigned> TripCountOpt(
    "gpa-default-trip-count",
    cl::desc("Iterations assumed for loops whose trip count is not a "
             "compile-time constant (default 16)"),
    cl::init(gpa::AnalysisRequest::AssumedTripCount), cl::cat(GPACategory));

static cl::list<std::string> TripCountSpecOpt(
    "gpa-trip-count",
    cl::desc("Iterations of one kernel's unknown loops (KERNEL=N) or of the "
             "loop starting at a source line (KERNEL:LINE=N); KERNEL is a "
             "name glob; repeatable, labelled given"),
    cl::value_desc("kernel[:line]=n"), cl::cat(GPACategory));

static cl::opt<bool> PtxasOpt(
    "gpa-ptxas",
    cl::desc("Take registers, shared memory and spills from `ptxas -v` on "
             "the module's PTX when the CUDA toolkit is present (default "
             "true; the environment variable GPA_PTXAS=off also disables "
             "it)"),
    cl::init(true), cl::cat(GPACategory));

static cl::opt<bool> SystemHeaderFindingsOpt(
    "gpa-system-header-findings",
    cl::desc("Also report findings located in system headers (clang's CUDA "
             "wrappers, the CUDA toolkit's headers); default false"),
    cl::init(false), cl::cat(GPACategory));

static cl::opt<std::string>
    BudgetOpt("gpa-budget",
              cl::desc("Check every kernel against this gpa-budget/1 file; a "
                       "violation is an error at the kernel's source line"),
              cl::value_desc("file"), cl::cat(GPACategory));

static cl::opt<bool> BudgetWarnOpt(
    "gpa-budget-warn",
    cl::desc("Report -gpa-budget violations as warnings, not errors"),
    cl::init(false), cl::cat(GPACategory));

static cl::opt<bool> RewriteGridOpt(
    "gpa-rewrite-grid",
    cl::desc("Route CUDA launches through libgpa_runtime so bandwidth-bound, "
             "grid-independent kernels run on IPP's optimal number of SMs"),
    cl::init(false), cl::cat(GPACategory));

static cl::opt<std::string> RewriteModeOpt(
    "gpa-rewrite-mode",
    cl::desc("With -gpa-rewrite-grid: grid (shrink proven grids), sm "
             "(restrict SMs, grid unchanged), auto (grid where proven, else "
             "sm)"),
    cl::init("grid"), cl::cat(GPACategory));

static cl::opt<std::string> HandoffDirOpt(
    "gpa-handoff-dir",
    cl::desc("Directory for the device analysis the host compilation reads "
             "(needed only when device and host are compiled by separate "
             "clang invocations)"),
    cl::value_desc("dir"), cl::cat(GPACategory));

static cl::opt<std::string> LaunchFileOpt(
    "gpa-launch-file",
    cl::desc("gpa-launch/1 file: block, grid, dynamic shared memory, "
             "registers and loop trip counts per kernel name glob, for "
             "compiles that do not see the host code (labelled given)"),
    cl::value_desc("file"), cl::cat(GPACategory));

static cl::opt<std::string> ReportOpt(
    "gpa-report",
    cl::desc("Write the gpa-report/1 JSON to this file; %arch is replaced "
             "by the target sm_XX"),
    cl::value_desc("file"), cl::cat(GPACategory));

static cl::opt<std::string> ObjectiveOpt(
    "gpa-objective",
    cl::desc("What the advice optimises: energy (default), edp, gips_per_w, "
             "or time (under -gpa-max-power-w)"),
    cl::init("energy"), cl::cat(GPACategory));

static cl::opt<double> MaxSlowdownOpt(
    "gpa-max-slowdown",
    cl::desc("Largest predicted slowdown (percent) a recommended change may "
             "have, clock advice included (default 5)"),
    cl::init(gpa::DecisionPolicy().MaxSlowdownPct), cl::cat(GPACategory));

static cl::opt<double> MinSavingOpt(
    "gpa-min-saving",
    cl::desc("Smallest predicted improvement (percent) worth a change "
             "(default 2)"),
    cl::init(2), cl::cat(GPACategory));

static cl::opt<double> MaxPowerOpt(
    "gpa-max-power-w",
    cl::desc("Power cap in watts for -gpa-objective=time (default 0: none)"),
    cl::init(0), cl::cat(GPACategory));

static cl::opt<std::string> MechanismOpt(
    "gpa-mechanism",
    cl::desc("Sweep the advice is taken from: auto (grid for kernels the "
             "launch rewrite may shrink, else sm), sm, grid, paper"),
    cl::init("auto"), cl::cat(GPACategory));

namespace gpa {

PluginOptions readPluginOptions() {
  PluginOptions O;
  O.Gpu = GpuOpt;
  if (BlockSizeOpt.getNumOccurrences())
    O.BlockSize = BlockSizeOpt;
  if (GridSizeOpt) // 0: fill the GPU, as when not given
    O.GridSize = GridSizeOpt;
  if (RegistersOpt.getNumOccurrences())
    O.RegistersPerThread = RegistersOpt;
  if (TripCountOpt.getNumOccurrences())
    O.DefaultTripCount = TripCountOpt;
  O.TripCountSpecs.assign(TripCountSpecOpt.begin(), TripCountSpecOpt.end());
  O.ReportFile = ReportOpt;
  O.ReportGiven = ReportOpt.getNumOccurrences() > 0;
  O.GpuGiven = GpuOpt.getNumOccurrences() > 0;
  O.BudgetFile = BudgetOpt;
  O.BudgetGiven = BudgetOpt.getNumOccurrences() > 0;
  O.BudgetWarn = BudgetWarnOpt;
  O.RewriteGrid = RewriteGridOpt;
  O.RewriteMode = RewriteModeOpt;
  O.HandoffDir = HandoffDirOpt;
  O.LaunchFile = LaunchFileOpt;
  O.RunPtxas = PtxasOpt;
  O.SystemHeaderFindings = SystemHeaderFindingsOpt;
  O.WithSweep = !O.ReportFile.empty(); // only the report shows the sweep
  // The report's clock_advice; the device pass adds shown remarks.
  O.WithClockAdvice = !O.ReportFile.empty();
  O.Objective = ObjectiveOpt;
  O.MaxSlowdownPct = MaxSlowdownOpt;
  O.MinSavingPct = MinSavingOpt;
  O.MaxPowerW = MaxPowerOpt;
  O.Mechanism = MechanismOpt;
  O.AutoMechanismIsGrid = O.RewriteGrid && O.RewriteMode != "sm";
  return O;
}

} // namespace gpa
