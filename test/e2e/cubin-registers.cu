// In a full compile, registers, static shared memory and the stack frame
// come from the cubin clang's own device job produced: the device pass runs
// no second code generation and ptxas, leaves them pending in the handoff,
// and the host pass, which reads the embedded fatbinary, assembles each
// kernel again and writes the report (passes/DeferredKernels.h,
// docs/plugin.md "Registers in a full compile"). That report equals the
// one a device-only compile writes with `ptxas -v` on the same PTX, but for
// the registers' source: the same ptxas allocates both.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: env GPA_PTXAS=on %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/full.%arch.json -c -o %t/k.o %s
// RUN: env GPA_PTXAS=on %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only --cuda-device-only -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/dev.%arch.json -c -o %t/d.o %s
// RUN: %python %inputs/passes/cubin_vs_ptxas.py %t/full.sm_80.json %t/dev.sm_80.json sm_80 | FileCheck %s

// CHECK: _Z7indexedPfii registers={{[0-9]+}} source=the cubin of this compilation, sm_80 kind=derived
// CHECK-NEXT: _Z7indexedPfii equal
// CHECK: _Z7reversePf registers={{[0-9]+}} source=the cubin of this compilation, sm_80 kind=derived
// CHECK-NEXT: _Z7reversePf equal
// CHECK: site _Z7reversePf registers=cubin
// CHECK-NOT: DIFFERENT

// A private array ptxas keeps in registers (a 0-byte stack frame): both
// reports leave its accesses out of local memory.
__global__ void indexed(float *D, int N, int K) {
  float A[16];
  for (int I = 0; I < 16; ++I)
    A[I] = D[I * N + threadIdx.x];
  D[threadIdx.x] = A[K & 15];
}

// Static shared memory as ptxas allocates it.
__global__ void reverse(float *Data) {
  __shared__ float Tile[256];
  Tile[threadIdx.x] = Data[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  Data[blockIdx.x * 256 + threadIdx.x] = Tile[255 - threadIdx.x];
}

void launch(float *D) { reverse<<<100, 256>>>(D); }
