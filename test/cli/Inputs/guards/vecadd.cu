// Bounds guards (docs/models.md "Branch weights"): the same vector add with
// and without `if (i < n)`, and with an early return.
__global__ void vecaddGuarded(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void vecaddPlain(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

__global__ void vecaddReturn(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  c[i] = a[i] + b[i];
}

// A data-dependent branch the programmer marks unlikely.
__global__ void rareFixup(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  if (__builtin_expect(v > 100.0f, 0))
    v = v * 0.5f + a[i ^ 1];
  c[i] = v;
}
