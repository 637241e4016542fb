// A second translation unit: its kernels join the same report and budget
// (test/e2e/cmake-package*.test).
#include <cuda_runtime.h>

__global__ void scaleKernel(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = a * x[i];
}

void launchScale(float *x, float a, int n) {
  scaleKernel<<<(n + 255) / 256, 256>>>(x, a, n);
}
