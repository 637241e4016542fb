// gpa_session.cu - the kernels of gpa-session (issue 29; docs/gpu-session.md)
//
// SPDX-License-Identifier: Apache-2.0
//
// Written for GpuPowerAdvisor. gpa-session loads this file's PTX through the
// CUDA driver and measures, on the GPU at hand and at its clocks as found:
//  - time and board energy against the number of active SMs, by green-context
//    SM partitions and by grid size (the two mechanisms the product
//    recommends: docs/launch-rewrite.md), for a streaming read, a triad and
//    an FFMA-bound kernel;
//  - DRAM bandwidth against warps in flight (STREAM-like read, copy and
//    triad, 2 blocks per SM, 32 to 1024 threads per block) with 1, 2 and 4
//    independent 8-byte loads per thread per iteration.
// Every kernel is a grid-stride loop over n doubles (`i += U * stride`), so
// the same total work is done by any grid; the U loads of an iteration are
// independent (addresses i + k * stride), which is what "loads in flight per
// warp" means in Little's law. Results are only written where a condition
// no input meets holds (read, ffma), so those kernels move no write traffic.

#define GPA_SESSION_KERNEL extern "C" __global__ void

template <int U>
__device__ __forceinline__ void readLoop(const double *__restrict__ A,
                                         double *Out, unsigned long long N) {
  unsigned long long Stride = (unsigned long long)blockDim.x * gridDim.x;
  unsigned long long I = (unsigned long long)blockIdx.x * blockDim.x +
                         threadIdx.x;
  double Acc = 0;
  for (; I + (U - 1) * Stride < N; I += U * Stride) {
    double V[U];
#pragma unroll
    for (int K = 0; K < U; ++K)
      V[K] = A[I + K * Stride];
#pragma unroll
    for (int K = 0; K < U; ++K)
      Acc += V[K];
  }
  if (Acc == -1.0) // inputs are non-negative: never taken
    Out[blockIdx.x] = Acc;
}

template <int U>
__device__ __forceinline__ void copyLoop(const double *__restrict__ A,
                                         double *__restrict__ B,
                                         unsigned long long N) {
  unsigned long long Stride = (unsigned long long)blockDim.x * gridDim.x;
  unsigned long long I = (unsigned long long)blockIdx.x * blockDim.x +
                         threadIdx.x;
  for (; I + (U - 1) * Stride < N; I += U * Stride) {
    double V[U];
#pragma unroll
    for (int K = 0; K < U; ++K)
      V[K] = A[I + K * Stride];
#pragma unroll
    for (int K = 0; K < U; ++K)
      B[I + K * Stride] = V[K];
  }
}

template <int U>
__device__ __forceinline__ void triadLoop(double *__restrict__ A,
                                          const double *__restrict__ B,
                                          const double *__restrict__ C,
                                          double S, unsigned long long N) {
  unsigned long long Stride = (unsigned long long)blockDim.x * gridDim.x;
  unsigned long long I = (unsigned long long)blockIdx.x * blockDim.x +
                         threadIdx.x;
  for (; I + (U - 1) * Stride < N; I += U * Stride) {
    double X[U], Y[U];
#pragma unroll
    for (int K = 0; K < U; ++K) {
      X[K] = B[I + K * Stride];
      Y[K] = C[I + K * Stride];
    }
#pragma unroll
    for (int K = 0; K < U; ++K)
      A[I + K * Stride] = X[K] + S * Y[K];
  }
}

