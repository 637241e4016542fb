// Device-only compiles of every example with the plugin: one remark per
// kernel at its source line, with per-thread counts derived by hand from
// the source (see each CHECK's comment).
// REQUIRES: plugin, cuda
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor -gline-tables-only \
// RUN:   --cuda-device-only -O2 -c -o /dev/null %gpa_examples/cuda/saxpy.cu 2>&1 | FileCheck %s --check-prefix=SAXPY
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor -gline-tables-only \
// RUN:   --cuda-device-only -O2 -c -o /dev/null %gpa_examples/cuda/matmul_naive.cu 2>&1 | FileCheck %s --check-prefix=NAIVE
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor -gline-tables-only \
// RUN:   --cuda-device-only -O2 -c -o /dev/null %gpa_examples/cuda/compute_fp.cu 2>&1 | FileCheck %s --check-prefix=FP
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor -gline-tables-only \
// RUN:   --cuda-device-only -O2 -c -o /dev/null %gpa_examples/cuda/sfu_heavy.cu 2>&1 | FileCheck %s --check-prefix=SFU
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor -gline-tables-only \
// RUN:   --cuda-device-only -O2 -c -o /dev/null %gpa_examples/cuda/matmul_tiled.cu 2>&1 | FileCheck %s --check-prefix=TILED

// Grid-stride loop (unknown trip count: default 16) behind its zero-trip
// guard i < n, which is assumed passed (loops are entered, as in the PTX
// front-end): {2 loads, 1 store} and one fma x 16 (the `contract` fmul and
// fadd of a * x[i] + y[i] are contracted, as the NVPTX back end does).
// SAXPY: saxpy.cu:5:1: remark: saxpy(int, float, float const*, float*) on a100: {{.*}}case 2 (memory-bound){{.*}}bandwidth-bound true{{.*}}; per thread: {{.*}}fp=16 {{.*}}global_mem=48 {{.*}}; launch 256 threads x {{[0-9]+}} blocks (assumed)

// 1024 iterations of {A load, B load, fmul+fadd contracted into one fma}
// plus the C store: global_mem = 2 * 1024 + 1.
// NAIVE: matmul_naive.cu:8:1: remark: matmulNaive(float const*, float const*, float*) on a100: {{.*}}; per thread: {{.*}}fp=1024 {{.*}}global_mem=2049 {{.*}}; launch

// __launch_bounds__(128); 256 iterations of 2 fmas (each x * y + c is a
// contracted fmul+fadd) + the final add; one load, one store.
// FP: compute_fp.cu:5:1: remark: computeFp(float*) on a100: {{.*}}case 3 (compute-bound){{.*}}dominant units: fp, {{.*}}; per thread: {{.*}}fp=513 {{.*}}global_mem=2 {{.*}}; launch 128 threads x

// 32 iterations of __sinf, __cosf, __expf (ex2.approx), rsqrtf = 4 MUFU
// each, after the early "if (I >= N) return" (a bounds guard, assumed in
// bounds without N: docs/models.md "Branch weights"): sfu = 4 * 32.
// SFU: sfu_heavy.cu:5:1: remark: sfuHeavy(float const*, float*, int) on a100: {{.*}}; per thread: {{.*}}sfu=128 {{.*}}; launch

// N/TILE tiles (unknown: 16), the loop's zero-trip guard assumed passed:
// per tile 2 global loads, 2 shared stores + 16 x 2 shared loads, of which
// the 16 consecutive floats of one As row merge into 4 LDS.128
// (gpa/InstructionCosts.h sharedLoadInstructions): 2 + 16 + 4 = 22 shared
// instructions; 2 barriers; then 1 store.
// TILED: matmul_tiled.cu:8:1: remark: matmulTiled(float const*, float const*, float*, int) on a100: {{.*}}; per thread: {{.*}}global_mem=33 shared_mem=352 sync=32 {{.*}}; launch
