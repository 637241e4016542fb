// A grid-stride loop (block-stride-trip-count.test).
__global__ void scale(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}
