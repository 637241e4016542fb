// A project that builds with nvcc only: clang cannot compile its host side
// (test/cli/nvcc-launch-sites.test).
#if defined(__clang__)
#error "this file builds with nvcc only"
#endif

__global__ void scale(float *x) { x[blockIdx.x * 256 + threadIdx.x] *= 2.0f; }

void run(float *x) { scale<<<1024, 256>>>(x); }
