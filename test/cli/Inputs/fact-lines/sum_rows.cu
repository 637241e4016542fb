__global__ void sum_rows(float *out, const float *in, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += in[i * blockDim.x + threadIdx.x];
  out[threadIdx.x] = s;
}
