// Equality guards on thread and block indices (docs/models.md "Branch
// weights"): expdist's per-block partial sum (HeCBench expdist-cuda,
// kernel.h: `if (tx == 0 && ty == 0) cross_term[...] = sum;`) and the
// one-thread and one-block forms, each next to the same work without its
// guard.
__global__ void blockSum(const float *a, float *out) {
  __shared__ float sum;
  int tx = threadIdx.x, ty = threadIdx.y;
  if (tx == 0 && ty == 0)
    sum = 0;
  __syncthreads();
  atomicAdd(&sum, a[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + ty * 32 + tx]);
  __syncthreads();
  if (tx == 0 && ty == 0)
    out[blockIdx.y * gridDim.x + blockIdx.x] = sum;
}

__global__ void firstThread(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

__global__ void firstBlock(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  if (blockIdx.x == 0)
    out[threadIdx.x] = v;
}

__global__ void notFirstThread(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  if (threadIdx.x != 0)
    out[i] = v;
}
