// Five slices of one array n elements apart (cfd's variables[i + k * nelr],
// base-working-set.test): each slice spans gridDim.x x blockDim.x x 4
// bytes; the base's working set is their union.
__global__ void slices(const float *v, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = v[i] + v[i + n] + v[i + 2 * n] + v[i + 3 * n] + v[i + 4 * n];
}
