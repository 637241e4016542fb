// gpa_microbenchmarks.cu - one kernel family per seed-002 component.
//
// SPDX-License-Identifier: Apache-2.0
//
// Written for GpuPowerAdvisor after the description of seed 002's suite
// (Guerreiro et al., IEEE TPDS 2019, §3.2, Table 2, Fig. 3a): each kernel
// reads one value per thread from DRAM, runs a loop that stresses one
// component INTENSITY times, and writes one value back, so lowering the
// intensity moves a family from component-bound towards DRAM-bound.
//
// The intensity is a compile-time constant: every family is instantiated at
// each of its intensities as an extern "C" kernel named FAMILY_iINTENSITY
// (e.g. fp32_fma_i64), so the product's PTX front-end sees the same constant
// trip counts the GPU runs and gpa-measure takes the suite's list from the
// PTX's .entry names. Every kernel takes (const void *in, void *out), runs
// with 256 threads per block, and may read up to 16 x 8 bytes per thread of
// `in` (dram_stream reads 16 floats per thread, grid-strided). gpa-measure
// launches each kernel repeatedly until a reading lasts >= 1 s; it never
// changes clocks.

#define GPA_THREADS 256
#define GPA_KERNEL extern "C" __global__ void __launch_bounds__(GPA_THREADS)
#define GPA_INDEX int i = blockIdx.x * blockDim.x + threadIdx.x

template <int N> __device__ float fp32Add(float a) {
  float b = a * 0.5f, c = a + 1.0f, d = b - 1.0f;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = a + b;
    b = b + c;
    c = c + d;
    d = d + a;
  }
  return a + b + c + d;
}

template <int N> __device__ float fp32Mul(float a) {
  float b = 0.999f, c = 1.001f, d = a * 0.5f;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = a * b;
    d = d * c;
    b = b * c;
    c = c * b;
  }
  return a + b + c + d;
}

template <int N> __device__ float fp32Fma(float a) {
  float b = 0.999f, c = 1e-3f, d = a * 0.5f;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = fmaf(a, b, c);
    d = fmaf(d, b, c);
    c = fmaf(c, b, a);
    b = fmaf(b, b, d);
  }
  return a + b + c + d;
}

template <int N> __device__ int int32Ops(int a) {
  int b = a ^ 0x5bd1e995, c = a + 7, d = a - 3;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = a + b;
    b = b ^ c;
    c = c * d;
    d = d + (a >> 3);
  }
  return a + b + c + d;
}

template <int N> __device__ double fp64Add(double a) {
  double b = a * 0.5, c = a + 1.0, d = b - 1.0;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = a + b;
    b = b + c;
    c = c + d;
    d = d + a;
  }
  return a + b + c + d;
}

template <int N> __device__ double fp64Mul(double a) {
  double b = 0.999, c = 1.001, d = a * 0.5;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = a * b;
    d = d * c;
    b = b * c;
    c = c * b;
  }
  return a + b + c + d;
}

template <int N> __device__ double fp64Fma(double a) {
  double b = 0.999, c = 1e-3, d = a * 0.5;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = fma(a, b, c);
    d = fma(d, b, c);
    c = fma(c, b, a);
    b = fma(b, b, d);
  }
  return a + b + c + d;
}

template <int N> __device__ float sfuOps(float a) {
  float b = a + 0.5f;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = __sinf(a) + __expf(b);
    b = __cosf(b) * rsqrtf(a * a + 1.0f);
  }
  return a + b;
}

// Control flow: branches on the input's bits (the same value in every
// thread at run time, so warp-uniform; unknown to the compiler, so kept).
template <int N> __device__ int controlFlow(int a) {
  int acc = 0;
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    if ((a >> (k & 31)) & 1)
      acc += k;
    else
      acc ^= a;
  }
  return a + acc;
}

// Shared memory: each thread reads a neighbour's slot N times.
template <int N> __device__ float sharedMemory(float a) {
  __shared__ float tile[GPA_THREADS];
  tile[threadIdx.x] = a;
  __syncthreads();
  float acc = 0;
#pragma unroll 16
  for (int k = 0; k < N; ++k)
    acc += tile[(threadIdx.x + k) % GPA_THREADS];
  return acc;
}

// L2: N reads of a 1 MiB working set (fits every L2 since Maxwell),
// bypassing L1 with __ldcg.
template <int N> __device__ float l2Cache(const float *in, int i) {
  const int Window = 1 << 18;
  float acc = 0;
#pragma unroll 16
  for (int k = 0; k < N; ++k)
    acc += __ldcg(in + (i + k * 32) % Window);
  return acc;
}

