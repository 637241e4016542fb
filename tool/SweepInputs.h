//===- SweepInputs.h - The kernels `gpa sweep` evaluates -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_SWEEPINPUTS_H
#define GPA_TOOL_SWEEPINPUTS_H

#include "Analyze.h"

#include "gpa/KernelProfile.h"

#include <string>
#include <vector>

namespace gpa::tool {

/// The kernel profiles in R.Inputs[0]: a kernel-profile .json as it is; a
/// gpa-report/1 file's kernels (counts and launch as analysed); anything
/// else `gpa analyze` reads, analysed first. With Pattern (a name,
/// demangled name or glob) only the kernels it matches. Gpu is the model
/// the report used ("" for profiles). Errors name the input.
bool loadSweepKernels(const AnalyzeRequest &R, const std::string &Pattern,
                      std::vector<KernelProfile> &Out, std::string &Gpu,
                      std::vector<std::string> &Warnings, std::string &Error);

} // namespace gpa::tool

#endif
