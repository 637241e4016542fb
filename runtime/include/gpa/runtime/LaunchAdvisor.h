//===- LaunchAdvisor.h - Launch-time decisions ---------------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// For one launch: evaluate the kernel's embedded profile with the real grid,
// block and dynamic shared memory on the device's model, and apply the same
// decision the reports print (models/include/gpa/Decision.h) over the sweep
// of the mechanism it can use — grid shrink for grid-independent kernels,
// green-context SM restriction for kernels whose grid must not change.
// Below the saving threshold, or on anything unexpected, the launch runs as
// written.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_LAUNCHADVISOR_H
#define GPA_RUNTIME_LAUNCHADVISOR_H

#include "gpa/Decision.h"
#include "gpa/GpuModel.h"
#include "gpa/KernelProfile.h"
#include "gpa/runtime/LaunchAbi.h"

#include <cstdint>
#include <string>

namespace gpa::runtime {

/// -gpa-rewrite-mode, as the launch ABI numbers it (LaunchAbi.h).
using launch_abi::RewriteMode;

struct Dim3 {
  std::uint32_t X = 1, Y = 1, Z = 1;
  std::uint64_t count() const {
    return std::uint64_t(X) * std::uint64_t(Y) * std::uint64_t(Z);
  }
};

struct LaunchRequest {
  std::string KernelName;
  Dim3 Grid, Block;
  std::uint64_t DynamicSharedBytes = 0;
  bool GridIndependent = false;
  /// Bit d (x = 1, y = 2, z = 4): the proof holds only when gridDim.d and
  /// blockDim.d are 1 (launch_abi::gridVerdictNumber); any other launch
  /// shape is treated as not proven.
  unsigned UnitDims = 0;
  /// The kernel's blocks may wait for each other: never restrict its SMs.
  bool SmRefused = false;
  RewriteMode Mode = RewriteMode::Grid;
  DecisionPolicy Policy; // from the environment (RuntimeConfig)
};

enum class LaunchAction { Original, ShrinkGrid, RestrictSms };

struct LaunchDecision {
  LaunchAction Action = LaunchAction::Original;
  Dim3 Grid;              // grid to launch with (the original unless shrunk)
  unsigned ActiveSms = 0; // SMs to use (all unless restricted)
  double PredictedEnergySavedPct = 0; // runtime + idle, IPP Fig. 17
  Objective Goal = Objective::Energy;
  double PredictedSavingPct = 0;   // of the objective
  double PredictedSlowdownPct = 0; // negative: faster
  std::string Reason;
};

/// Profile holds the kernel's per-thread counts and static launch facts
/// (registers, static shared memory); the request's grid, block and dynamic
/// shared memory replace its launch for the evaluation.
LaunchDecision decideLaunch(const KernelProfile &Profile, const GpuModel &Gpu,
                            const LaunchRequest &Request);

/// One line for GPA_LOG: kernel, original and new configuration, predicted
/// energy saved, reason.
std::string describeDecision(const LaunchRequest &Request,
                             const LaunchDecision &Decision);

} // namespace gpa::runtime

#endif
