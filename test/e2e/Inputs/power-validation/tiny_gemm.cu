// A tiny stand-in for the validation set's GEMM (bench/power_validation.py's
// test): it takes the same -D values as ccglib's kernel as Kernel Tuner
// prepares it (block sizes, M/N_PER_BLOCK, NBUFFER, K_GLOBAL) and does a
// real GEMM's K loop, one FMA per step. Written for this test.
extern "C" __global__ void wmma_complex_gemm_opt(float *C, const float *A,
                                                 const float *B) {
  const int n = blockIdx.x * N_PER_BLOCK + threadIdx.y * N_PER_WARP;
  const int m = blockIdx.y * M_PER_BLOCK + threadIdx.z * M_PER_WARP;
  float sum = 0;
  for (int k = threadIdx.x; k < K_GLOBAL; k += block_size_x * NBUFFER)
    sum += A[(long)m * K_GLOBAL + k] * B[(long)n * K_GLOBAL + k];
  C[(long)m * N_GLOBAL + n] = sum;
}
