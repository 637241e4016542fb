//===- SessionWindow.h - One timed, metered window of launches --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-session's unit of measurement: a kernel launched back to back on one
// stream for at least a given time (issue 29: >= 1 s for power), timed by
// CUDA events between groups of launches and metered by the board's
// total-energy counter, with NVML sampled meanwhile.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEASURE_SESSIONWINDOW_H
#define GPA_MEASURE_SESSIONWINDOW_H

#include "SessionCuda.h"
#include "SessionNvml.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpa::session {

struct Window {
  unsigned Launches = 0;
  std::vector<double> PerLaunchS; // one per event group
  double EventS = 0;              // first to last event
  double WallS = 0;               // host clock around the window
  std::optional<double> EnergyJ;  // board energy over WallS
  WindowSamples Samples;
  BoardState After;
  double medianS() const;
  double minS() const;
  /// Board power: energy over wall time, else the sampled mean.
  std::optional<double> powerW() const;
};

using LaunchOnce = std::function<bool(std::string &Error)>;

/// Launches once to warm up and ten times to time a launch, then enough
/// launches to last MinS (at least MinLaunches, at most MaxLaunches). Board may
/// be null (no NVML): no energy, no samples.
bool measureWindow(Cuda &Gpu, Nvml *Board, const Partition &P,
                   const LaunchOnce &Launch, double MinS, unsigned MinLaunches,
                   unsigned MaxLaunches, Window &Out, std::string &Error);

/// Seconds of the monotonic clock.
double nowS();

} // namespace gpa::session

#endif
