// Local memory two ways: a private array indexed at run time (`indexed`),
// and register spills when ptxas may use only 24 registers (the sm_80 minimum) (`pressure`:
// 24 values live across a loop).
__global__ void indexed(float *Out, const float *In, int N) {
  float A[64];
  for (int I = 0; I < 64; ++I)
    A[I] = In[threadIdx.x * 64 + I];
  float S = 0;
  for (int J = 0; J < N; ++J)
    S += A[(J * 7 + threadIdx.x) & 63];
  Out[threadIdx.x] = S;
}

__global__ void pressure(float *Out, int N) {
  float R[24];
#pragma unroll
  for (int I = 0; I < 24; ++I)
    R[I] = Out[threadIdx.x + I * 1024];
  for (int K = 0; K < N; ++K) {
#pragma unroll
    for (int I = 0; I < 24; ++I)
      R[I] = R[I] * R[(I + 1) % 24] + 1.0f;
  }
  float S = 0;
#pragma unroll
  for (int I = 0; I < 24; ++I)
    S += R[I];
  Out[threadIdx.x] = S;
}
