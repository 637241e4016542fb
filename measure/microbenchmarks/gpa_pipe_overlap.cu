// gpa_pipe_overlap.cu - do two pipes overlap or add up on the GPU at hand?
//
// SPDX-License-Identifier: Apache-2.0
//
// Written for GpuPowerAdvisor (issue 10; docs/validation.md, "Pipe overlap
// on hardware (to run)"). The timing model on Volta-and-later GPU files
// takes a warp's compute time as the larger of its instructions over the
// issue slots and its busiest pipe ("concurrent pipes", docs/models.md);
// HK09 summed all units. These kernels measure, for three pipe pairs, the
// time of each pipe alone and of mixes of both, so bench/pipe_overlap.py
// can say whether the hardware follows the busiest pipe or the sum:
//
//   FP32 + shared: FFMA with a constant-bank operand, LDS.32 conflict-free
//   FP32 + XU:     FFMA as above, F2I/I2F conversions (the XU pipe on cc 8.0)
//   XU + L1:       the conversions, LDG.32 that hit L1
//
// Every kernel runs one loop of GPA_TRIPS iterations (kept as a loop:
// `#pragma unroll 1`) whose body is fully unrolled; the kernel name is
// overlap_MIX_iTRIPS, the suite's FAMILY_iINTENSITY convention, so
// gpa-measure runs this file unchanged (`--ptx gpa_pipe_overlap.ptx`).
// Each kernel takes (const void *in, void *out), runs 256 threads per block,
// reads at most 16 KiB of `in` (every block the same 16 KiB, so LDG hits
// L1) and writes one 4-byte value per thread to `out`.
//
// Per loop iteration the SASS of nvcc 13.0 -arch=sm_80 holds the counts in
// each kernel's comment (below); measure/microbenchmarks/
// gpa_pipe_overlap.sass.json records them for sm_80 and sm_90 and
// test/cli/pipe-overlap-sass.test checks them.
//
// How each instruction is kept (the compilers may drop dead or redundant
// work): FFMA and conversions form 8 independent chains whose results are
// written out; LDS is `ld.volatile.shared` (plain LDS in SASS; volatile so
// ptxas keeps loads whose values are dead); LDG is a weak `ld.global.u32`
// (plain LDG.E, cached in L1 since Volta; nvcc 13 turns `.ca` and __ldca
// into LDG.E.STRONG.SM) whose values are XORed into 4 accumulators, which
// ptxas folds into one 3-input LOP3 per two loads (the INT pipe, neither
// of the pipes the L1 pair measures; the pure LDG kernel carries the same
// LOP3s per load, so its time per LDG includes them). The window of the
// loads alternates between two 8 KiB halves with the iteration so that no
// load is loop-invariant.

#define GPA_THREADS 256
#define GPA_TRIPS 64 // the kernels' names say _i64
#define GPA_KERNEL extern "C" __global__ void __launch_bounds__(GPA_THREADS)

// Eight FFMA multipliers read from the constant bank (c[0x3][...]): not
// `const`, so the compiler cannot fold them into immediates.
__constant__ float gpaOverlapCoefficients[8] = {0.999f, 0.998f, 0.997f, 0.996f,
                                                1.001f, 1.002f, 1.003f, 1.004f};

enum class Op { None, Ffma, Lds, Xu, Ldg };

struct Lanes {
  float Acc[8];           // FFMA chains
  float Conv[8];          // conversion chains (float side)
  int ConvInt[8];         // conversion chains (integer side)
  float Loaded[8];        // LDS destinations
  unsigned Xor[4];        // LDG consumers
  float Bias;             // FFMA addend (a register)
  unsigned SharedBase;    // this thread's shared address (conflict-free)
  const unsigned *Window; // this thread's global words, this iteration
};

__device__ __forceinline__ float ldsVolatile(unsigned Address) {
  float V;
  asm volatile("ld.volatile.shared.f32 %0, [%1];" : "=f"(V) : "r"(Address));
  return V;
}

__device__ __forceinline__ unsigned ldgWeak(const unsigned *P) {
  unsigned V;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(V) : "l"(P));
  return V;
}

__device__ __forceinline__ int f2i(float X) {
  int N;
  asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(N) : "f"(X));
  return N;
}

__device__ __forceinline__ float i2f(int N) {
  float X;
  asm("cvt.rn.f32.s32 %0, %1;" : "=f"(X) : "r"(N));
  return X;
}

// The S-th instruction of kind K in an iteration.
template <Op K> __device__ __forceinline__ void emit(Lanes &L, int S) {
  if constexpr (K == Op::Ffma) {
    L.Acc[S % 8] = fmaf(L.Acc[S % 8], gpaOverlapCoefficients[S % 8], L.Bias);
  } else if constexpr (K == Op::Lds) {
    // Slot S % 8 of 8 KiB: 256 consecutive floats, one per thread.
    L.Loaded[S % 8] = ldsVolatile(L.SharedBase + (S % 8) * GPA_THREADS * 4);
  } else if constexpr (K == Op::Xu) {
    // Even S: F2I of chain S / 2 % 8; odd S: I2F back.
    int C = S / 2 % 8;
    if (S % 2 == 0)
      L.ConvInt[C] = f2i(L.Conv[C]);
    else
      L.Conv[C] = i2f(L.ConvInt[C]);
  } else if constexpr (K == Op::Ldg) {
    // One 128-byte line per warp, S-th of the window's 64.
    L.Xor[S % 4] ^= ldgWeak(L.Window + S * 32);
  }
}

