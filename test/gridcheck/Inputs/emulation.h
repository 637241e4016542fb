// CUDA emulation for the grid-independence execution check: on the host,
// threadIdx/blockIdx/blockDim/gridDim are variables that harness.cpp sets
// while looping over the grid (blocks in order, threads in order), and
// KERNEL(name) also registers the kernel in a table. Under CUDA it is a
// plain extern "C" __global__ kernel.
#ifndef GRIDCHECK_EMULATION_H
#define GRIDCHECK_EMULATION_H

#ifdef __CUDACC__
#define KERNEL(name)                                                           \
  extern "C" __global__ void name(const float *in, float *out, int *cnt, int n)
#define KERNEL2D(name) KERNEL(name)
#define NOINLINE_DEVICE __device__ __noinline__
#else
#include <algorithm>
#include <cstddef>
#include <vector>

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
};
extern dim3 threadIdx, blockIdx, blockDim, gridDim;

using KernelFn = void (*)(const float *, float *, int *, int);
struct KernelEntry {
  const char *Name;
  KernelFn Fn;
  int Dims; // 1: launched on x only; 2: on x and y
};
std::vector<KernelEntry> &kernelTable();
struct KernelRegistrar {
  KernelRegistrar(const char *Name, KernelFn Fn, int Dims) {
    kernelTable().push_back({Name, Fn, Dims});
  }
};

#define KERNEL_DIMS(name, dims)                                                \
  extern "C" void name(const float *in, float *out, int *cnt, int n);          \
  static KernelRegistrar Register_##name(#name, name, dims);                   \
  extern "C" void name(const float *in, float *out, int *cnt, int n)
#define KERNEL(name) KERNEL_DIMS(name, 1)
#define KERNEL2D(name) KERNEL_DIMS(name, 2)
#define NOINLINE_DEVICE static
#define __shared__ static
inline void __syncthreads() {}
using std::max;
// One thread runs at a time: atomics are plain read-modify-writes.
inline int atomicAdd(int *p, int v) {
  int old = *p;
  *p += v;
  return old;
}
inline float atomicAdd(float *p, float v) {
  float old = *p;
  *p += v;
  return old;
}
inline int atomicMax(int *p, int v) {
  int old = *p;
  *p = std::max(old, v);
  return old;
}
inline int atomicExch(int *p, int v) {
  int old = *p;
  *p = v;
  return old;
}
#endif

#endif // GRIDCHECK_EMULATION_H
