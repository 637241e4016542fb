// Register spills without a -maxrregcount: __launch_bounds__(1024, 2) lets
// ptxas use at most 65536 / (1024 x 2) = 32 registers per thread, and 48
// values stay live across the loop.
__global__ void __launch_bounds__(1024, 2) bounded(float *Out, int N) {
  float R[48];
#pragma unroll
  for (int I = 0; I < 48; ++I)
    R[I] = Out[threadIdx.x + I * 1024];
  for (int K = 0; K < N; ++K) {
#pragma unroll
    for (int I = 0; I < 48; ++I)
      R[I] = R[I] * R[(I + 1) % 48] + 1.0f;
  }
  float S = 0;
#pragma unroll
  for (int I = 0; I < 48; ++I)
    S += R[I];
  Out[threadIdx.x] = S;
}
