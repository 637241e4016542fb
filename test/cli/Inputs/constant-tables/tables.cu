// Tables that live in constant memory (constant-tables.test): a
// __constant__ array, and a by-value struct's array indexed at run time
// (kernel parameters live in the constant bank; nvcc and llc read it with
// ld.param through a register address, SASS with LDC). One table load per
// iteration, n iterations, one store after.
__constant__ float table[64];

struct Table {
  float v[64];
};

extern "C" __global__ void constantTable(float *out, int n) {
  float s = 0;
#pragma unroll 1
  for (int k = 0; k < n; ++k)
    s += table[k & 63];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

extern "C" __global__ void parameterTable(Table t, const int *idx, float *out,
                                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[i];
  float s = 0;
#pragma unroll 1
  for (int k = 0; k < n; ++k)
    s += t.v[(j + k) & 63];
  out[i] = s;
}

// Each lane reads its own element: 32 addresses per warp load.
extern "C" __global__ void laneTable(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = table[threadIdx.x];
}
