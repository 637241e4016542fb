// A block's partial sum kept in shared memory by atomics, the shape of
// gpuFLOPBench expdist's distance kernel (atomicAdd(&sum, ...) on a
// __shared__ float, then one store).
__global__ void partial(const float *in, float *out) {
  __shared__ float sum;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sum = 0;
  __syncthreads();
  atomicAdd(&sum, in[i]);
  __syncthreads();
  out[i] = sum;
}
