// A dedispersion-shaped tile loop (benchmark_hub's dedispersion_kernel,
// reduced; our own rendition): each thread computes TY rows of a column,
// rows strided by the block (tile_stride_y = 1) or contiguous
// (tile_stride_y = 0), and the launch has ceil(ROWS / BY) blocks along y
// whatever the tile, as Kernel Tuner launches it.
#define ROWS 100
#define COLS 64
#define BX 32
#define BY 8
#define TY 4

extern "C" __global__ void stridedTiles(const float *in, float *out) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY * TY + threadIdx.y;
#pragma unroll
  for (int tj = 0; tj < TY; tj++) {
    int row = y + tj * BY;
    if (row < ROWS)
      out[row * COLS + x] = 2.0f * in[row * COLS + x];
  }
}

extern "C" __global__ void contiguousTiles(const float *in, float *out) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY * TY + threadIdx.y * TY;
#pragma unroll
  for (int tj = 0; tj < TY; tj++) {
    int row = y + tj;
    if (row < ROWS)
      out[row * COLS + x] = 2.0f * in[row * COLS + x];
  }
}

extern "C" __global__ void countedTiles(const float *in, float *out) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY * TY + threadIdx.y;
#pragma unroll 1
  for (int tj = 0; tj < TY; tj++) {
    int row = y + tj * BY;
    if (row < ROWS)
      out[row * COLS + x] = 2.0f * in[row * COLS + x];
  }
}

// Guards on x and y in one condition (nvcc joins them with or.pred): 50
// columns on 2 x 32 threads, 100 rows on 13 x 8.
extern "C" __global__ void bothGuards(const float *in, float *out) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  if (x < 50 && y < ROWS)
    out[y * COLS + x] = 2.0f * in[y * COLS + x];
}
