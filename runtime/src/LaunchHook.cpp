//===- LaunchHook.cpp - __gpa_launch_kernel, called by rewritten launches -===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Decides (LaunchRuntime), then launches: with a shrunk grid, on an
// SM-restricted green-context stream ordered after and before the user's
// stream, or as written. Every fallback launches exactly what the program
// asked for and returns what that launch returns.
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/LaunchAbi.h"
#include "gpa/runtime/LaunchExecution.h"
#include "gpa/runtime/LaunchRuntime.h"
#include "gpa/runtime/SmPartition.h"

#include <cuda_runtime_api.h>

#include <iostream>
#include <type_traits>

using namespace gpa::runtime;

namespace {
PartitionCache &partitions() {
  static PartitionCache Cache(makeGreenContextPartitioner());
  return Cache;
}

/// Launches on at most Sms SMs, keeping the user's stream order. False
/// (with nothing launched and no error left behind) when that is not
/// possible; the caller then launches as written.
bool launchOnSmPartition(const void *Func, dim3 Grid, dim3 Block, void **Args,
                         size_t Shared, cudaStream_t User, unsigned Sms,
                         cudaError_t &Result, std::string &Error) {
  cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
  int Device = 0;
  if (cudaStreamIsCapturing(User, &Capture) != cudaSuccess ||
      Capture != cudaStreamCaptureStatusNone ||
      cudaGetDevice(&Device) != cudaSuccess) {
    cudaGetLastError();
    Error = "stream is being captured or the device is unknown";
    return false;
  }
  auto Green =
      static_cast<cudaStream_t>(partitions().stream(Device, Sms, Error));
  if (!Green)
    return false;
  cudaEvent_t Before = nullptr, After = nullptr;
  bool Ok =
      cudaEventCreateWithFlags(&Before, cudaEventDisableTiming) ==
          cudaSuccess &&
      cudaEventCreateWithFlags(&After, cudaEventDisableTiming) == cudaSuccess &&
      cudaEventRecord(Before, User) == cudaSuccess &&
      cudaStreamWaitEvent(Green, Before, 0) == cudaSuccess;
  if (Ok) {
    Result = cudaLaunchKernel(Func, Grid, Block, Args, Shared, Green);
    Ok = Result == cudaSuccess &&
         cudaEventRecord(After, Green) == cudaSuccess &&
         cudaStreamWaitEvent(User, After, 0) == cudaSuccess;
  }
  if (Before)
    cudaEventDestroy(Before);
  if (After)
    cudaEventDestroy(After);
  if (!Ok) {
    cudaGetLastError();
    Error = "launch on the SM partition failed";
  }
  return Ok;
}
} // namespace

extern "C" cudaError_t
__gpa_launch_kernel(const void *Func, dim3 Grid, dim3 Block, void **Args,
                    size_t SharedBytes, cudaStream_t Stream,
                    const char *KernelName, const char *ProfileJson,
                    int GridIndependent, int Mode) {
  LaunchRequest R;
  R.KernelName = KernelName ? KernelName : "?";
  R.Grid = {Grid.x, Grid.y, Grid.z};
  R.Block = {Block.x, Block.y, Block.z};
  R.DynamicSharedBytes = SharedBytes;
  R.GridIndependent = gpa::launch_abi::gridVerdictIndependent(GridIndependent);
  R.UnitDims = gpa::launch_abi::gridVerdictUnitDims(GridIndependent);
  R.SmRefused = gpa::launch_abi::gridVerdictSmRefused(GridIndependent);
  R.Mode = gpa::launch_abi::rewriteModeFromNumber(Mode);
  LaunchRuntime &Runtime = LaunchRuntime::instance();
  LaunchDecision D = Runtime.plan(ProfileJson, R);
  LaunchCalls Calls;
  Calls.Launch = [&](const Dim3 &G) {
    return int(cudaLaunchKernel(Func, dim3(G.X, G.Y, G.Z), Block, Args,
                                SharedBytes, Stream));
  };
  Calls.LaunchOnSms = [&](unsigned Sms, int &Result, std::string &Error) {
    cudaError_t Launched = cudaSuccess;
    bool Ok = launchOnSmPartition(Func, Grid, Block, Args, SharedBytes, Stream,
                                  Sms, Launched, Error);
    Result = int(Launched);
    return Ok;
  };
  Calls.ClearError = [] { cudaGetLastError(); };
  if (Runtime.config().Log)
    Calls.Log = [](const std::string &Line) { std::cerr << Line << "\n"; };
  return cudaError_t(carryOutLaunch(R, D, Calls));
}

// The hook takes cudaLaunchKernel's parameters, then the launch ABI's.
using CudaLaunchSignature = decltype(cudaLaunchKernel);
static_assert(std::is_same_v<CudaLaunchSignature,
                             cudaError_t(const void *, dim3, dim3, void **,
                                         size_t, cudaStream_t)>);
static_assert(
    std::is_same_v<
        decltype(__gpa_launch_kernel),
        gpa::launch_abi::HookSignature<cudaError_t, const void *, dim3, dim3,
                                       void **, size_t, cudaStream_t>::Type>,
    "__gpa_launch_kernel must match LaunchAbi.h");
