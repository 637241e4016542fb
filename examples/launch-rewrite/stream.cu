// stream.cu - a bandwidth-bound, grid-independent kernel launched with a
// full grid. Built with -mllvm -gpa-rewrite-grid and linked against
// libgpa_runtime, its launch goes through the runtime, which (on a GPU)
// shrinks the grid to IPP's optimal SMs x resident blocks. Without a GPU it
// reports exactly the CUDA error the unmodified program reports.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scaleAdd(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 24;
  float *x = nullptr, *y = nullptr;
  cudaError_t alloc = cudaMalloc(&x, n * sizeof(float));
  if (alloc == cudaSuccess)
    alloc = cudaMalloc(&y, n * sizeof(float));
  std::printf("cudaMalloc: %s\n", cudaGetErrorString(alloc));
  scaleAdd<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
  cudaError_t launch = cudaGetLastError();
  std::printf("launch: %s\n", cudaGetErrorString(launch));
  cudaError_t sync = cudaDeviceSynchronize();
  std::printf("synchronize: %s\n", cudaGetErrorString(sync));
  cudaFree(x);
  cudaFree(y);
  return launch == cudaSuccess && sync == cudaSuccess ? 0 : 1;
}
