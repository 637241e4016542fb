// A minimal kernel shaped like ccglib's accumulator set-up: a 2 x 512
// float array zeroed over its first index (COMPLEX = 2), each half by a
// fully unrolled loop, then indexed at run time, so nvcc keeps it in local
// memory and leaves the outer two-trip loop rolled.
#define N 512
__global__ void initloop(float *out, const int *idx) {
  float acc[2][N];
  for (unsigned long c = 0; c < 2; c++)
#pragma unroll
    for (int i = 0; i < N; i++)
      acc[c][i] = 0.0f;
  for (int k = 0; k < 4; k++)
    acc[idx[k] & 1][idx[k + 4] & (N - 1)] += 1.0f;
  out[threadIdx.x] = acc[idx[8] & 1][idx[9] & (N - 1)];
}
