// gpa rank's test kernel: each thread runs `work` dependent FP32
// multiply-adds on one element; the launch covers the problem exactly
// (n = grid * block), so every configuration moves the same bytes and the
// one with less work per thread is faster (issue 24, item 3).
#ifndef block_size_x
#define block_size_x 256
#endif
#ifndef work
#define work 1
#endif

__global__ void scale(float *out, const float *in) {
  int i = blockIdx.x * block_size_x + threadIdx.x;
  float v = in[i];
#pragma unroll 1
  for (int k = 0; k < work * 64; ++k)
    v = v * 1.0001f + 0.5f;
  out[i] = v;
}
