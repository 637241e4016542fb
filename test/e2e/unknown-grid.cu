// Unknown grids (issue 24): a launch whose grid the host code knows only as
// a range is not priced at the range's maximum. Rodinia srad_v1's launch
// takes its blocks from the image size read at run time; LazyValueInfo
// bounds them by the unsigned arithmetic only (1..8388608 blocks), or, for
// a count the program reads directly, by the type's range
// (1..4294967295). Without -gpa-grid-size the prediction uses one full wave
// at the kernel's occupancy, kept within the range, labelled `assumed` with
// the reason: on a100, 512-thread blocks of 10 registers fit 2048 / 512 = 4
// per SM, 108 SMs x 4 = 432 blocks. Before: 8388608 and 4294967295 blocks
// (`derived`), 7.5 s per launch for the latter.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   -mllvm -gpa-report=%t/r.%arch.json -c -o %t/k.o %s 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: %python %inputs/passes/launch_sites.py %t/r.sm_80.json | FileCheck %s --check-prefix=SITE
// The user's grid wins.
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -mllvm -gpa-grid-size=2048 \
// RUN:   -mllvm -gpa-report=%t/g.%arch.json -c -o %t/g.o %s
// RUN: %python %inputs/passes/launch_sites.py %t/g.sm_80.json | FileCheck %s --check-prefix=GIVEN

#define NUMBER_THREADS 512

__global__ void srad_kernel(unsigned d_Ne, const float *d_I, float *d_c) {
  unsigned ei = blockIdx.x * NUMBER_THREADS + threadIdx.x;
  if (ei < d_Ne)
    d_c[ei] = d_I[ei] * 0.5f;
}

void run(unsigned Nr, unsigned Nc, const float *I, float *c) {
  unsigned Ne = Nr * Nc;
  unsigned blocks_x = Ne / NUMBER_THREADS;
  if (Ne % NUMBER_THREADS != 0)
    blocks_x = blocks_x + 1;
  if (blocks_x == 0)
    return;
  // REMARK: unknown-grid.cu:[[@LINE+3]]:{{[0-9]+}}: remark: launch of srad_kernel(unsigned int, float const*, float*) on a100 (sm_80): grid 1..8388608 = 432 blocks (assumed), block 512
  // SITE: unknown-grid.cu:[[@LINE+2]] _Z11srad_kerneljPKfPf grid=432(assumed)[1..8388608] block=512(constant) {{.*}} reason=the grid is known only as the range 1..8388608: one full wave (108 SMs x 4 resident blocks) within it; give -gpa-grid-size
  // GIVEN: unknown-grid.cu:[[@LINE+1]] _Z11srad_kerneljPKfPf grid=2048(given)[1..8388608] block=512(constant)
  srad_kernel<<<blocks_x, NUMBER_THREADS>>>(Ne, I, c);
}

void typeRange(unsigned N, const float *I, float *c) {
  if (N == 0)
    return;
  // REMARK: unknown-grid.cu:[[@LINE+3]]:{{[0-9]+}}: remark: launch of srad_kernel(unsigned int, float const*, float*) on a100 (sm_80): grid 1..4294967295 = 432 blocks (assumed), block 512
  // SITE: unknown-grid.cu:[[@LINE+2]] _Z11srad_kerneljPKfPf grid=432(assumed)[1..4294967295] block=512(constant) {{.*}} reason=the grid is known only as the range 1..4294967295
  // GIVEN: unknown-grid.cu:[[@LINE+1]] _Z11srad_kerneljPKfPf grid=2048(given)[1..4294967295] block=512(constant)
  srad_kernel<<<N, NUMBER_THREADS>>>(N * NUMBER_THREADS, I, c);
}