// DRAM: 16 grid-strided elements per thread (a buffer far larger than L2);
// N FMAs per element set the arithmetic intensity.
template <int N> __device__ void dramStream(const float *in, float *out) {
  int Stride = gridDim.x * blockDim.x;
  GPA_INDEX;
  for (int e = 0; e < 16; ++e) {
    float a = in[i + e * Stride];
#pragma unroll
    for (int k = 0; k < N; ++k)
      a = fmaf(a, 0.999f, 1e-3f);
    out[i + e * Stride] = a;
  }
}

// Mix: FP32 FMA, INT and SFU in one loop (Table 2's "Mix" group).
template <int N> __device__ float mixOps(float a, int b) {
#pragma unroll 16
  for (int k = 0; k < N; ++k) {
    a = fmaf(a, 0.999f, 1e-3f);
    b = b * 1664525 + 1013904223;
    if ((k & 7) == 0)
      a += __sinf(a);
  }
  return a + b;
}

// One family at one intensity: FAMILY_iN.
#define GPA_FLOAT(Family, Fn, N)                                               \
  GPA_KERNEL Family##_i##N(const void *in, void *out) {                        \
    GPA_INDEX;                                                                 \
    static_cast<float *>(out)[i] = Fn<N>(static_cast<const float *>(in)[i]);   \
  }
#define GPA_DOUBLE(Family, Fn, N)                                              \
  GPA_KERNEL Family##_i##N(const void *in, void *out) {                        \
    GPA_INDEX;                                                                 \
    static_cast<double *>(out)[i] = Fn<N>(static_cast<const double *>(in)[i]); \
  }
#define GPA_INT(Family, Fn, N)                                                 \
  GPA_KERNEL Family##_i##N(const void *in, void *out) {                        \
    GPA_INDEX;                                                                 \
    static_cast<int *>(out)[i] = Fn<N>(static_cast<const int *>(in)[i]);       \
  }
#define GPA_L2(N)                                                              \
  GPA_KERNEL l2_cache_i##N(const void *in, void *out) {                        \
    GPA_INDEX;                                                                 \
    static_cast<float *>(out)[i] =                                             \
        l2Cache<N>(static_cast<const float *>(in), i);                         \
  }
#define GPA_DRAM(N)                                                            \
  GPA_KERNEL dram_stream_i##N(const void *in, void *out) {                     \
    dramStream<N>(static_cast<const float *>(in), static_cast<float *>(out));  \
  }
#define GPA_MIX(N)                                                             \
  GPA_KERNEL mix_i##N(const void *in, void *out) {                             \
    GPA_INDEX;                                                                 \
    static_cast<float *>(out)[i] =                                             \
        mixOps<N>(static_cast<const float *>(in)[i], i);                       \
  }

// Each compute family at four intensities (x4 apart: from DRAM-bound to
// component-bound), as seed 002 Table 2 varies each group's intensity.
#define GPA_FAMILY(Macro, Family, Fn)                                          \
  Macro(Family, Fn, 4) Macro(Family, Fn, 16) Macro(Family, Fn, 64)             \
      Macro(Family, Fn, 256)

GPA_FAMILY(GPA_FLOAT, fp32_add, fp32Add)
GPA_FAMILY(GPA_FLOAT, fp32_mul, fp32Mul)
GPA_FAMILY(GPA_FLOAT, fp32_fma, fp32Fma)
GPA_FAMILY(GPA_INT, int32, int32Ops)
GPA_FAMILY(GPA_DOUBLE, fp64_add, fp64Add)
GPA_FAMILY(GPA_DOUBLE, fp64_mul, fp64Mul)
GPA_FAMILY(GPA_DOUBLE, fp64_fma, fp64Fma)
GPA_FAMILY(GPA_FLOAT, sfu, sfuOps)
GPA_FAMILY(GPA_INT, control_flow, controlFlow)
GPA_FAMILY(GPA_FLOAT, shared_memory, sharedMemory)
GPA_L2(4) GPA_L2(16) GPA_L2(64) GPA_L2(256)
GPA_DRAM(0) GPA_DRAM(4) GPA_DRAM(16) GPA_DRAM(64)
GPA_MIX(4) GPA_MIX(16) GPA_MIX(64) GPA_MIX(256)
