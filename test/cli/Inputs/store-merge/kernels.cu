// R10 of docs/models.md "Memory levels" (store-merge.test): a thread per
// row writes its own row, 4 bytes per iteration (softmax's softMax store).
__global__ void rowfill(int rows, float *dst, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows)
    return;
  for (int j = 0; j < 256; j++)
    dst[i * 256 + j] = v * j;
}

// The same with a run-time row length: without it given, the lane stride
// is unknown (a gather) and each lane is assumed to write its own sectors.
__global__ void rowfilln(int rows, int n, float *dst, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows)
    return;
  for (int j = 0; j < n; j++)
    dst[i * n + j] = v * j;
}
