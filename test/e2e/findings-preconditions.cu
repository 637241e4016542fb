// Each finding rule checks its preconditions (issue 28), on kernels shaped
// like the Rodinia, PolyBench-GPU and Parboil code that broke them: every
// negative case below gave a finding before. --implicit-check-not: no
// finding of any rule but those checked may appear.
// REQUIRES: plugin, cuda
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   --cuda-device-only -c -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=Access] --implicit-check-not=Kernel] \
// RUN:     --implicit-check-not=Array] --implicit-check-not=Conflict] \
// RUN:     --implicit-check-not=Branch] --implicit-check-not=InLoop] \
// RUN:     --implicit-check-not=__clang_cuda
// With -gpa-system-header-findings the library's own findings (sinf's
// argument reduction in clang's __clang_cuda_math.h) are listed too.
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   --cuda-device-only -mllvm -gpa-system-header-findings -c -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HEADERS
// `gpa analyze` in text lists the same findings, file:line:col first
// (issue 28), and counts the hidden ones among the assumptions.
// RUN: %gpa analyze --gpu a100 --format text %s -- -gline-tables-only \
// RUN:   | FileCheck %s --check-prefix=TEXT
// TEXT: kernel guardedColumn(float*)
// TEXT: finding     {{.*}}findings-preconditions.cu:72:9: 8-way shared-memory bank conflict{{.*}}[SharedBankConflict]
// TEXT: kernel modulo(float const*, float*, int)
// TEXT-NOT: Access]
// TEXT: kernel sine(float const*, float*)
// TEXT: assumes     system_header_findings: 2

#define BLOCK 16

// Rodinia hotspot/pathfinder: a __shared__ tile re-read in a loop with
// __syncthreads(). Other threads write it between iterations, and
// __restrict__ does not speak of shared memory: no AliasKeepsAccessInLoop.
__global__ void sharedTileLoop(float *Out, int Steps) {
  __shared__ float T[BLOCK][BLOCK];
  int X = threadIdx.x, Y = threadIdx.y;
  T[Y][X] = Out[Y * BLOCK + X];
  for (int S = 0; S < Steps; ++S) {
    __syncthreads();
    float V = T[Y][X] + T[(Y + 1) % BLOCK][X];
    __syncthreads();
    T[Y][X] = V;
  }
  Out[Y * BLOCK + X] = T[Y][X];
}

// Rodinia srad reduce: a __shared__ accumulator without a barrier in the
// loop is still shared memory: no finding.
__global__ void sharedAccumulator(const float *In, float *Out, int N) {
  __shared__ float Sum[256];
  Sum[threadIdx.x] = 0;
  for (int I = 0; I < N; ++I)
    Sum[threadIdx.x] += In[I * 256 + threadIdx.x];
  Out[threadIdx.x] = Sum[threadIdx.x];
}

// Rodinia backprop: a column read of a shared tile by one thread under
// if (tx == 0) has one active lane: no conflict. Under tx < 16 (lud) 16
// lanes 16 words apart put 8 distinct words in banks 0 and 16: 8-way
// (CUDA C++ Programming Guide, "Shared Memory": words 16k, k = 0..15).
__global__ void guardedColumn(float *Out) {
  __shared__ float W[BLOCK][BLOCK];
  int X = threadIdx.x % BLOCK, Y = threadIdx.x / BLOCK;
  W[Y % BLOCK][X] = Out[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    Out[blockIdx.x] = W[threadIdx.x][1];
  if (threadIdx.x < 16)
    Out[threadIdx.x + 64] =
        // CHECK: findings-preconditions.cu:[[@LINE+1]]:9: remark: 8-way shared-memory bank conflict: a load with a stride of 64 B between neighbouring threads is replayed 8 times per warp (16 lanes under its guard; blockDim.x of 32 or more assumed (a narrower block spreads a warp over rows: give the launch's block with -gpa-block-size (gpa: --block-size) or a launch file)) [SharedBankConflict]
        W[threadIdx.x][2];
}

// Rodinia srad reduce: one thread writes the block's result under
// tx == 255, the other side empty: not a divergent branch (both sides with
// work stay one: test/e2e/findings.cu).
__global__ void lastThread(const float *In, float *Out) {
  __shared__ float Acc[256];
  Acc[threadIdx.x] = In[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 255)
    Out[blockIdx.x] = Acc[255];
}

// Rodinia hotspot: one double literal promotes the whole expression; one
// remark at the literal lists every instruction it put on FP64.
__global__ void promotedChain(const float *T, float *Out, float R) {
  int I = blockIdx.x * blockDim.x + threadIdx.x + 1;
  // CHECK: findings-preconditions.cu:[[@LINE+1]]:46: remark: double-precision arithmetic in a kernel whose data is float, caused by the double literal 2: 4 instruction(s) run on FP64 (fmul at [[@LINE+1]]:46, fsub at [[@LINE+1]]:40, fmul at [[@LINE+1]]:54, fadd at [[@LINE+1]]:17), which issues 2x slower {{.*}}[DoublePrecisionInFloatKernel]
  Out[I] = T[I] + (T[I - 1] + T[I + 1] - 2.0 * T[I]) * R;
}

// Parboil stencil: a select between a global and a shared address, both
// with unit lane stride, is coalesced, not data-dependent.
__global__ void globalOrShared(const float *A, float *Out, int Last) {
  __shared__ float S[256 + 2];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  S[threadIdx.x + 1] = A[I];
  __syncthreads();
  bool Edge = threadIdx.x == Last;
  Out[I] = Edge ? A[I + 1] : S[threadIdx.x + 2];
}

// Rodinia bfs / nn: the two fields of one 8-byte struct read together share
// their sectors (no strided finding); the graph gather through an index
// array is possibly uncoalesced, up to one transaction per lane.
struct Node {
  int Start, Count;
};
__global__ void graphGather(const Node *Nodes, const int *Edges,
                            const float *Cost, float *Out) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: findings-preconditions.cu:[[@LINE+1]]:11: remark: possibly uncoalesced global load of 4 B (data_dependent: an address loaded from thread-dependent data, a gather): up to 32 transactions per warp (4 if neighbouring threads' addresses are adjacent){{.*}}the estimate counts the worst case [UncoalescedAccess]
  int E = Edges[Nodes[T].Start + Nodes[T].Count];
  // CHECK: findings-preconditions.cu:[[@LINE+1]]:12: remark: possibly uncoalesced global load of 4 B (data_dependent{{.*}}[UncoalescedAccess]
  Out[T] = Cost[E];
}

// Rodinia srad: a run-time modulus of the thread index moves as the index
// within a row of Rows (rows assumed at least a warp long, docs/models.md
// "Rows of a run-time divisor"): coalesced, no finding (before, "could not
// be analysed").
__global__ void modulo(const float *In, float *Out, int Rows) {
  int E = blockIdx.x * blockDim.x + threadIdx.x;
  int Row = (E + 1) % Rows;
  Out[E] = In[Row];
}

// A float kernel calling sinf: libdevice's argument reduction (double
// constants, a private array) lives in clang's header, not the user's code.
// HEADERS: __clang_cuda_math.h:{{[0-9]+}}:{{[0-9]+}}: remark: {{.*}}[DoublePrecisionInFloatKernel]
__global__ void sine(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = sinf(In[I]);
}
