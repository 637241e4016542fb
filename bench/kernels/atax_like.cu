// atax_like.cu - y = A^T (A x) in two kernels, in the style of the
// PolyBench-GPU linear-algebra kernels (written for this benchmark).
// Constant sizes and `#pragma unroll 1` keep every loop's trip count known.
#define NX 1024
#define NY 1024

__global__ void ataxRowDot(const float *A, const float *X, float *Tmp) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float Sum = 0.0f;
#pragma unroll 1
  for (int J = 0; J < NY; ++J)
    Sum += A[I * NY + J] * X[J];
  Tmp[I] = Sum;
}

__global__ void ataxColDot(const float *A, const float *Tmp, float *Y) {
  int J = blockIdx.x * blockDim.x + threadIdx.x;
  float Sum = 0.0f;
#pragma unroll 1
  for (int I = 0; I < NX; ++I)
    Sum += A[I * NY + J] * Tmp[I];
  Y[J] = Sum;
}
