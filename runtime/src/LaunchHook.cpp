//===- LaunchHook.cpp - __gpa_launch_kernel, called by rewritten launches -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Decides, then launches through cudaLaunchKernel. The SM-restriction mode
// (green contexts) falls back to the original launch until it lands; every
// fallback returns exactly what the unmodified launch returns.
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/LaunchRuntime.h"

#include <cuda_runtime_api.h>

using namespace gpa::runtime;

extern "C" cudaError_t __gpa_launch_kernel(const void *Func, dim3 Grid,
                                           dim3 Block, void **Args,
                                           size_t SharedBytes,
                                           cudaStream_t Stream,
                                           const char *KernelName,
                                           const char *ProfileJson,
                                           int GridIndependent, int Mode) {
  LaunchRequest R;
  R.KernelName = KernelName ? KernelName : "?";
  R.Grid = {Grid.x, Grid.y, Grid.z};
  R.Block = {Block.x, Block.y, Block.z};
  R.DynamicSharedBytes = SharedBytes;
  R.GridIndependent = GridIndependent != 0;
  R.Mode = Mode == 1 ? RewriteMode::Sm
                     : Mode == 2 ? RewriteMode::Auto : RewriteMode::Grid;
  LaunchDecision D = LaunchRuntime::instance().plan(ProfileJson, R);
  dim3 NewGrid = Grid;
  if (D.Action == LaunchAction::ShrinkGrid)
    NewGrid = dim3(D.Grid.X, D.Grid.Y, D.Grid.Z);
  return cudaLaunchKernel(Func, NewGrid, Block, Args, SharedBytes, Stream);
}
