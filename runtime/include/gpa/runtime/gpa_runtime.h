/*===- gpa_runtime.h - GpuPowerAdvisor's launch hook and annotations -----===*\
|*                                                                          *|
|* SPDX-License-Identifier: Apache-2.0                                       *|
|*                                                                          *|
|* Installed header. GPA_GRID_INDEPENDENT marks a kernel whose result does  *|
|* not depend on its grid size (for example a grid-stride loop the compiler *|
|* cannot prove), which allows -mllvm -gpa-rewrite-grid to shrink its grid: *|
|*                                                                          *|
|*   GPA_GRID_INDEPENDENT __global__ void scale(float *x, int n) { ... }    *|
|*                                                                          *|
|* __gpa_launch_kernel is what rewritten launches call instead of           *|
|* cudaLaunchKernel; it returns exactly what cudaLaunchKernel returns.      *|
\*===----------------------------------------------------------------------===*/
#ifndef GPA_RUNTIME_GPA_RUNTIME_H
#define GPA_RUNTIME_GPA_RUNTIME_H

#define GPA_GRID_INDEPENDENT __attribute__((annotate("gpa.grid_independent")))

#ifdef __CUDACC__
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif
/* The parameters after cudaLaunchKernel's, the Mode numbers and the
   ProfileJson payload: gpa/runtime/LaunchAbi.h (checked in LaunchHook.cpp). */
cudaError_t __gpa_launch_kernel(const void *Func, dim3 Grid, dim3 Block,
                                void **Args, size_t SharedBytes,
                                cudaStream_t Stream, const char *KernelName,
                                const char *ProfileJson, int GridIndependent,
                                int Mode);
#ifdef __cplusplus
}
#endif
#endif

#endif
