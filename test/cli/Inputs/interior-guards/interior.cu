// A stencil's interior guard written as gpuFLOPBench's ace-cuda writes it:
// two tests on each of three indices joined by &&. See interior-guards.test.
__global__ void interior(double *out, const double *in) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  if ((x < 63) && (y < 63) && (z < 31) && (x > 0) && (y > 0) && (z > 0)) {
    unsigned long i = (z * 64ul + y) * 64ul + x;
    out[i] = in[i] + 1.0;
  }
}
