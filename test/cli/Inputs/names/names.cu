// Kernels whose names differ in every form a pattern may match
// (kernel-name-matching.test): a namespaced kernel and a template instance.
namespace ns {
__global__ void gemm_kernel(const float *a, float *c, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  c[threadIdx.x] = s;
}
} // namespace ns

template <int N> __global__ void srad(float *x) { x[threadIdx.x] *= N; }
template __global__ void srad<2>(float *);
