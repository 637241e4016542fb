// Budgets hold for real launches (issue 11): with the launch sites of a full
// compile in the report, `gpa check` evaluates a per-launch energy limit on
// the named kernel (Inputs/launch-energy-budget.json: under 300 W and 1 mJ
// per launch, as docs/ci.md recommends for such limits) at each launch
// instead of at the assumed grid. 120 blocks of 256 threads meet it;
// 100000 blocks of the same kernel need about 18 mJ on the a100 model and
// fail, reported at the launch line.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -DGRID=120 \
// RUN:   -mllvm -gpa-report=%t/small.%arch.json -c -o %t/small.o %s
// RUN: %gpa check --budget %S/Inputs/launch-energy-budget.json %t/small.sm_80.json | FileCheck %s --check-prefix=PASS
// PASS: 0 budget violations in 1 budgeted of 1 kernels
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -DGRID=100000 \
// RUN:   -mllvm -gpa-report=%t/huge.%arch.json -c -o %t/huge.o %s
// RUN: not %gpa check --budget %S/Inputs/launch-energy-budget.json %t/huge.sm_80.json | FileCheck %s --check-prefix=FAIL
// FAIL: budget-launch.cu:[[@LINE+11]]:{{[0-9]+}}: error: scale(float*, float, int): max_energy_j exceeded (budget '*scale*'): predicted {{[0-9.]+}}, limit 0.001
// FAIL: 1 budget violation in 1 budgeted of 1 kernels

__global__ void scale(float *Data, float Factor, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] *= Factor;
}
#ifndef GRID
#define GRID 120
#endif
void run(float *D) { scale<<<GRID, 256>>>(D, 2.f, GRID * 256); }
