// A tile staged into shared memory by block-stride loops, as the
// benchmark_hub convolution does (block-stride-trip-count.test).
#define BX 32
#define BY 4
#define ROWS 20
#define COLS 200
__global__ void stage(const float *in, float *out) {
  __shared__ float tile[ROWS][COLS];
  int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
  for (int i = ty; i < ROWS; i += BY) {
#pragma unroll
    for (int j = tx; j < COLS; j += BX)
      tile[i][j] = in[i * 4096 + j];
  }
  __syncthreads();
  out[ty * BX + tx] = tile[ty][tx];
}
