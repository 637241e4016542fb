// A stream B[i] that every row of blocks (blockIdx.y) reads again
// (stream-footprint.test): B's footprint is gridDim.x x blockDim.x x 4
// bytes, and the grid requests gridDim.y times that.
__global__ void stream(const float *B, float *C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  C[(blockIdx.y * gridDim.x) * blockDim.x + i] = 2 * B[i];
}

// A stream read at two places n apart: B[i] alone spans gridDim.x x
// blockDim.x x 4 bytes.
__global__ void pair(const float *B, float *C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  C[i] = B[i] + B[i + n];
}
