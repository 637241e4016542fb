// End to end (issue 16 §2, §4): launches that clang emits as invokes at -O2
// (inside `try`, and with a live std::vector in scope) and launches through
// a function pointer, compiled by clang-22 (host and device in one
// invocation) with -gpa-rewrite-grid. Before the fix clang crashed
// (Instruction::copyMetadata) and the pointer launches got no remark.
// REQUIRES: plugin, cuda
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -Rpass=gpu-power-advisor \
// RUN:   -c %s -o %t.o 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// The rewritten host IR verifies.
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -mllvm -gpa-handoff-dir=%t.handoff \
// RUN:   --cuda-device-only -c %s -o %t.dev.o
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -O2 \
// RUN:   -fpass-plugin=%gpa_plugin -mllvm -gpa-rewrite-grid -mllvm -gpa-handoff-dir=%t.handoff \
// RUN:   --cuda-host-only -emit-llvm -S %s -o %t.host.ll
// RUN: %opt -passes=verify -disable-output %t.host.ll
// RUN: FileCheck %s --check-prefix=IR < %t.host.ll
// And it links against the runtime.
// RUN: %clang %t.o %gpa_runtime_libs -o %t.exe -L%cuda_path/lib64 -lcudart_static -ldl -lrt -lpthread
//
// CHECK-DAG: launch-rewrite-eh.cu:[[#@LINE+23]]:5: remark: launch of fill(float*, int) routed through libgpa_runtime
// CHECK-DAG: launch-rewrite-eh.cu:[[#@LINE+32]]:3: remark: launch of fill(float*, int) routed through libgpa_runtime
// CHECK-DAG: launch-rewrite-eh.cu:{{[0-9]+}}:{{[0-9]+}}: remark: launch of fill(float*, int) through a function pointer routed through libgpa_runtime
// NM: U __gpa_launch_kernel
// NM-NOT: U cudaLaunchKernel
// IR-LABEL: define {{.*}} @_Z5inTryPfi(
// IR: invoke {{.*}}i32 @__gpa_launch_kernel(
// IR-LABEL: define {{.*}} @_Z10withVectorPfi(
// IR: invoke {{.*}}i32 @__gpa_launch_kernel(
#include <stdexcept>
#include <vector>

__global__ void fill(float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = 1.0f;
}

void mayThrow(int);

int inTry(float *y, int n) {
  try {
    mayThrow(n);
    fill<<<n / 256, 256>>>(y, n);
    mayThrow(n + 1);
  } catch (const std::exception &) {
    return 1;
  }
  return 0;
}

int withVector(float *y, int n) {
  std::vector<int> v(n);
  fill<<<n / 256, 256>>>(y, n);
  mayThrow(v[0]);
  return v.size();
}

typedef void (*KernelPtr)(float *, int);
KernelPtr table[] = {fill};
void viaTable(int j, float *y, int n) { table[j]<<<n / 256, 256>>>(y, n); }

void mayThrow(int) {}
int main() { return inTry(nullptr, 0) + withVector(nullptr, 1); }
