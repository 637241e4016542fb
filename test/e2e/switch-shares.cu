// A switch's successors keep LLVM's static shares (the branch rules decide
// two-way branches only), and every share that is not 0 or 1 is listed as
// an assumption with its source, so no weight removes work silently
// (docs/models.md "Branch weights"). Without weights in the IR,
// BranchProbabilityInfo gives each of a switch's N successors 1/N: here 4
// successors (cases 0, 7, 399 and the default), 0.25 each. With
// __builtin_expect the weights are the code's: listed as given.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only --cuda-device-only -S -emit-llvm -o %t/k.ll %s
// RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t/r.json -disable-output %t/k.ll
// RUN: %python %inputs/passes/report_fields.py %t/r.json assumptions | FileCheck %s
// CHECK: _Z8boundaryPfi assumptions.switch_case_probability {{.*}}switch-shares.cu:[[LINE:[0-9]+]] (case 0).kind="assumed"
// CHECK-NEXT: (case 0).source="P(case 0): LLVM's static branch heuristics (BranchProbabilityInfo) for one of the switch's 4 successors"
// CHECK-NEXT: (case 0).value=0.25
// CHECK: switch-shares.cu:[[LINE]] (case 399).value=0.25
// CHECK: switch-shares.cu:[[LINE]] (case 7).value=0.25
// CHECK: switch-shares.cu:[[LINE]] (default).value=0.25
// CHECK: _Z8expectedPfi assumptions.switch_case_probability {{.*}} (case 0).kind="given"
// CHECK-NEXT: (case 0).source="P(case 0): the switch's weights in the IR (__builtin_expect)"

__global__ void boundary(float *u, int nx) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  switch (ix) {
  case 0:
    u[0] = u[1] * 2.0f;
    break;
  case 399:
    u[399] = u[398] * 3.0f;
    break;
  case 7:
    u[7] = u[6] + 5.0f;
    break;
  default:
    u[ix] = u[ix] + 1.0f;
  }
}

__global__ void expected(float *u, int nx) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  switch (__builtin_expect(ix, 5)) {
  case 0:
    u[0] = u[1] * 2.0f;
    break;
  case 399:
    u[399] = u[398] * 3.0f;
    break;
  default:
    u[ix] = u[ix] + 1.0f;
  }
}
