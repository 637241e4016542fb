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
// More of CUDA's atomics and qualifiers (one thread at a time, as in
// emulation.h).
#ifndef __global__
#define __global__
#endif
#ifndef __device__
#define __device__
#endif
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
// A template, so that an emulation.h that has this overload wins overload
// resolution instead of clashing with it.
template <class Unused = void>
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
