// compute_fp.cu - a compute-bound FP32 kernel: a long chain of FMAs on values
// kept in registers, one load and one store per thread.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) computeFp(float *Data) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = Data[I], Y = 1.0001f;
  for (int K = 0; K < 256; ++K) {
    X = X * Y + 0.5f;
    Y = Y * X - 0.25f;
  }
  Data[I] = X + Y;
}

void launchComputeFp(float *Data, int Blocks) {
  computeFp<<<Blocks, 128>>>(Data);
}
