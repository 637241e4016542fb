// Kernel whose shared-memory bank conflicts are worked out by hand in
// test/cli/memory-facts.test (the index needle_cuda_shared_1 uses).
// Rodinia needle's anti-diagonal wavefront on a 32 x 17 int tile: at step m
// thread t <= m updates tile[m - t][t + 1] from tile[m - t][t]. The guard
// lets clang prove m - t >= 0 (sub nuw nsw, zext nneg).
__global__ void diagonal(int *out) {
  __shared__ int tile[32][17];
  int t = threadIdx.x;
  tile[t][0] = t;
  __syncthreads();
#pragma unroll 1
  for (int m = 0; m < 32; ++m) {
    if (t <= m)
      tile[m - t][t + 1] = tile[m - t][t] + m;
    __syncthreads();
  }
  out[t] = tile[t][16];
}
