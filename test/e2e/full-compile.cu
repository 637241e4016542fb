// A full (host + device) compile: the plugin runs in both compilations, the
// host one stays silent, the device one reports each kernel once; with two
// --cuda-gpu-arch values and %arch in -gpa-report each device compilation
// writes its own report with its own model.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor -O2 -c -o %t/k.o %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark:
// RUN: test -s %t/k.o
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 \
// RUN:   -Wno-unknown-cuda-version -fpass-plugin=%gpa_plugin -mllvm -gpa-report=%t/r.%arch.json \
// RUN:   -O2 -c -o %t/k2.o %s
// RUN: %python %inputs/passes/report_fields.py %t/r.sm_80.json demangled | FileCheck %s --check-prefix=SM80
// RUN: %python %inputs/passes/report_fields.py %t/r.sm_90.json demangled | FileCheck %s --check-prefix=SM90

// CHECK: full-compile.cu:[[@LINE+8]]:1: remark: scale(float*, float, int) on a100: {{.*}}; per thread: {{.*}}fp=1 {{.*}}global_mem=2 {{.*}}; launch
// A streaming kernel: no cache reuse, DRAM bounds it (docs/models.md "Memory levels").
// CHECK: full-compile.cu:[[@LINE+6]]:1: remark: scale(float*, float, int): DRAM-bound: 0% of loads hit L2, 0% L1; DRAM {{[0-9]+}}% of peak
// Its clock advice from a100's supported clocks, labelled estimated (docs/dvfs.md).
// CHECK: full-compile.cu:[[@LINE+4]]:1: remark: scale(float*, float, int) on a100 (estimated: {{.*}}least energy within
// SM80: schema=gpa-report/1 gpu=a100
// SM80-NEXT: _Z5scalePffi demangled="scale(float*, float, int)"
// SM90: schema=gpa-report/1 gpu=h100
__global__ void scale(float *Data, float Factor, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] *= Factor;
}

void launchScale(float *Data, float Factor, int N) {
  scale<<<(N + 255) / 256, 256>>>(Data, Factor, N);
}
// The host compilation reads the launch site: N is a run-time argument, so
// the grid is assumed; the block is a constant; registers come from the
// cubin ptxas produced (embedded in the host object).
// CHECK: full-compile.cu:[[@LINE-5]]:{{[0-9]+}}: remark: launch of scale(float*, float, int) on a100 (sm_80): grid ? = {{[0-9]+}} blocks (assumed), block 256 = 256 threads (constant), dynamic shared 0 B (constant), {{[0-9]+}} registers/thread (cubin); MWP
// Then the kernel's answer for the launches this file writes, at the
// kernel's line, naming the launch (issue 28 s.3).
// CHECK: full-compile.cu:25:1: remark: scale(float*, float, int) on a100 (sm_80) as this file launches it, 1 launch site: {{.*}}full-compile.cu:32:{{[0-9]+}} ({{[0-9]+}} blocks x 256 threads, grid assumed, block constant): recommended
