// Narrow global loads (docs/models.md "Memory levels"): nvcc loads the low
// byte of an int as ld.global.u8 at a 4-byte stride (`idx[i] & 255`); the
// low byte of a 64-bit integer as ld.global.u8 at an 8-byte stride; a byte
// array as ld.global.u8 at a 1-byte stride.
__global__ void lowByte(const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (float)(idx[i] & 255);
}

__global__ void lowByteOfLong(const long long *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (float)(idx[i] & 255);
}

__global__ void bytes(const unsigned char *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (float)in[i];
}
