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

// DivergentBranch: both sides do work under tx % 2 and tx < 16.
__global__ void oddEven(const float *in, float *out, float *other) {
  int tx = threadIdx.x;
  if (tx % 2 == 0)
    out[tx] = in[tx] * 2.0f, out[tx + 1024] = 0.0f;
  else
    other[tx] = in[tx] + 1.0f;
}

__global__ void halves(const float *in, float *out, float *other) {
  int tx = threadIdx.x;
  if (tx < 16)
    out[tx] = in[tx] * 2.0f, out[tx + 1024] = 0.0f;
  else
    other[tx] = in[tx] + 1.0f;
}

// An empty side under tx & 3: a quarter of every warp's lanes run it.
__global__ void everyFourth(float *out) {
  int tx = threadIdx.x;
  if ((tx & 3) == 0)
    out[tx] = 1.0f;
}

// No divergence: blockIdx, a parameter, whole warps (tx / 32, tx >= 64),
// and a one-lane guard with an empty side.
__global__ void byBlock(const float *in, float *out, float *other) {
  int tx = threadIdx.x;
  if (blockIdx.x < 3)
    out[tx] = in[tx] * 2.0f, out[tx + 1024] = 0.0f;
  else
    other[tx] = in[tx] + 1.0f;
}

__global__ void byParam(const float *in, float *out, float *other, int n) {
  int tx = threadIdx.x;
  if (n > 5)
    out[tx] = in[tx] * 2.0f, out[tx + 1024] = 0.0f;
  else
    other[tx] = in[tx] + 1.0f;
}

__global__ void byWarp(const float *in, float *out, float *other) {
  int tx = threadIdx.x;
  if (tx / 32 == 1)
    out[tx] = in[tx] * 2.0f, out[tx + 1024] = 0.0f;
  else
    other[tx] = in[tx] + 1.0f;
}

__global__ void wholeWarps(const float *in, float *out, float *other) {
  int tx = threadIdx.x;
  if (tx >= 64)
    out[tx] = in[tx] * 2.0f, out[tx + 1024] = 0.0f;
  else
    other[tx] = in[tx] + 1.0f;
}

__global__ void lastLane(const float *in, float *out) {
  int tx = threadIdx.x;
  float v = in[tx];
  if (tx == 255)
    out[0] = v;
}

// An address the analysis cannot follow (an xor of the index): neither a
// stride nor a gather, so UnanalysedAccess, not UncoalescedAccess.
__global__ void xorIndex(const float *in, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  out[tid] = in[tid ^ (tid >> 3)];
}

// 48 live floats under __launch_bounds__(1024, 2) (at most 32 registers a
// thread): ptxas spills on both routes, a RegisterSpill at the kernel's line.
__global__ void __launch_bounds__(1024, 2)
    spilled(const float *in, float *out, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a[48];
#pragma unroll
  for (int k = 0; k < 48; ++k)
    a[k] = in[tid + k * n];
  float s = 0;
#pragma unroll
  for (int k = 0; k < 48; ++k)
    s += a[k] * a[47 - k] + a[(k * 7) % 48];
#pragma unroll
  for (int k = 0; k < 48; ++k)
    out[tid + k * n] = a[k] * s;
}
