// matmul_tiled.cu - shared-memory tiled matrix multiply (TILE x TILE tiles):
// global loads are coalesced, the inner product reads shared memory, and two
// __syncthreads() per tile separate loading from computing.
#include <cuda_runtime.h>

constexpr int TILE = 16;

__global__ void matmulTiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  int Row = blockIdx.y * TILE + Ty, Col = blockIdx.x * TILE + Tx;
  float Sum = 0.0f;
  for (int T = 0; T < N / TILE; ++T) {
    As[Ty][Tx] = A[Row * N + T * TILE + Tx];
    Bs[Ty][Tx] = B[(T * TILE + Ty) * N + Col];
    __syncthreads();
    for (int K = 0; K < TILE; ++K)
      Sum += As[Ty][K] * Bs[K][Tx];
    __syncthreads();
  }
  C[Row * N + Col] = Sum;
}

void launchMatmulTiled(const float *A, const float *B, float *C, int N) {
  dim3 Block(TILE, TILE), Grid(N / TILE, N / TILE);
  matmulTiled<<<Grid, Block>>>(A, B, C, N);
}