GPA_SESSION_KERNEL session_read_u1(const double *A, double *Out,
                                   unsigned long long N) {
  readLoop<1>(A, Out, N);
}
GPA_SESSION_KERNEL session_read_u2(const double *A, double *Out,
                                   unsigned long long N) {
  readLoop<2>(A, Out, N);
}
GPA_SESSION_KERNEL session_read_u4(const double *A, double *Out,
                                   unsigned long long N) {
  readLoop<4>(A, Out, N);
}
GPA_SESSION_KERNEL session_copy_u1(const double *A, double *B,
                                   unsigned long long N) {
  copyLoop<1>(A, B, N);
}
GPA_SESSION_KERNEL session_copy_u2(const double *A, double *B,
                                   unsigned long long N) {
  copyLoop<2>(A, B, N);
}
GPA_SESSION_KERNEL session_copy_u4(const double *A, double *B,
                                   unsigned long long N) {
  copyLoop<4>(A, B, N);
}
GPA_SESSION_KERNEL session_triad_u1(double *A, const double *B,
                                    const double *C, double S,
                                    unsigned long long N) {
  triadLoop<1>(A, B, C, S, N);
}
GPA_SESSION_KERNEL session_triad_u2(double *A, const double *B,
                                    const double *C, double S,
                                    unsigned long long N) {
  triadLoop<2>(A, B, C, S, N);
}
GPA_SESSION_KERNEL session_triad_u4(double *A, const double *B,
                                    const double *C, double S,
                                    unsigned long long N) {
  triadLoop<4>(A, B, C, S, N);
}

// FFMA-bound: N work items in a grid-stride loop, each 8 independent chains
// of `Rounds` x 16 FFMAs on registers (no memory traffic but one read of a
// scalar); 2 * 8 * 16 * Rounds FLOP per item.
GPA_SESSION_KERNEL session_ffma(const float *Seed, float *Out,
                                unsigned long long N, int Rounds) {
  unsigned long long Stride = (unsigned long long)blockDim.x * gridDim.x;
  float S = Seed[0];
  float Acc = 0;
  for (unsigned long long I =
           (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
       I < N; I += Stride) {
    float C[8];
#pragma unroll
    for (int K = 0; K < 8; ++K)
      C[K] = (float)(I & 7) + K;
    for (int R = 0; R < Rounds; ++R)
#pragma unroll
      for (int J = 0; J < 16; ++J)
#pragma unroll
        for (int K = 0; K < 8; ++K)
          C[K] = C[K] * S + 0.5f;
#pragma unroll
    for (int K = 0; K < 8; ++K)
      Acc += C[K];
  }
  if (Acc == -1.0f) // S is in (0, 1): never taken
    Out[blockIdx.x] = Acc;
}

// Which SMs ran this grid: one bit per SM (%smid), set by each block's first
// thread. gpa-session launches it on each green-context partition to check
// the number of SMs the driver gave it.
GPA_SESSION_KERNEL session_smid(unsigned *Mask) {
  if (threadIdx.x == 0) {
    unsigned Sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(Sm));
    atomicOr(&Mask[Sm / 32], 1u << (Sm % 32));
  }
  // Keep the block resident for a while so later blocks spread over the
  // partition's SMs rather than reusing the first one.
  long long Start = clock64();
  while (clock64() - Start < 20000)
    ;
}

// Stores in a loop (docs/models.md "Stores do not hold a warp"): the read's
// grid-stride loop with one store per iteration of the running sum, either
// to the thread's own element every iteration (`tmp[i] += a[j]` once the
// compiler forwards the load: the same address each time) or to the element
// just read (a copy-like stream). Against session_read_u1 at the same
// launch, the difference is what each kind of store costs a warp. A and Out
// may alias, so the stores stay in the loop.
GPA_SESSION_KERNEL session_store_same(const double *A, double *Out,
                                      unsigned long long N) {
  unsigned long long Stride = (unsigned long long)blockDim.x * gridDim.x;
  unsigned long long Own =
      (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  double Acc = 0;
  for (unsigned long long I = Own; I < N; I += Stride) {
    Acc += A[I];
    Out[Own] = Acc;
  }
}
GPA_SESSION_KERNEL session_store_moving(const double *A, double *Out,
                                        unsigned long long N) {
  unsigned long long Stride = (unsigned long long)blockDim.x * gridDim.x;
  double Acc = 0;
  for (unsigned long long I =
           (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
       I < N; I += Stride) {
    Acc += A[I];
    Out[I] = Acc;
  }
}
