// A column sum with its running total in global memory, the shape of
// PolyBench-GPU CORR/COVAR mean_kernel (test/cli/ptx-loop-walks.test).
__global__ void column_sum(int n, float *sum, float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  sum[j] = 0;
  for (int i = 0; i < n; i++)
    sum[j] += data[i * 2048 + j];
}
