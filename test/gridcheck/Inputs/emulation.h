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
#define KERNEL_GRID_Y(name) KERNEL(name)
#define KERNEL_WIDE(name) KERNEL(name)
#define KERNEL_CNT_IS_GLOBAL(name) KERNEL(name)
// Distinct pointer arguments may be one buffer (the proof assumes them
// distinct *or equal*): a kernel that reads another index of in is
// grid-independent only when in, out and cnt never alias, which
// __restrict__ states. KERNEL_SAME_BUFFER kernels run with in == out.
#define KERNEL_RESTRICT(name)                                                  \
  extern "C" __global__ void name(const float *__restrict__ in,                \
                                  float *__restrict__ out,                     \
                                  int *__restrict__ cnt, int n)
#define KERNEL2D_RESTRICT(name) KERNEL_RESTRICT(name)
#define KERNEL_SAME_BUFFER(name) KERNEL(name)
#define NOINLINE_DEVICE __device__ __noinline__
#define GRIDCHECK_GLOBAL_INTS 11192
__device__ int gridcheck_global[GRIDCHECK_GLOBAL_INTS];
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
  // 1: launched on x only; 2: on x and y. Issue 25 adds 3: a 1-D kernel
  // launched on a grid with gridDim.y > 1; 4: a 1-D kernel launched on a
  // wide grid (more than 65,536 threads, against 16-bit truncation);
  // 5: a 1-D kernel whose cnt argument is the __device__ array
  // gridcheck_global (an argument aliasing a global); 6: a 1-D kernel
  // launched with in == out (two arguments, one buffer).
  int Dims;
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
#define KERNEL_GRID_Y(name) KERNEL_DIMS(name, 3)
#define KERNEL_WIDE(name) KERNEL_DIMS(name, 4)
#define KERNEL_CNT_IS_GLOBAL(name) KERNEL_DIMS(name, 5)
#define KERNEL_SAME_BUFFER(name) KERNEL_DIMS(name, 6)
// The harness passes distinct buffers, as __restrict__ promises.
#define KERNEL_RESTRICT(name) KERNEL(name)
#define KERNEL2D_RESTRICT(name) KERNEL2D(name)
#define NOINLINE_DEVICE static
#define __device__
#define GRIDCHECK_GLOBAL_INTS 11192
extern int gridcheck_global[GRIDCHECK_GLOBAL_INTS];
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
inline unsigned long long atomicAdd(unsigned long long *p,
                                    unsigned long long v) {
  unsigned long long old = *p;
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
