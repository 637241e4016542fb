//===- LaunchExecution.cpp - Carrying out a launch decision ---------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/LaunchExecution.h"

namespace gpa::runtime {

int carryOutLaunch(const LaunchRequest &R, const LaunchDecision &D,
                   const LaunchCalls &Calls) {
  if (D.Action == LaunchAction::ShrinkGrid) {
    int Result = Calls.Launch(D.Grid);
    if (Result == 0)
      return Result;
    // Nothing ran: leave no error of ours behind and launch as written.
    if (Calls.ClearError)
      Calls.ClearError();
    if (Calls.Log)
      Calls.Log("gpa: " + R.KernelName +
                ": shrunk grid failed to launch "
                "(CUDA error " +
                std::to_string(Result) + "); launched as written");
  } else if (D.Action == LaunchAction::RestrictSms && Calls.LaunchOnSms) {
    int Result = 0;
    std::string Error;
    if (Calls.LaunchOnSms(D.ActiveSms, Result, Error))
      return Result;
    if (Calls.Log)
      Calls.Log("gpa: " + R.KernelName + ": SM restriction not applied (" +
                Error + "); launched as written");
  }
  return Calls.Launch(R.Grid);
}

} // namespace gpa::runtime
