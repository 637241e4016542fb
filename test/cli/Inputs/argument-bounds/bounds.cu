// Loops bounded by the kernel's arguments s and n, one global load per
// iteration and one store after (argument-trip-bounds.test): each
// comparison (<, <=, !=, >, >=), start (0, 1, s, n) and step (1, 2, -1),
// kept as one loop (#pragma unroll 1) so each route counts it as written.
#define KERNEL(name, init, test, step)                                        \
  extern "C" __global__ void name(const float *in, float *out, int s, int n) { \
    float acc = 0;                                                             \
    _Pragma("unroll 1") for (int i = init; test; step) acc += in[i];           \
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;                          \
  }
KERNEL(ltFrom0, 0, i < n, ++i)
KERNEL(ltFrom1, 1, i < n, ++i)
KERNEL(ltFromS, s, i < n, ++i)
KERNEL(leFromS, s, i <= n, ++i)
KERNEL(neFromS, s, i != n, ++i)
KERNEL(ltStep2, s, i < n, i += 2)
KERNEL(leStep2, s, i <= n, i += 2)
KERNEL(gtDown, n, i > s, --i)
KERNEL(geDown, n, i >= s, --i)
