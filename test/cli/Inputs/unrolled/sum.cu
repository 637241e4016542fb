// A loop bounded by a kernel argument, unrolled by 4 at -O2/-O3 by clang
// (a main loop and a remainder loop at line 6) and by nvcc; see
// unrolled-trip-count.test.
__global__ void sum(const float *a, float *c, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  c[threadIdx.x] = s;
}
