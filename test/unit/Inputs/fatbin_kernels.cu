// Kernels whose resources are known without reading a cubin, for
// FatbinReaderTest.cpp (compiled by test/unit/MakeFatbinFixtures.cmake with
// ptxas -maxrregcount 24):
//  - tile: 256 floats of static __shared__ memory = 1024 bytes;
//    __launch_bounds__(128) = at most 128 threads per block;
//  - indexed: a 64-float private array indexed at run time stays in local
//    memory: a 64 x 4 = 256-byte stack frame;
//  - pressure: 24 values live across a loop, more than 24 registers hold
//    with the addresses and counters: ptxas uses the 24 it may (the cap)
//    and spills the rest (a non-zero frame).
__global__ void __launch_bounds__(128) tile(float *D) {
  __shared__ float T[256];
  T[threadIdx.x] = D[blockIdx.x * 256 + threadIdx.x];
  T[threadIdx.x + 128] = D[blockIdx.x * 256 + threadIdx.x + 128];
  __syncthreads();
  D[blockIdx.x * 256 + threadIdx.x] = T[255 - threadIdx.x];
}

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
