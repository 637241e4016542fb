// gpa_microbenchmarks.cu - one kernel family per seed-002 component.
//
// SPDX-License-Identifier: Apache-2.0
//
// Written for GpuPowerAdvisor after the description of seed 002's suite
// (Guerreiro et al., IEEE TPDS 2019, §3.2, Table 2, Fig. 3a): each kernel
// reads one value per thread from DRAM, runs an unrolled loop that stresses
// one component `intensity` times, and writes one value back, so lowering
// the intensity moves a family from component-bound towards DRAM-bound.
// Every kernel is launched repeatedly by the runner until a reading lasts
// >= 1 s; the runner never changes clocks.
#include <cstdint>

#define GPA_UNROLL _Pragma("unroll 16")

extern "C" __global__ void fp32_add(const float *in, float *out, int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i], b = a * 0.5f, c = a + 1.0f, d = b - 1.0f;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = a + b;
    b = b + c;
    c = c + d;
    d = d + a;
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void fp32_mul(const float *in, float *out, int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i], b = 0.999f, c = 1.001f, d = a * 0.5f;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = a * b;
    d = d * c;
    b = b * c;
    c = c * b;
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void fp32_fma(const float *in, float *out, int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i], b = 0.999f, c = 1e-3f, d = a * 0.5f;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = fmaf(a, b, c);
    d = fmaf(d, b, c);
    c = fmaf(c, b, a);
    b = fmaf(b, b, d);
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void int32(const int *in, int *out, int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int a = in[i], b = a ^ 0x5bd1e995, c = a + 7, d = a - 3;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = a + b;
    b = b ^ c;
    c = c * d;
    d = d + (a >> 3);
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void fp64_add(const double *in, double *out,
                                    int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double a = in[i], b = a * 0.5, c = a + 1.0, d = b - 1.0;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = a + b;
    b = b + c;
    c = c + d;
    d = d + a;
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void fp64_mul(const double *in, double *out,
                                    int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double a = in[i], b = 0.999, c = 1.001, d = a * 0.5;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = a * b;
    d = d * c;
    b = b * c;
    c = c * b;
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void fp64_fma(const double *in, double *out,
                                    int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double a = in[i], b = 0.999, c = 1e-3, d = a * 0.5;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = fma(a, b, c);
    d = fma(d, b, c);
    c = fma(c, b, a);
    b = fma(b, b, d);
  }
  out[i] = a + b + c + d;
}

extern "C" __global__ void sfu(const float *in, float *out, int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i], b = a + 0.5f;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = __sinf(a) + __expf(b);
    b = __cosf(b) * rsqrtf(a * a + 1.0f);
  }
  out[i] = a + b;
}

// Control flow: data-dependent but warp-uniform branches.
extern "C" __global__ void control_flow(const int *in, int *out,
                                        int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int a = in[i], acc = 0;
  for (int k = 0; k < intensity; ++k) {
    if ((k & 1) == (blockIdx.x & 1))
      acc += 1;
    else if (k & 2)
      acc -= 1;
  }
  out[i] = a + acc;
}

// Shared memory: each thread reads a neighbour's slot `intensity` times.
extern "C" __global__ void shared_memory(const float *in, float *out,
                                         int intensity) {
  __shared__ float tile[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  float acc = 0;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k)
    acc += tile[(threadIdx.x + k) % blockDim.x];
  out[i] = acc;
}

// L2: repeated reads of a working set small enough for L2 (`window`
// elements), bypassing L1 with __ldcg.
extern "C" __global__ void l2_cache(const float *in, float *out,
                                    int intensity, int window) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < intensity; ++k)
    acc += __ldcg(in + (i + k * 32) % window);
  out[i] = acc;
}

// DRAM: a grid-stride stream over a buffer much larger than L2;
// `intensity` FMAs per element set the arithmetic intensity.
extern "C" __global__ void dram_stream(const float *in, float *out,
                                       long long n, int intensity) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    float a = in[i];
    for (int k = 0; k < intensity; ++k)
      a = fmaf(a, 0.999f, 1e-3f);
    out[i] = a;
  }
}

// Mix: FP32 FMA, INT and SFU in one loop (Table 2's "Mix" group).
extern "C" __global__ void mix(const float *in, float *out, int intensity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i];
  int b = i;
  GPA_UNROLL
  for (int k = 0; k < intensity; ++k) {
    a = fmaf(a, 0.999f, 1e-3f);
    b = b * 1664525 + 1013904223;
    if ((k & 7) == 0)
      a += __sinf(a);
  }
  out[i] = a + b;
}
