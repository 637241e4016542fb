// Launch configurations read from the host code of a full compile (issue
// 11): constants, dim3 built from constants, values folded from constants,
// ranges known from a dominating condition, and unknown values. Each launch
// site gets its own remark at its line and its own report entry; two sites
// of one kernel with different grids give two different predictions.
// Registers and static shared memory come from the cubin ptxas produced,
// compared here with `ptxas -v` on the same PTX.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   -mllvm -gpa-report=%t/r.%arch.json -c -o %t/k.o %s 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: %python %inputs/passes/launch_sites.py %t/r.sm_80.json | FileCheck %s --check-prefix=SITE
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 --cuda-device-only -S -o %t/k.ptx %s
// RUN: %cuda_path/bin/ptxas -v --gpu-name sm_80 -o %t/k.cubin %t/k.ptx 2> %t/ptxas.txt
// RUN: %python %inputs/passes/compare_ptxas.py %t/ptxas.txt %t/r.sm_80.json | FileCheck %s --check-prefix=PTXAS

__global__ void scale(float *Data, float Factor, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] *= Factor;
}

__global__ void reverse(float *Data) {
  __shared__ float Tile[256];
  Tile[threadIdx.x] = Data[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  Data[blockIdx.x * 256 + threadIdx.x] = Tile[255 - threadIdx.x];
}

// REMARK: launch-sites.cu:[[@LINE+2]]:{{[0-9]+}}: remark: launch of scale(float*, float, int) on a100 (sm_80): grid 120 = 120 blocks (constant), block 256 = 256 threads (constant), dynamic shared 0 B (constant), {{[0-9]+}} registers/thread (cubin); MWP
// SITE: launch-sites.cu:[[@LINE+1]] _Z5scalePffi grid=120(constant) block=256(constant) smem=0(constant) regs={{[0-9]+}}(cubin) shared=0(cubin)
void constant(float *D) { scale<<<120, 256>>>(D, 2.f, 30720); }

// REMARK: launch-sites.cu:[[@LINE+2]]:{{[0-9]+}}: remark: launch of scale(float*, float, int) on a100 (sm_80): grid 4000 = 4000 blocks (constant), block 256 = 256 threads (constant), {{.*}}; MWP {{[0-9.]+}}, CWP {{[0-9.]+}}
// SITE: launch-sites.cu:[[@LINE+1]] _Z5scalePffi grid=4000(constant) block=256(constant)
void folded(float *D) { int N = 1024000; scale<<<(N + 255) / 256, 256>>>(D, 2.f, N); }

// REMARK: launch-sites.cu:[[@LINE+4]]:{{[0-9]+}}: remark: launch of reverse(float*) on a100 (sm_80): grid 4x5 = 20 blocks (constant), block 32x8 = 256 threads (constant), dynamic shared 512 B (constant), {{[0-9]+}} registers/thread (cubin)
// SITE: launch-sites.cu:[[@LINE+3]] _Z7reversePf grid=20(constant) block=256(constant) smem=512(constant) regs={{[0-9]+}}(cubin) shared=1024(cubin)
void twoD(float *D) {
  dim3 Block(32, 8), Grid(4, 5);
  reverse<<<Grid, Block, 512>>>(D);
}

// REMARK: launch-sites.cu:[[@LINE+3]]:{{[0-9]+}}: remark: launch of scale(float*, float, int) on a100 (sm_80): grid 65..4095 = {{[0-9]+}} blocks (assumed), block 128
// SITE: launch-sites.cu:[[@LINE+2]] _Z5scalePffi grid={{[0-9]+}}(assumed)[65..4095] block=128(constant) {{.*}} reason=the grid is known only as the range 65..4095
void ranged(float *D, int N) {
  if (N > 64 && N < 4096) scale<<<N, 128>>>(D, 2.f, N * 128);
}

// REMARK: launch-sites.cu:[[@LINE+2]]:{{[0-9]+}}: remark: launch of scale(float*, float, int) on a100 (sm_80): grid ? = {{[0-9]+}} blocks (assumed), block 128
// SITE: launch-sites.cu:[[@LINE+1]] _Z5scalePffi grid={{[0-9]+}}(assumed) block=128(constant)
void unknown(float *D, int N) { scale<<<N, 128>>>(D, 2.f, N * 128); }

// PTXAS: _Z5scalePffi registers ptxas={{[0-9]+}} report=same
// PTXAS: _Z7reversePf registers ptxas={{[0-9]+}} report=same
// PTXAS: _Z7reversePf shared ptxas=1024 report=same
