// Loops bounded by kernel arguments (test/cli/kernel-arguments.test).
__global__ void once(const float *in, float *out, int n) {
  float s = 0;
#pragma unroll 1
  for (int i = 0; i < n; ++i)
    s += in[i];
  out[threadIdx.x] = s;
}

__global__ void unrolled(const float *in, float *out, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += in[i];
  out[threadIdx.x] = s;
}

__global__ void nest(const float *in, float *out, int n, int m) {
  float s = 0;
#pragma unroll 1
  for (int i = 0; i < n; ++i)
#pragma unroll 1
    for (int j = 0; j < m; ++j)
      s += in[i * m + j];
  out[threadIdx.x] = s;
}

__global__ void gridStride(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}
