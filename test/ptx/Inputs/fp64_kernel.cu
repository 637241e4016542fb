// Double precision: one FMA and one IEEE division per element, reading
// x[2*i] (a 16-byte stride: uncoalesced) and y[i] (coalesced).
__global__ void fp64Kernel(const double *x, double *y, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[2 * i] + y[i] / x[2 * i + 1];
}
