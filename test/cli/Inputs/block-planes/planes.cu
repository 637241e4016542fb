// Three planes of a 3-D grid read by threads of 8 x 8 x 4 blocks whose
// slowest index is threadIdx.z (gpuFLOPBench ace-cuda's indexing). See
// block-planes.test.
__global__ void planes(double *out, const double *u) {
  unsigned z = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned x = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned long i = (x * 512ul + y) * 512ul + z;
  out[i] = u[i - 512 * 512] + u[i] + u[i + 512 * 512];
}
