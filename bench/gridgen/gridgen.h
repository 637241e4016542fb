// Prelude of every generated kernel file (bench/gridgen/gridgen.py).
// Device: GG_KERNEL is an extern "C" __global__ kernel, AT(p, e) is p[e]
// and GG_TICK() is nothing, so the plugin proves the kernel as written.
// Host (test/gridcheck/Inputs/emulation.h): AT checks every access against
// the harness's buffers and GG_TICK stops a runaway loop, so a generated
// kernel that wanders out of bounds or never ends is classified, not a
// crash.
#ifndef GRIDGEN_H
#define GRIDGEN_H

#include "emulation.h"

// Every buffer: GG_PAD ints either side of GG_CORE ints; kernels get a
// pointer to the first core element (negative indices down to -GG_PAD are
// in bounds).
#define GG_PAD 4096
#define GG_CORE 65536
#define GG_INTS (GG_PAD + GG_CORE + GG_PAD)

#ifdef __CUDACC__
#define GG_KERNEL(name)                                                        \
  extern "C" __global__ void name(int *a, int *b, const int *in, int n, int m)
#define GG_KERNEL_R(name)                                                      \
  extern "C" __global__ void name(int *__restrict__ a, int *__restrict__ b,    \
                                  const int *__restrict__ in, int n, int m)
#define AT(p, e) (p)[e]
#define GG_TICK()
#else
#define GG_KERNEL(name)                                                        \
  extern "C" void name(int *a, int *b, const int *in, int n, int m)
#define GG_KERNEL_R(name)                                                      \
  extern "C" void name(int *__restrict__ a, int *__restrict__ b,               \
                       const int *__restrict__ in, int n, int m)
// Throws (caught by the harness) when p + e lies outside every buffer.
void *gridgenCheck(const void *P, long long ElemBytes, long long E);
template <class T, class I> T &AT(T *P, I E) {
  return *static_cast<T *>(gridgenCheck(P, (long long)sizeof(T), (long long)E));
}
extern long long gridgenTicks;
void gridgenRunaway();
#define GG_TICK()                                                              \
  do {                                                                         \
    if (++gridgenTicks > 2000000)                                              \
      gridgenRunaway();                                                        \
  } while (0)

using GridgenKernel = void (*)(int *, int *, const int *, int, int);
struct GridgenEntry {
  const char *Name;
  GridgenKernel Fn;
  int Alias; // 0 distinct, 1 b == a, 2 a == &gg_global, 3 b == a + 1
  unsigned Grid[3], Block[3];
  int N, M;
};
#endif

#ifdef __CUDACC__
__device__ int gg_global[GG_INTS];
#else
extern int gg_global[GG_INTS]; // harness.cpp
#endif
#define G (gg_global + GG_PAD)

#endif // GRIDGEN_H
