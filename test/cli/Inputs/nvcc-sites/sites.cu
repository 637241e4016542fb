// Launch sites for the nvcc route (test/cli/nvcc-launch-sites.test).
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

__global__ void shift(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}

__global__ void tile(float *x) {
  extern __shared__ float rows[];
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  rows[t] = x[blockIdx.x * 256 + t];
  __syncthreads();
  x[blockIdx.x * 256 + t] = rows[255 - t];
}

__global__ void twice(float *x) { x[blockIdx.x * 64 + threadIdx.x] = 0.0f; }

void run(float *x, int n) {
  scale<<<1024, 256>>>(x, 131072);
  shift<<<(n + 127) / 128, 128>>>(x, n);
  tile<<<64, dim3(32, 8), 2048>>>(x);
  twice<<<10, 64>>>(x);
  twice<<<20, 64>>>(x);
}
