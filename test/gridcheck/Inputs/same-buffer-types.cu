// Two pointer arguments of different element types may be one buffer
// (distinct pointer arguments are assumed distinct or equal): the proof
// compares byte offsets from each argument, whatever the types, and does
// not trust type-based alias analysis between them.
// Refused: with b == a, iteration i's 8-byte store covers the floats of
// indices 2i and 2i + 1, which iterations 2i and 2i + 1 read.
extern "C" __global__ void wide_over_narrow(double *a, const float *b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = b[i];
}
// Proven: both 4 bytes at byte 4i, in the same iteration.
extern "C" __global__ void same_width(int *a, const float *b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = (int)b[i];
}
// Refused: a neighbour read through an argument of another type.
extern "C" __global__ void int_float_neighbour(int *a, const float *b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = (int)b[i + 1];
}
// Proven: __restrict__ on one argument keeps the two apart (C's rule).
extern "C" __global__ void restrict_neighbour(int *__restrict__ a,
                                              const float *b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = (int)b[i + 1];
}
// Refused: a histogram whose input may be its bins.
extern "C" __global__ void histogram_may_alias(const int *in, int *bins,
                                               int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[in[i] & 63], 1);
}
// Proven: the input is a by-value struct, a copy no pointer reaches.
struct Coefficients {
  float Scale[4];
};
extern "C" __global__ void by_value(Coefficients c, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = c.Scale[i & 3] * out[i];
}
