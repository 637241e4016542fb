// Straight-line SFU work behind one bounds check: fast-math intrinsics map
// to single PTX approx instructions (sin/cos/ex2/lg2/rsqrt), sqrtf and
// 1.0f/x to IEEE sqrt.rn/rcp.rn.
__global__ void sfuHeavy(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = __sinf(v) + __cosf(v) + __log2f(v) + rsqrtf(v) + sqrtf(v) + 1.0f / v;
  }
}