// One iteration: CountA instructions of kind A with CountB of kind B spread
// evenly among them (CountA a multiple of CountB).
template <Op A, int CountA, Op B, int CountB>
__device__ __forceinline__ void iteration(Lanes &L) {
  static_assert(CountB == 0 || CountA % CountB == 0, "even interleave");
#pragma unroll
  for (int S = 0; S < CountA; ++S) {
    emit<A>(L, S);
    if constexpr (CountB > 0)
      if ((S + 1) % (CountA / CountB) == 0)
        emit<B>(L, S / (CountA / CountB));
  }
}

template <Op A, int CountA, Op B, int CountB>
__device__ __forceinline__ void overlapKernel(const void *In, void *Out) {
  __shared__ float Tile[8 * GPA_THREADS];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned *Words = static_cast<const unsigned *>(In);
  float X = __uint_as_float(Words[threadIdx.x]);
  Lanes L;
#pragma unroll
  for (int C = 0; C < 8; ++C) {
    Tile[C * GPA_THREADS + threadIdx.x] = X;
    L.Acc[C] = X + C;
    L.Conv[C] = X * (C + 1);
    L.ConvInt[C] = C;
    L.Loaded[C] = 0;
  }
#pragma unroll
  for (int C = 0; C < 4; ++C)
    L.Xor[C] = 0;
  L.Bias = X * 1e-3f;
  L.SharedBase =
      static_cast<unsigned>(__cvta_generic_to_shared(Tile + threadIdx.x));
  __syncthreads();
#pragma unroll 1
  for (int K = 0; K < GPA_TRIPS; ++K) {
    L.Window = Words + (threadIdx.x % 32) + (K % 2) * 2048;
    iteration<A, CountA, B, CountB>(L);
  }
  float R = 0;
#pragma unroll
  for (int C = 0; C < 8; ++C)
    R += L.Acc[C] + L.Conv[C] + L.Loaded[C] + static_cast<float>(L.ConvInt[C]);
  R += __uint_as_float(L.Xor[0] ^ L.Xor[1] ^ L.Xor[2] ^ L.Xor[3]);
  static_cast<float *>(Out)[I] = R;
}

#define GPA_OVERLAP(Name, A, CountA, B, CountB)                                \
  GPA_KERNEL overlap_##Name##_i64(const void *in, void *out) {                 \
    overlapKernel<Op::A, CountA, Op::B, CountB>(in, out);                      \
  }

// SASS per loop iteration, nvcc 13.0 -arch=sm_80 (gpa_pipe_overlap.sass.json
// has these and sm_90's, where I2FP.F32.S32 replaces I2F); "+N" is the loop
// overhead (counter, compare, branch; the LDG kernels' window address and
// register moves).
// FP32 + shared (FP32 0.5, LSU 1 SM-cycle per warp-instruction on GA100 by
// the whitepaper's lanes: 2:1 is where the two pipes' times are equal).
GPA_OVERLAP(ffma, Ffma, 64, None, 0)       // 64 FFMA +3
GPA_OVERLAP(lds, Lds, 64, None, 0)         // 64 LDS +3
GPA_OVERLAP(ffma4_lds1, Ffma, 64, Lds, 16) // 64 FFMA, 16 LDS +3
GPA_OVERLAP(ffma2_lds1, Ffma, 64, Lds, 32) // 64 FFMA, 32 LDS +3
GPA_OVERLAP(ffma1_lds1, Ffma, 64, Lds, 64) // 64 FFMA, 64 LDS +3
// FP32 + XU (XU 2 SM-cycles per conversion on cc 8.0: equal times at 4:1).
GPA_OVERLAP(xu, Xu, 64, None, 0)         // 32 F2I, 32 I2F +3
GPA_OVERLAP(ffma8_xu1, Ffma, 64, Xu, 8)  // 64 FFMA, 4 F2I, 4 I2F +3
GPA_OVERLAP(ffma4_xu1, Ffma, 64, Xu, 16) // 64 FFMA, 8 F2I, 8 I2F +3
GPA_OVERLAP(ffma2_xu1, Ffma, 64, Xu, 32) // 64 FFMA, 16 F2I, 16 I2F +3
// XU + L1 (an L1-hit LDG.32 of a warp: one 128-byte line, 1 SM-cycle at
// 128 B/clk: equal times at 1:2).
GPA_OVERLAP(ldg, Ldg, 64, None, 0)     // 64 LDG, 33 LOP3 +5
GPA_OVERLAP(xu2_ldg1, Xu, 64, Ldg, 32) // 32 F2I, 32 I2F, 32 LDG, 17 LOP3 +7
GPA_OVERLAP(xu1_ldg1, Xu, 64, Ldg, 64) // 32 F2I, 32 I2F, 64 LDG, 33 LOP3 +7
GPA_OVERLAP(xu1_ldg2, Ldg, 64, Xu, 32) // 16 F2I, 16 I2F, 64 LDG, 33 LOP3 +8
