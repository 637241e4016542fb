// gemm_like.cu - C = alpha * A * B + beta * C with one thread per element of
// C and a k loop over global memory, the structure of PolyBench-GPU's GEMM
// (written for this benchmark; sizes are compile-time constants).
#define NI 1024
#define NJ 1024
#define NK 1024

__global__ void gemm(const float *A, const float *B, float *C, float Alpha,
                     float Beta) {
  int J = blockIdx.x * blockDim.x + threadIdx.x;
  int I = blockIdx.y * blockDim.y + threadIdx.y;
  if (I < NI && J < NJ) {
    C[I * NJ + J] *= Beta;
    for (int K = 0; K < NK; ++K)
      C[I * NJ + J] += Alpha * A[I * NK + K] * B[K * NJ + J];
  }
}
