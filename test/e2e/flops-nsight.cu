// FLOPs as Nsight Compute counts them (gpa/FlopCounts.h; gpuFLOPBench's
// spPerf/dpPerf): FADD/FMUL 1, FFMA 2, FP64 likewise, predicated-on thread
// instructions only; FMNMX, FCHK and MUFU none. Both front-ends: the plugin
// on the source (IR) and `gpa analyze` on the PTX clang emits for it.
// Hand-worked per thread from the SASS ptxas 13 emits on sm_80 (the rows
// of gpa/InstructionCosts.def, quoted in test/unit/InstructionCostsTest.cpp):
//   mixed: x * y + s      one FFMA (contracted)                    2
//          x / y          div.rn.f32: MUFU.RCP, FCHK, FFMA x5      10
//          fmaf(x, s, y)  one FFMA (an explicit fma)                2
//          fminf(m, q)    FMNMX                                     0
//          n + f          FADD                                      1
//          fp32 = 15, fp64 = 0
//   dbl:   sqrt(x)        sqrt.rn.f64: DMUL x3, DFMA x5            13
//          1.0 / x        rcp.rn.f64: DFMA x5                      10
//          the two added  DADD                                      1
//          r * x + w      one DFMA (contracted)                     2
//          fp32 = 0, fp64 = 26
// (The fp/fp64 unit counts of the same kernels are instructions: the
// division is 6 fp, the square root 8 fp64, the FMAs 1 each.)
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"schema": "gpa-launch/1", "kernels": [{"kernel": "*", "block": 256, "grid": 4}]}' > %t/launch.json
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 --cuda-device-only -fpass-plugin=%gpa_plugin \
// RUN:   -mllvm -gpa-launch-file=%t/launch.json -mllvm -gpa-report=%t/ir.json -S -o %t/k.ptx %s
// RUN: %gpa analyze --block-size 256 --grid-size 4 %t/k.ptx --format json > %t/ptx.json
// RUN: %python -c "import json,sys; [print(sys.argv[i].split('/')[-1], k['name'], 'fp32=%%g fp64=%%g' %% (k['flops_per_thread']['fp32'], k['flops_per_thread']['fp64'])) for i in (1, 2) for k in json.load(open(sys.argv[i]))['kernels']]" %t/ir.json %t/ptx.json | FileCheck %s
// CHECK-DAG: ir.json _Z5mixedPKfS0_Pff fp32=15 fp64=0
// CHECK-DAG: ir.json _Z3dblPKdPdd fp32=0 fp64=26
// CHECK-DAG: ptx.json _Z5mixedPKfS0_Pff fp32=15 fp64=0
// CHECK-DAG: ptx.json _Z3dblPKdPdd fp32=0 fp64=26

__global__ void mixed(const float *a, const float *b, float *o, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i];
  float m = x * y + s;
  float q = x / y;
  float f = fmaf(x, s, y);
  float n = fminf(m, q);
  o[i] = n + f;
}

__global__ void dbl(const double *a, double *o, double w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = a[i];
  double r = sqrt(x) + 1.0 / x;
  o[i] = r * x + w;
}
