// Kernels whose memory facts are worked out by hand in
// test/cli/memory-facts.test. 256 threads per block.

// Tile staging in a loop of 4 that is not unrolled: one global load per
// iteration, stored to shared memory before the barrier.
__global__ void staging_loop(const float *__restrict__ in, float *out) {
  __shared__ float tile[1024];
  int t = threadIdx.x;
  int base = blockIdx.x * 1024;
#pragma unroll 1
  for (int i = 0; i < 4; ++i)
    tile[i * 256 + t] = in[base + i * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[t] + tile[1023 - t];
}

// The same staging unrolled: four independent loads issued together.
__global__ void staging_unrolled(const float *__restrict__ in, float *out) {
  __shared__ float tile[1024];
  int t = threadIdx.x;
  int base = blockIdx.x * 1024;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    tile[i * 256 + t] = in[base + i * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[t] + tile[1023 - t];
}

// Lanes 2 words apart in shared memory: a 2-way bank conflict on the read.
__global__ void shared_stride2(const float *__restrict__ in, float *out) {
  __shared__ float tile[512];
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  tile[t + 256] = 0.0f;
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[2 * t];
}
