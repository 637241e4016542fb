// rewrite_check.cu - does libgpa_runtime's launch rewrite work on hardware?
//
// SPDX-License-Identifier: Apache-2.0
//
// Written for GpuPowerAdvisor (issue 29; docs/gpu-session.md). Built by
// bench/gpu_session.sh with clang 22, the plugin and -gpa-rewrite-grid, in
// two modes (-DGPA_CHECK_SM with -gpa-rewrite-mode=sm, else grid), linked
// against libgpa_runtime. The kernel is a grid-stride a*x+y over 2^26
// floats; the SM build also records the SMs its blocks ran on (%smid), so
// the run shows how many SMs a green-context partition really gave.
// It prints the time per launch (after one warm-up launch), the SMs seen and
// whether y is right, and exits 1 when it is not.
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#ifdef GPA_CHECK_SM
__global__ void scaleAddOnSms(int n, float a, const float *x, float *y,
                              unsigned *smMask) {
  if (threadIdx.x == 0) {
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    atomicOr(&smMask[sm / 32], 1u << (sm % 32));
  }
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
#else
__global__ void scaleAdd(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
#endif

int main() {
  const int n = 1 << 26;
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = (i % 1000) * 0.001f;
    hy[i] = (i % 7) * 1.0f;
  }
  float *x = nullptr, *y = nullptr;
  unsigned *mask = nullptr;
  if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&y, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&mask, 1024 * sizeof(unsigned)) != cudaSuccess) {
    std::printf("cudaMalloc failed: %s\n",
                cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(mask, 0, 1024 * sizeof(unsigned));
  // One launch to warm up (lazy module loading, the runtime's first
  // decision and, in sm mode, the green context's creation), then Timed
  // launches between two events: the time of a launch as rewritten.
  const int timed = 20;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int k = 0; k <= timed; ++k) {
    if (k == 1)
      cudaEventRecord(start);
#ifdef GPA_CHECK_SM
    scaleAddOnSms<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y, mask);
#else
    scaleAdd<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
#endif
  }
  cudaError_t launch = cudaGetLastError();
  cudaEventRecord(stop);
  cudaError_t sync = cudaDeviceSynchronize();
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  ms /= timed;
  std::vector<unsigned> hmask(1024);
  cudaMemcpy(hy.data(), y, n * sizeof(float),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(hmask.data(), mask, 1024 * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  long wrong = 0;
  for (int i = 0; i < n; ++i) {
    // timed + 1 launches each added 2x (FFMA on the GPU: compare with a
    // tolerance, not bit for bit).
    float want = (timed + 1) * 2.0f * ((i % 1000) * 0.001f) + (i % 7) * 1.0f;
    if (std::abs(hy[i] - want) > 1e-4f * (1.0f + want))
      ++wrong;
  }
  int sms = 0;
  for (unsigned w : hmask)
    sms += __builtin_popcount(w);
  std::printf("launch: %s\nsynchronize: %s\ntime_ms_per_launch: %.4f\n",
              cudaGetErrorString(launch), cudaGetErrorString(sync), ms);
#ifdef GPA_CHECK_SM
  std::printf("sms_seen: %d\n", sms);
#endif
  std::printf("wrong_elements: %ld of %d\n", wrong, n);
  return launch == cudaSuccess && sync == cudaSuccess && wrong == 0 ? 0 : 1;
}
