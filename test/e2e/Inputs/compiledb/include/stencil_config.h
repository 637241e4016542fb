// Problem size and element type of stencil2d.cu, set per build as
// PolyBench-style benchmarks do (-DSTENCIL_N=..., -DSTENCIL_DOUBLE).
#ifndef STENCIL_CONFIG_H
#define STENCIL_CONFIG_H
#ifndef STENCIL_N
#error "STENCIL_N must be defined (-DSTENCIL_N=...)"
#endif
#ifdef STENCIL_DOUBLE
typedef double elem_t;
#else
typedef float elem_t;
#endif
#define STENCIL_BLOCK 256
#endif
