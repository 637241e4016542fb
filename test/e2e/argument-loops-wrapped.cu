// A loop whose trip count, derived from a given argument, is negative for
// some threads (written for this test after gpuFLOPBench's matrix-rotate,
// whose last threads have first > last): those threads do not enter the
// loop, so their "count" is a wrapped backedge-taken count, not iterations.
// Hand-worked: n = 5000, 10 x 256 = 2560 threads; layer = thread index;
// for layer >= 2500 the outer guard fails, and for layer >= 2500 also
// n - 1 - layer < layer, so (n - 1 - layer) - layer wraps to 2^32 - k.
// Averaged in, the 60 threads 2500..2559 alone would add 60 x ~2^32 / 2560
// ~ 1.0e8 iterations per thread (the count this test guards against); the
// real loop never runs more than n = 5000 times.
//  - rotate: the guard `layer < n / 2` is evaluated at each thread (the
//    signed division ScalarEvolution leaves opaque read through its
//    operands), so the 60 threads past it do not enter: per launched
//    thread, sum over layer < 2500 of (4999 - 2 layer) = 2500 x 4999 -
//    2499 x 2500 = 6,250,000, / 2560 = 2441.40625, derived.
//  - rotateLoaded: the guard reads memory (not evaluable), so every thread
//    would be counted as entering; a wrapped count is not evaluable: the
//    loop keeps its assumed count, labelled `assumed`.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"schema": "gpa-launch/1", "kernels": [{"kernel": "rotateLoaded*", "block": 256, "grid": 10, "arguments": {"2": 5000}}, {"kernel": "rotate*", "block": 256, "grid": 10, "arguments": {"1": 5000}}]}' > %t/launch.json
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only --cuda-device-only -fpass-plugin=%gpa_plugin \
// RUN:   -mllvm -gpa-launch-file=%t/launch.json -mllvm -gpa-report=%t/r.json -S -o %t/k.s %s
// RUN: %python -c "import json; [print(k['name'], n, v['kind'], v['value']) for k in json.load(open('%t/r.json'))['kernels'] for n, v in sorted(k['assumptions'].items()) if n.startswith('loop_trip_count')]" \
// RUN:   | FileCheck %s
// CHECK-DAG: _Z6rotatePfi loop_trip_count {{.*}}argument-loops-wrapped.cu:[[@LINE+7]] derived 2441.40625
// CHECK-DAG: _Z12rotateLoadedPfPKii loop_trip_count {{.*}}argument-loops-wrapped.cu:[[@LINE+15]] assumed 16

__global__ void rotate(float *M, const int N) {
  int Layer = blockIdx.x * blockDim.x + threadIdx.x;
  if (Layer < N / 2) {
    int Last = N - 1 - Layer;
    for (int I = Layer; I < Last; ++I)
      M[I] += 1.0f;
  }
}

__global__ void rotateLoaded(float *M, const int *Half, const int N) {
  int Layer = blockIdx.x * blockDim.x + threadIdx.x;
  if (Layer < *Half) {
    int Last = N - 1 - Layer;
    for (int I = Layer; I < Last; ++I)
      M[I] += 1.0f;
  }
}
