// Findings (issue 11): each rule fires at the line and column of the
// instruction that causes it, with its rule id, and stays silent on the
// negative case next to it (--implicit-check-not: no other finding of any
// rule may appear). The report lists the same findings per kernel.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   --cuda-device-only -mllvm -gpa-report=%t/r.json -c -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=Access] --implicit-check-not=Kernel] \
// RUN:     --implicit-check-not=Array] --implicit-check-not=Conflict] \
// RUN:     --implicit-check-not=Branch] --implicit-check-not=InLoop] \
// RUN:     --implicit-check-not=TripCount]
// RUN: %python -c "import json; [print(k['name'], f['rule'], f['location']['line']) for k in json.load(open('%t/r.json'))['kernels'] for f in k['findings']]" \
// RUN:   | FileCheck %s --check-prefix=REPORT

// CHECK: findings.cu:[[@LINE+3]]:12: remark: uncoalesced global load of 4 B (strided: 128 B between neighbouring threads): 32 transactions per warp instead of 4, 896 extra DRAM bytes per warp access [UncoalescedAccess]
__global__ void strided(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[I * 32];
}
__global__ void contiguous(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[I];
}

// A100: FP64 at half the FP32 rate (whitepaper: 9.7 vs 19.5 TFLOPS).
// One remark per literal, listing the instructions it put on FP64 (the
// sum joins the first literal's group).
// CHECK: findings.cu:[[@LINE+5]]:14: remark: double-precision arithmetic in a kernel whose data is float, caused by the double literal 0.1: 2 instruction(s) run on FP64 (fmul at [[@LINE+5]]:14, fadd at [[@LINE+5]]:{{[0-9]+}}), which issues 2x slower than FP32 on a100 {{.*}}[DoublePrecisionInFloatKernel]
// CHECK: findings.cu:[[@LINE+4]]:28: remark: double-precision arithmetic {{.*}}the double literal 0.3: 1 instruction(s) run on FP64 (fmul at [[@LINE+4]]:28){{.*}}[DoublePrecisionInFloatKernel]
__global__ void doubleLiteral(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float T = In[I];
  Out[I] = T * 0.1 + T * T * 0.3;
}
__global__ void floatLiteral(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float T = In[I];
  Out[I] = T * 0.1f + T * T * 0.3f;
}

// CHECK: findings.cu:[[@LINE+4]]:10: remark: private array of 128 B indexed at run time lives in local memory{{.*}}[LocalMemoryArray]
__global__ void indexedArray(const float *In, float *Out, int N) {
  float A[32];
  for (int K = 0; K < 32; ++K)
    A[K] = In[threadIdx.x + K * 256];
  Out[threadIdx.x] = A[N & 31];
}
__global__ void constantArray(const float *In, float *Out) {
  float A[4];
  for (int K = 0; K < 4; ++K)
    A[K] = In[threadIdx.x + K * 256];
  Out[threadIdx.x] = A[0] + A[3];
}

// 32 words apart: every thread of a warp in bank 0 (32-way); 33 apart: none.
// CHECK: findings.cu:[[@LINE+4]]:23: remark: 32-way shared-memory bank conflict: a store with a stride of 128 B {{.*}}[SharedBankConflict]
// CHECK: findings.cu:[[@LINE+5]]:22: remark: 32-way shared-memory bank conflict: a load {{.*}}[SharedBankConflict]
__global__ void bankConflict(float *Out) {
  __shared__ float T[32 * 32];
  T[threadIdx.x * 32] = Out[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = T[threadIdx.x * 32 + 1];
}
__global__ void noBankConflict(float *Out) {
  __shared__ float T[32 * 33];
  T[threadIdx.x * 33] = Out[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = T[threadIdx.x * 33 + 1];
}

// An empty side: the lanes that skip wait (every warp splits).
// CHECK: findings.cu:[[@LINE+2]]:23: remark: branch diverges within every warp (threadIdx.x & 1 differs within a warp): the lanes that skip the guarded code wait while the others run it [DivergentBranch]
__global__ void divergent(float *Out) {
  if (threadIdx.x % 2 == 0)
    Out[threadIdx.x] = 1.0f;
}
__global__ void boundsCheck(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 1.0f;
}
__global__ void warpUniform(float *Out) {
  if (threadIdx.x / 32 == 1)
    Out[threadIdx.x] = 1.0f;
}

// PolyBench-style GEMM: without __restrict__ the store to C stays in the
// k loop; with it (and a constant bound) neither finding appears.
// CHECK: findings.cu:[[@LINE+4]]:3: remark: loop trip count is not a compile-time constant: assumed 16 iterations{{.*}}[AssumedTripCount]
// CHECK: findings.cu:[[@LINE+4]]:18: remark: store to an address that does not change in the loop is repeated every iteration because the load at line [[@LINE+4]] may access the same memory{{.*}}__restrict__{{.*}}[AliasKeepsAccessInLoop]
__global__ void gemm(const float *A, const float *B, float *C, int N) {
  int I = blockIdx.y, J = blockIdx.x * blockDim.x + threadIdx.x;
  for (int K = 0; K < N; ++K)
    C[I * N + J] += A[I * N + K] * B[K * N + J];
}
__global__ void gemmRestrict(const float *__restrict__ A,
                             const float *__restrict__ B,
                             float *__restrict__ C) {
  int I = blockIdx.y, J = blockIdx.x * blockDim.x + threadIdx.x;
  for (int K = 0; K < 64; ++K)
    C[I * 64 + J] += A[I * 64 + K] * B[K * 64 + J];
}

// REPORT-DAG: _Z7stridedPKfPf UncoalescedAccess 20
// REPORT-DAG: _Z13doubleLiteralPKfPf DoublePrecisionInFloatKernel 35
// REPORT-DAG: _Z4gemmPKfS0_Pfi AssumedTripCount 95
// REPORT-DAG: _Z4gemmPKfS0_Pfi AliasKeepsAccessInLoop 96
