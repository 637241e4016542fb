// SAXPY with a grid-stride loop: per iteration two global loads (x[i],
// y[i]), one FMA and one global store, all coalesced (stride 4 bytes).
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
