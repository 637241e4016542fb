// Two kernels with loops bounded by an argument: nvcc unrolls each
// `j < n` loop by 4 into an unrolled loop and a remainder loop.
__global__ void rowSum(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < n; j++)
    s += a[i * n + j];
  out[i] = s;
}

__global__ void rowMax(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = a[i * n];
  for (int j = 1; j < n; j++)
    m = fmaxf(m, a[i * n + j]);
  out[i] = m;
}
