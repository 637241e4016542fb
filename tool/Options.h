//===- Options.h - gpa command-line parsing --------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_OPTIONS_H
#define GPA_TOOL_OPTIONS_H

#include "gpa/Analysis.h"

#include <string>
#include <vector>

namespace gpa::tool {

/// Exit codes shared by every subcommand (docs/cli.md has the table).
enum ExitCode { ExitOk = 0, ExitViolation = 1, ExitBadInput = 2 };

/// A subcommand whose own parser failed: Error "help" prints Usage to
/// stdout (exit 0); anything else is an error followed by Usage (exit 2).
int usageOrError(const std::string &Error, const char *Usage);

/// The value of the option Argv[I] ("--flag VALUE"): advances I to it, or
/// sets Error ("--flag needs a value") when it is the last argument.
bool takeOptionValue(int Argc, const char *const *Argv, int &I,
                     std::string &Into, std::string &Error);

struct Options {
  std::string Command;
  bool ShowHelp = false;    // --help/-h, `gpa help [COMMAND]`
  bool ShowVersion = false; // --version
  std::string Gpu;
  std::string Format;
  std::string Budget;
  std::string Plot;
  std::string Output;      // analyze: write the report here, not stdout
  std::string Kernel;      // sweep: the kernel (name or glob) to sweep
  std::string PowerModel;  // model: NAME|all|default, empty = none
  unsigned ActiveSms = 0;  // 0: all
  double CoreClockMhz = 0; // model/sweep: 0 = the model's own clocks
  double MemClockMhz = 0;
  bool SweepClocks = false;          // sweep --clocks
  unsigned BlockSize = 0;            // analyze: 0 = from the code
  unsigned GridSize = 0;             // analyze: 0 = fill the GPU
  std::string LaunchFile;            // analyze: gpa-launch/1 facts
  bool SystemHeaderFindings = false; // analyze --system-header-findings
  unsigned TripCount = 0;            // analyze: 0 = the default (16)
  /// analyze: --trip-count KERNEL=N and KERNEL:LINE=N
  std::vector<std::string> TripCountSpecs;
  /// analyze/sweep on .cu: -I/-D/-U/-std/-isystem/-include and everything
  /// after `--`, passed to clang; --cuda-gpu-arch separately.
  std::vector<std::string> ClangArgs;
  std::string CudaGpuArch;
  std::string CompileDbDir; // -p BUILD_DIR (compile_commands.json)
  /// analyze/sweep: --compiler nvcc compiles .cu device code with nvcc;
  /// --host-source FILE.cu gives PTX/binary inputs their launch sites.
  std::string Compiler = "clang";
  std::vector<std::string> HostSources;
  std::string Baseline; // check: previous report
  double MaxRegressionPct = 0;
  /// check --format sarif: where this GpuPowerAdvisor's README.md and docs/
  /// are browsable (rules' helpUri, the tool's informationUri).
  std::string DocsUrl;
  bool MaxRegressionGiven = false;
  std::vector<std::string> Inputs;
  // The decision (models/include/gpa/Decision.h): model, sweep, analyze.
  std::string Objective = "energy"; // --objective
  // --max-slowdown: the decision's and the clock advice's (one default).
  double MaxSlowdownPct = DecisionPolicy().MaxSlowdownPct;
  double MinSavingPct = 2; // --min-saving
  double MaxPowerW = 0;    // --max-power-w
  std::string Mechanism;   // --mechanism sm|grid|paper ("" = sm)
};

/// Parses argv; on failure returns false with Error set to a one-line reason.
bool parseOptions(int Argc, const char *const *Argv, Options &Out,
                  std::string &Error);

/// The overview (Command empty) or one command's usage.
std::string usageText(const std::string &Command = "");

/// "gpa VERSION".
const char *versionText();

/// The model's decision options from --objective, --max-slowdown,
/// --min-saving, --max-power-w and --mechanism (already validated).
AnalysisOptions decisionOptions(const Options &O);

} // namespace gpa::tool

#endif
