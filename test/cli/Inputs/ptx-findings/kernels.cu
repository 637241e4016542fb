// Kernels for ptx-findings.test: each rule's finding and a kernel where
// its precondition fails, compiled by clang (IR route) and nvcc (PTX route).
struct Pair {
  float x, y;
};

__global__ void strided(const float *in, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid * 32] = in[tid];
}

__global__ void gather(const float *in, const int *idx, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[idx[tid]];
}

__global__ void unanalysed(const float *in, float *out, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[(tid * 7) % n];
}

__global__ void coalesced(const float *in, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[tid] * 2.0f;
}

__global__ void fields(const Pair *p, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = p[tid].x + p[tid].y;
}

__global__ void promoted(const float *in, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[tid] * 0.5 + 1.0;
}

__global__ void singlePrecision(const float *in, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[tid] * 0.5f + 1.0f;
}

__global__ void doubleData(const double *in, double *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[tid] * 0.5 + 1.0;
}

__global__ void localArray(const int *idx, const float *in, float *out,
                           int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a[64];
  for (int k = 0; k < 64; ++k)
    a[idx[k * n + tid] & 63] = in[k * n + tid];
  out[tid] = a[idx[tid] & 63];
}

__global__ void registerArray(const float *in, float *out, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a[4];
  for (int k = 0; k < 4; ++k)
    a[k] = in[k * n + tid];
  out[tid] = a[0] + a[1] + a[2] + a[3];
}

__global__ void banks(float *out) {
  __shared__ float s[32 * 33];
  int tx = threadIdx.x;
  s[tx * 32] = out[tx];
  __syncthreads();
  out[tx] = s[tx];
}

__global__ void guardedBanks(float *out) {
  __shared__ float s[32 * 33];
  int tx = threadIdx.x;
  if (tx < 2)
    s[tx * 16] = out[tx];
  __syncthreads();
  out[tx] = s[tx];
}

__global__ void paddedBanks(float *out) {
  __shared__ float s[32 * 33];
  int tx = threadIdx.x;
  s[tx * 33] = out[tx];
  __syncthreads();
  out[tx] = s[tx];
}

__global__ void aliased(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    c[i] += a[k * n + i];
}

__global__ void restricted(const float *__restrict__ a, float *__restrict__ c,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    c[i] += a[k * n + i];
}

__global__ void synchronised(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    c[i] += a[k * n + i];
    __syncthreads();
  }
}
