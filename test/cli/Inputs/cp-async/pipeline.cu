// A minimal kernel shaped like ccglib's wmma_complex_gemm_opt
// (nlesc-recruit/ccglib, Apache-2.0; written anew, not copied): a producer
// loop that fills NBUFFER shared buffers ahead of the consumer with
// cuda::memcpy_async (cp.async), its counter k_buf carried across the
// k loop and bounded by `k + NBUFFER`, and a copy loop over a tile
// `for (i = tid; i < n; i += NTHREADS)` whose n comes through a pointer
// (the bytes already copied), as ccglib's copy_async does.
#include <cuda/pipeline>

#ifndef K_TILES
#define K_TILES 64
#endif
#ifndef NBUFFER
#define NBUFFER 2
#endif
#ifndef TILE
#define TILE 64 // int4 elements per tile
#endif
#define NTHREADS 64

template <typename T, size_t NBYTES>
__device__ void copy_async(void *dest, const void *src, size_t *offset,
                           cuda::pipeline<cuda::thread_scope_thread> &pipe,
                           size_t tid) {
  const size_t n = (NBYTES - *offset) / sizeof(T);
  T *d = reinterpret_cast<T *>(reinterpret_cast<char *>(dest) + *offset);
  const T *s =
      reinterpret_cast<const T *>(reinterpret_cast<const char *>(src) + *offset);
#pragma unroll
  for (size_t i = tid; i < n; i += NTHREADS)
    cuda::memcpy_async(&d[i], &s[i], cuda::aligned_size_t<alignof(T)>(sizeof(T)),
                       pipe);
  *offset += n * sizeof(T);
}

__global__ void pipeline(const int4 *a, float *out) {
  __shared__ int4 buf[NBUFFER][TILE];
  const size_t tid = threadIdx.x;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  float acc = 0;
  for (size_t k = 0, k_buf = 0; k < K_TILES; k++) {
    for (; k_buf < K_TILES && k_buf < k + NBUFFER; k_buf++) {
      pipe.producer_acquire();
      size_t offset = 0;
      copy_async<int4, sizeof(buf[0])>(buf[k_buf % NBUFFER],
                                       a + k_buf * TILE, &offset, pipe, tid);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    acc += reinterpret_cast<const float *>(buf[k % NBUFFER])[tid];
    __syncthreads();
    pipe.consumer_release();
  }
  out[blockIdx.x * NTHREADS + tid] = acc;
}
