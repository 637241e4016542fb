// Two kernels under a power budget: a bandwidth-bound copy and a
// compute-bound polynomial.
#include <cuda_runtime.h>

__global__ void copyKernel(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

__global__ void polynomial(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i], acc = 0.0f;
  for (int k = 0; k < 64; ++k)
    acc = acc * v + 1.0f;
  x[i] = acc;
}

void launchAll(const float *in, float *out, int n) {
  copyKernel<<<(n + 255) / 256, 256>>>(in, out, n);
  polynomial<<<(n + 255) / 256, 256>>>(out, n);
}
