// Indices taken by a run-time divisor (issue 24, "fix what real code
// breaks"): the shapes of gpuFLOPBench's gru and heat2d kernels.

// gru_cell_forward: (i / n) * 3 * n + i % n, one gate of three.
__global__ void gate(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[(i / n) * 3 * n + i % n];
}

// heat2d dev_lapl_iter: x = i % lx, y = i / lx, periodic neighbours.
__global__ void lapl(float *out, const float *in, float delta, float norm,
                     int lx, int ly) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = i % lx;
  int y = i / lx;
  int v00 = y * lx + x;
  int v0p = y * lx + (x + 1) % lx;
  int v0m = y * lx + (lx + x - 1) % lx;
  int vp0 = ((y + 1) % ly) * lx + x;
  int vm0 = ((ly + y - 1) % ly) * lx + x;
  out[v00] = norm * in[v00] + delta * (in[v0p] + in[v0m] + in[vp0] + in[vm0]);
}
