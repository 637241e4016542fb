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

// More of CUDA's atomics and qualifiers, for the generated kernels of
// bench/gridgen (same one-thread-at-a-time semantics).
#define __global__
#define __device__
#define __forceinline__ inline
template <class T> T gridcheckRmw(T *p, T v, int Op) {
  T old = *p;
  switch (Op) {
  case 0:
    *p = old + v;
    break;
  case 1:
    *p = old - v;
    break;
  case 2:
    *p = std::max(old, v);
    break;
  case 3:
    *p = std::min(old, v);
    break;
  case 4:
    *p = old | v;
    break;
  case 5:
    *p = old & v;
    break;
  case 6:
    *p = old ^ v;
    break;
  }
  return old;
}
inline unsigned atomicAdd(unsigned *p, unsigned v) {
  return gridcheckRmw(p, v, 0);
}
inline unsigned long long atomicAdd(unsigned long long *p,
                                    unsigned long long v) {
  return gridcheckRmw(p, v, 0);
}
inline int atomicSub(int *p, int v) { return gridcheckRmw(p, v, 1); }
inline unsigned atomicSub(unsigned *p, unsigned v) {
  return gridcheckRmw(p, v, 1);
}
inline unsigned atomicMax(unsigned *p, unsigned v) {
  return gridcheckRmw(p, v, 2);
}
inline unsigned long long atomicMax(unsigned long long *p,
                                    unsigned long long v) {
  return gridcheckRmw(p, v, 2);
}
inline int atomicMin(int *p, int v) { return gridcheckRmw(p, v, 3); }
inline unsigned atomicMin(unsigned *p, unsigned v) {
  return gridcheckRmw(p, v, 3);
}
inline int atomicOr(int *p, int v) { return gridcheckRmw(p, v, 4); }
inline int atomicAnd(int *p, int v) { return gridcheckRmw(p, v, 5); }
inline int atomicXor(int *p, int v) { return gridcheckRmw(p, v, 6); }
template <class T> T gridcheckCas(T *p, T compare, T v) {
  T old = *p;
  if (old == compare)
    *p = v;
  return old;
}
inline int atomicCAS(int *p, int c, int v) { return gridcheckCas(p, c, v); }
inline unsigned short atomicCAS(unsigned short *p, unsigned short c,
                                unsigned short v) {
  return gridcheckCas(p, c, v);
}
inline unsigned long long atomicCAS(unsigned long long *p, unsigned long long c,
                                    unsigned long long v) {
  return gridcheckCas(p, c, v);
}
inline float atomicExch(float *p, float v) {
  float old = *p;
  *p = v;
  return old;
}
#endif

#endif // GRIDCHECK_EMULATION_H
