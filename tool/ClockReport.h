//===- ClockReport.h - gpa model/sweep at other clocks ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_CLOCKREPORT_H
#define GPA_TOOL_CLOCKREPORT_H

#include "Options.h"

#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"

#include <vector>

namespace gpa::tool {

/// `gpa model --core-clock/--mem-clock`: time and the dvfs backend's power
/// breakdown at one clock pair. `gpa sweep --clocks`: every clock pair of
/// the model's table, the least-energy clock at all SMs and the joint
/// (clock, active SMs) optimum within --max-slowdown. Returns the exit
/// status.
int runClockReport(const Options &O, const GpuModel &Gpu,
                   const std::vector<KernelProfile> &Profiles);

} // namespace gpa::tool

#endif
