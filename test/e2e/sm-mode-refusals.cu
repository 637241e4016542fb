// Issue 25: -gpa-rewrite-mode=sm restricts SMs with the grid unchanged, so
// fewer blocks are resident at once; kernels whose blocks wait for each
// other could deadlock. A cooperative kernel (grid.sync()), a kernel
// spinning on a volatile flag, one spinning on an atomic, and a cooperative
// launch are left as written with a remark; a streaming kernel is routed.
// REQUIRES: plugin, cuda
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -I%cuda_path/include/cccl -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -mllvm -gpa-rewrite-mode=sm \
// RUN:   -Rpass=gpu-power-advisor -Rpass-missed=gpu-power-advisor -c %s -o %t.o 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// NM: U __gpa_launch_kernel
// NM: U cudaLaunchCooperativeKernel
//
// auto mode: the cooperative kernel is not grid-independent, so auto would
// restrict its SMs: refused the same way.
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -I%cuda_path/include/cccl -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -mllvm -gpa-rewrite-mode=auto \
// RUN:   -Rpass-missed=gpu-power-advisor -c %s -o %t.auto.o 2> %t.auto.remarks
// RUN: FileCheck %s --check-prefix=AUTO < %t.auto.remarks
// AUTO: remark: launch of cooperative(float*, int) left unchanged: SM restriction refused: it synchronises the grid
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cooperative(float *a, int n) {
  cg::grid_group g = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 1.0f;
  g.sync();
  if (i < n)
    a[i] += a[(i + 1) % n];
}

// Block 0 publishes, the others wait for its flag.
__global__ void spinVolatile(volatile int *flag, float *a) {
  if (blockIdx.x == 0) {
    a[0] = 1.0f;
    __threadfence();
    *flag = 1;
  } else {
    while (*flag == 0)
      ;
    a[blockIdx.x] = a[0];
  }
}

__global__ void spinAtomic(int *flag, float *a) {
  if (blockIdx.x == 0)
    atomicAdd(flag, 1);
  else {
    while (atomicAdd(flag, 0) == 0)
      ;
    a[blockIdx.x] = 1.0f;
  }
}

__global__ void stream(float *a, const float *b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = 2.0f * b[i];
}

void launchAll(float *a, float *b, int *flag, int n) {
  cooperative<<<64, 256>>>(a, n);
  // CHECK-DAG: remark: launch of cooperative(float*, int) left unchanged: SM restriction refused: it synchronises the grid (cooperative groups: {{.*}}%envreg{{.*}}); with fewer SMs not all its blocks are resident at once and it could deadlock
  spinVolatile<<<64, 256>>>(flag, a);
  // CHECK-DAG: remark: launch of spinVolatile(int volatile*, float*) left unchanged: SM restriction refused: a loop in {{.*}} waits on memory other blocks may write (its exit depends on {{.*}}load volatile
  spinAtomic<<<64, 256>>>(flag, a);
  // CHECK-DAG: remark: launch of spinAtomic(int*, float*) left unchanged: SM restriction refused: a loop in {{.*}} waits on memory other blocks may write (its exit depends on {{.*}}atomicrmw
  stream<<<64, 256>>>(a, b, n);
  // CHECK-DAG: remark: launch of stream(float*, float const*, int) routed through libgpa_runtime: {{.*}}its SMs may be restricted with a green context
  void *Args[] = {&a, &n};
  cudaLaunchCooperativeKernel((void *)cooperative, dim3(64), dim3(256), Args);
  // CHECK-DAG: remark: launch of cooperative(float*, int) left unchanged: a cooperative launch (cudaLaunchCooperativeKernel) needs every block resident at once
}
