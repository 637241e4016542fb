//===- LaunchExecution.h - Carrying out a launch decision ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A decision (LaunchAdvisor.h) becomes at most two launches: the modified
// one, and the launch as written when the modified one cannot run. The CUDA
// calls are callables, so LaunchHook.cpp binds cudaLaunchKernel and the
// unit tests bind fakes (no GPU on the build machines).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_LAUNCHEXECUTION_H
#define GPA_RUNTIME_LAUNCHEXECUTION_H

#include "gpa/runtime/LaunchAdvisor.h"

#include <functional>
#include <string>

namespace gpa::runtime {

/// What carrying out a decision needs of the CUDA runtime. Results are
/// cudaError_t numbers (0: cudaSuccess).
struct LaunchCalls {
  /// Launches the kernel with this grid and the program's block, arguments,
  /// shared memory and stream.
  std::function<int(const Dim3 &Grid)> Launch;
  /// Launches the program's grid on a partition of Sms SMs; false, with
  /// nothing launched and Error saying why, when that is not possible.
  std::function<bool(unsigned Sms, int &Result, std::string &Error)>
      LaunchOnSms;
  /// Clears the error a failed launch left behind (cudaGetLastError).
  std::function<void()> ClearError;
  /// GPA_LOG's sink; empty when not logging.
  std::function<void(const std::string &)> Log;
};

/// Carries out D for R and returns what the program's launch returns: the
/// modified launch's result when it ran, else the launch as written's (a
/// shrunk grid that fails to launch, or an SM partition that cannot be
/// used, falls back to the unmodified launch; docs/launch-rewrite.md).
int carryOutLaunch(const LaunchRequest &R, const LaunchDecision &D,
                   const LaunchCalls &Calls);

} // namespace gpa::runtime

#endif
