// The benchmark_hub convolution's staging at (160, 4, 3, 1): a block step
// nvcc divides by with a magic multiply, and a bounds test inside the
// loops (block-stride-trip-count.test).
#define BX 160
#define BY 4
#define ROWS 18
#define COLS 494
#define W 4110
__global__ void staged(const float *in, float *out) {
  __shared__ float tile[ROWS][COLS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int by = blockIdx.y * BY, bx = blockIdx.x * 3 * BX;
#pragma unroll
  for (int i = ty; i < ROWS; i += BY) {
#pragma unroll
    for (int j = tx; j < COLS; j += BX) {
      int y = by + i, x = bx + j;
      if (y < W && x < W)
        tile[i][j] = in[y * W + x];
    }
  }
  __syncthreads();
  out[(by + ty) * W + bx + tx] = tile[ty][tx];
}
