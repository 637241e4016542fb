// Shared-memory tiled matrix multiply (TILE x TILE threads per block, N a
// multiple of TILE). Two static shared tiles: 2 * TILE * TILE * 4 bytes.
#define TILE 16

__global__ void __launch_bounds__(TILE *TILE)
    matmulTiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
#pragma unroll 1
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[row * N + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    __syncthreads();
#pragma unroll 1
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = sum;
}
