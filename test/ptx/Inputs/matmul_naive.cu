// Naive matrix multiply, one thread per C element. The k loop is kept
// rolled so each iteration has exactly one load of A (independent of
// threadIdx.x: a broadcast), one load of B (coalesced) and one FMA.
__global__ void matmulNaive(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float sum = 0.0f;
#pragma unroll 1
    for (int k = 0; k < N; ++k)
      sum += A[row * N + k] * B[k * N + col];
    C[row * N + col] = sum;
  }
}
