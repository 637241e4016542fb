// The indexing of three gpuFLOPBench (HeCBench) kernels, rewritten for
// reread-distance.test (no source copied; the expressions are the
// kernels'): heat2d's dev_lapl_iter, glu's glu_kernel and the first loop
// of softmax's softMax.

// heat2d: four neighbours of a periodic lx x ly grid, each its own address
// group (a remainder or a quotient of a run-time divisor).
__global__ void lapl(float *out, const float *in, const float delta,
                     const float norm, const int lx, const int ly) {
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

// glu: each row of 2S floats is read as two halves, x1 and x2, S floats
// apart; no thread reads through x1 what another reads through x2 (the
// kernel's bounds guard left out: the launch covers M * S * N exactly).
__global__ void glu(const int M, const int S, const int N, const float *X,
                    float *Y) {
  const int xOffset = 2 * S * N;
  const int yOffset = S * N;
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = index / S / N;
  const int j = index / N % S;
  const int k = index % N;
  const float x1 = X[i * xOffset + j * N + k];
  const float x2 = X[i * xOffset + (j + S) * N + k];
  Y[i * yOffset + j * N + k] = x1 * (1.f / (1.f + expf(-x2)));
}

// softmax: each thread walks its own row of n floats (lane stride n x 4
// bytes, a run-time value); softMax's first read of src[i * n] before the
// loop is left out (see reread-distance.test).
__global__ void rowmax(const int rows, const int n, const float *src,
                       float *dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows)
    return;
  float m = -INFINITY;
  for (int j = 0; j < n; j++)
    m = fmaxf(m, src[i * n + j]);
  dst[i] = m;
}

// laplace's red_kernel coefficients: ind = 2 * row - (col & 1) - 1 +
// NUM * (col - 1), every other float (8 bytes between lanes).
#define NUM 1024
__global__ void coeff(const float *__restrict__ aW, float *__restrict__ out) {
  int row = 1 + (blockIdx.x * blockDim.x) + threadIdx.x;
  int col = 1 + (blockIdx.y * blockDim.y) + threadIdx.y;
  int ind = 2 * row - (col & 1) - 1 + NUM * (col - 1);
  out[col * ((NUM >> 1) + 2) + row] = aW[ind];
}

// softmax's softMax2: a warp per row of n floats, three passes over the row
// in successive loops (the third also writes dst); the loops kept rolled so
// that each pass is one load; softMax2's `if (i >= numSlice) return` left
// out (the launches cover the rows exactly; the guard's weight is not what
// reread-distance.test checks).
__global__ void passes(const int rows, const int n, const float *src,
                       float *dst) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  float m = -INFINITY, s = 0;
#pragma unroll 1
  for (int j = lane; j < n; j += 32)
    m = fmaxf(m, src[row * n + j]);
#pragma unroll 1
  for (int j = lane; j < n; j += 32)
    s += expf(src[row * n + j] - m);
#pragma unroll 1
  for (int j = lane; j < n; j += 32)
    dst[row * n + j] = expf(src[row * n + j] - m) / s;
}
