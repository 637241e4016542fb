// A five-point 2D stencil whose size and type come from the build: it
// compiles only with -I../include and -DSTENCIL_N.
#include "stencil_config.h"

__global__ void __launch_bounds__(STENCIL_BLOCK)
    stencil2d(const elem_t *in, elem_t *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int r = i / STENCIL_N, c = i % STENCIL_N;
  if (r < 1 || c < 1 || r >= STENCIL_N - 1 || c >= STENCIL_N - 1)
    return;
  out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - STENCIL_N] +
                   in[i + STENCIL_N]);
}
