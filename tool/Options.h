//===- Options.h - gpa command-line parsing --------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_OPTIONS_H
#define GPA_TOOL_OPTIONS_H

#include <string>
#include <vector>

namespace gpa::tool {

/// Exit codes shared by every subcommand.
enum ExitCode { ExitOk = 0, ExitViolation = 1, ExitBadInput = 2 };

struct Options {
  std::string Command;
  std::string Gpu;
  std::string Format;
  std::string Budget;
  std::string Plot;
  std::string PowerModel;  // model: NAME|all|default, empty = none
  unsigned ActiveSms = 0;  // 0: all
  double CoreClockMhz = 0; // model/sweep: 0 = the model's own clocks
  double MemClockMhz = 0;
  bool SweepClocks = false; // sweep --clocks
  double MaxSlowdown = 0.1; // sweep --clocks --max-slowdown
  unsigned BlockSize = 0;   // analyze: 0 = from the code
  unsigned GridSize = 0;    // analyze: 0 = fill the GPU
  std::vector<std::string> Inputs;
};

/// Parses argv; on failure returns false with Error set to a one-line reason.
bool parseOptions(int Argc, const char *const *Argv, Options &Out,
                  std::string &Error);

const char *usageText();

} // namespace gpa::tool

#endif
