// One answer per launch in a full compile (issue 28 s.3). The kernels and
// launches follow PolyBench-GPU 1.0's ATAX and CORR (sgrauerg/polybenchGpu:
// NX = NY = 4096, blocks of 32x8 and grids of NX/32 = 128 blocks for ATAX;
// M = N = 2048, blocks of 256 and a grid of M/256 = 8 blocks for CORR's
// mean_kernel), written again for this test. Before, the device remark said
// "108 of 108 SMs, launch as written is best" for atax_kernel1 while its
// launch said "64 of 108 SMs: change recommended", and mean_kernel "54 of
// 108" against "4 of 8", with nothing saying why.
//
// Now: the device remark says its answer is for an assumed launch (108 SMs
// x 8 resident blocks of 256 threads = 864 blocks); each launch site gives
// the answer for the launch written there and says why it differs from the
// device remark (the grid); the host's kernel-level remark, at the kernel's
// line, speaks of those launches and names each one, with the same numbers
// as the launch sites (FileCheck variables); the report's kernel entries
// say what their own advice describes and list each launch's answer, the
// same as its launch_sites entry.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   -mllvm -gpa-report=%t/r.%arch.json -c -o %t/k.o %s 2> %t/remarks
// RUN: FileCheck %s --check-prefix=DEVICE < %t/remarks
// RUN: FileCheck %s --check-prefix=HOST < %t/remarks
// RUN: %python %inputs/passes/one_answer.py %t/r.sm_80.json | FileCheck %s --check-prefix=REPORT

#define NX 4096
#define NY 4096
#define M 2048
#define N 2048

// DEVICE: one-answer.cu:[[@LINE+1]]:{{[0-9]+}}: remark: atax_kernel1(int, int, float*, float*, float*) on a100: {{[a-z-]+}}: {{.*}}, for the assumed launch of 864 blocks x 256 threads; details: MWP {{.*}}; recommended {{[0-9]+}} of 108 SMs
__global__ void atax_kernel1(int nx, int ny, float *A, float *x, float *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nx) {
    tmp[i] = 0;
    for (int j = 0; j < ny; j++)
      tmp[i] += A[i * NY + j] * x[j];
  }
}

// DEVICE: one-answer.cu:[[@LINE+1]]:{{[0-9]+}}: remark: mean_kernel(int, int, float*, float*) on a100: {{[a-z-]+}}: {{.*}}, for the assumed launch of 864 blocks x 256 threads; details: MWP {{.*}}; recommended {{[0-9]+}} of 108 SMs
__global__ void mean_kernel(int m, int n, float *mean, float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; i++)
      mean[j] += data[i * M + j];
    mean[j] /= 3214212.01f;
  }
}

// The launch sites, then the host's kernel-level answers (at the kernels'
// lines, 33 and 43), with the launch sites' numbers.
// HOST: one-answer.cu:[[@LINE+7]]:{{[0-9]+}}: remark: launch of atax_kernel1(int, int, float*, float*, float*) on a100 (sm_80): grid 128 = 128 blocks (constant), block 32x8 = 256 threads (constant), {{.*}}; recommended [[ATAX:[0-9]+]] of 108 SMs{{.*}}; the kernel's remark at {{.*}}one-answer.cu:33 answers for the assumed launch of 864 blocks x 256 threads ({{[0-9]+}} of 108 SMs, {{[a-z ]+}}): a different grid (864 blocks there, 128 here)
// HOST: one-answer.cu:[[@LINE+7]]:{{[0-9]+}}: remark: launch of mean_kernel(int, int, float*, float*) on a100 (sm_80): grid 8 = 8 blocks (constant), block 256 = 256 threads (constant), {{.*}}; recommended [[MEAN:[0-9]+]] of 8 SMs (a grid of 8 blocks fills at most 8 of the GPU's 108){{.*}}; the kernel's remark at {{.*}}one-answer.cu:43 answers for the assumed launch of 864 blocks x 256 threads ({{[0-9]+}} of 108 SMs, {{[a-z ]+}}): a different grid (864 blocks there, 8 here)
// HOST: one-answer.cu:33:1: remark: atax_kernel1(int, int, float*, float*, float*) on a100 (sm_80) as this file launches it, 1 launch site: {{.*}}one-answer.cu:62:{{[0-9]+}} (128 blocks x 256 threads, constant): recommended [[ATAX]] of 108 SMs{{.*}}; the device remark at {{.*}}one-answer.cu:33 answers for the assumed launch of 864 blocks x 256 threads
// HOST: one-answer.cu:43:1: remark: mean_kernel(int, int, float*, float*) on a100 (sm_80) as this file launches it, 1 launch site: {{.*}}one-answer.cu:63:{{[0-9]+}} (8 blocks x 256 threads, constant): recommended [[MEAN]] of 8 SMs
void run(float *A, float *x, float *tmp, float *mean, float *data) {
  dim3 block(32, 8);
  dim3 grid1(NX / 32, 1);
  atax_kernel1<<<grid1, block>>>(NX, NY, A, x, tmp);
  mean_kernel<<<M / 256, 256>>>(M, N, mean, data);
}

// REPORT: _Z12atax_kernel1iiPfS_S_ describes: the assumed launch of 864 blocks x 256 threads; the 1 launch site(s) this file writes are answered in `launches`
// REPORT-NEXT:   launch {{.*}}one-answer.cu:62:{{[0-9]+}} blocks 128 sms {{[0-9]+}} of 108 same
// REPORT-NEXT: _Z11mean_kerneliiPfS_ describes: the assumed launch of 864 blocks x 256 threads; the 1 launch site(s) this file writes are answered in `launches`
// REPORT-NEXT:   launch {{.*}}one-answer.cu:63:{{[0-9]+}} blocks 8 sms {{[0-9]+}} of 8 same
