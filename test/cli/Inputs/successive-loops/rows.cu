// One thread per row, three passes over the row behind a bounds guard (the
// shape of gpuFLOPBench softmax-cuda's naive kernel). See
// successive-loops.test.
__global__ void rows(const int nrows, const int ncols, const float *in,
                     float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrows)
    return;
  float hi = in[r * ncols];
  for (int c = 0; c < ncols; c++)
    hi = fmaxf(hi, in[r * ncols + c]);
  float total = 0;
  for (int c = 0; c < ncols; c++)
    total += __expf(in[r * ncols + c] - hi);
  for (int c = 0; c < ncols; c++)
    out[r * ncols + c] = __expf(in[r * ncols + c] - hi) / total;
}
