// matmul_naive.cu - naive matrix multiply C = A * B (N x N, row-major): each
// thread computes one element; A is read along a row (broadcast within a
// warp), B down a column (coalesced across threadIdx.x).
#include <cuda_runtime.h>

constexpr int N = 1024;

__global__ void matmulNaive(const float *A, const float *B, float *C) {
  int Row = blockIdx.y * blockDim.y + threadIdx.y;
  int Col = blockIdx.x * blockDim.x + threadIdx.x;
  float Sum = 0.0f;
  for (int K = 0; K < N; ++K)
    Sum += A[Row * N + K] * B[K * N + Col];
  C[Row * N + Col] = Sum;
}

void launchMatmulNaive(const float *A, const float *B, float *C) {
  dim3 Block(16, 16), Grid(N / 16, N / 16);
  matmulNaive<<<Grid, Block>>>(A, B, C);
}
