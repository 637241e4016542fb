//===- SessionStages.h - What gpa-session measures --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The stages of issue 29's GPU session that gpa-session runs itself (pipe
// overlap and the calibration suite are gpa-measure's; bench/gpu_session.sh
// runs both programs). Each writes one CSV under the output folder, a row
// at a time and flushed, so a run cut short keeps every finished row.
// docs/gpu-session.md lists the columns.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEASURE_SESSIONSTAGES_H
#define GPA_MEASURE_SESSIONSTAGES_H

#include "SessionCuda.h"
#include "SessionNvml.h"

#include <ostream>
#include <string>

namespace gpa::session {

struct Stage {
  Cuda &Gpu;
  Nvml *Board; // null without NVML
  std::string OutDir;
  std::ostream &Log;
  double StartS;        // session start (monotonic), for each row's t_s
  double WindowS = 1.0; // minimum seconds of launches per power window
  bool Quick = false;   // small arrays and few points (dry runs)
  std::string SessionPtx;
};

/// Board power with no CUDA context (before cuInit) is measured by the
/// caller; this measures it with the context open and the module loaded.
int measureIdle(Stage &S, const std::string &Phase, double Seconds);
/// Time and energy against active SMs: green-context partitions of every
/// size the driver allows, and grids of 2 blocks per "active SM".
int measureActiveSms(Stage &S);
/// Bandwidth against warps in flight.
int measureBandwidth(Stage &S);
/// Kernels of a gpa-session-kernels/1 spec (bench/gpu_session/kernels.json),
/// their images in SpecDir; Only selects one id ("" = all).
int measureSpecKernels(Stage &S, const std::string &SpecPath,
                       const std::string &SpecDir, const std::string &Only);

} // namespace gpa::session

#endif
