// Loops bounded by a kernel argument (issue 11 §3): where the launch site
// passes a constant, that launch's prediction runs the loop that many times
// (source derived); where it does not, the loop keeps its assumed count.
// `#pragma unroll 1` keeps one FP instruction per iteration, so fp per
// thread is the trip count (n), or the product of nested counts (n x m).
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only -fpass-plugin=%gpa_plugin -Rpass-analysis=gpu-power-advisor \
// RUN:   -mllvm -gpa-report=%t/r.%arch.json -c -o %t/k.o %s 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: %python -c "import json; [print(s['location']['line'], s['name'], 'fp=%%g' %% s['counts_per_thread']['fp'], [(l['line'], l['trip_count'], l['source']) for l in s['configuration']['loops']]) for s in json.load(open('%t/r.sm_80.json'))['launch_sites']]" \
// RUN:   | FileCheck %s --check-prefix=SITE

__global__ void repeat(float *Out, float A, int N) {
  float S = Out[threadIdx.x];
#pragma unroll 1
  for (int I = 0; I < N; ++I) // loop of repeat
    S = S * A;
  Out[threadIdx.x] = S;
}

__global__ void nested(float *Out, float A, int N, int M) {
  float S = Out[threadIdx.x];
#pragma unroll 1
  for (int I = 0; I < N; ++I) { // outer loop of nested
#pragma unroll 1
    for (int J = 0; J < M; ++J) // inner loop of nested
      S = S * A;
  }
  Out[threadIdx.x] = S;
}

// REMARK: argument-loops.cu:[[@LINE+2]]:{{[0-9]+}}: remark: launch of repeat(float*, float, int) {{.*}}; loops bounded by a constant argument (derived): line [[@LINE-16]]: 1000 iterations (argument 2); MWP
// SITE: [[@LINE+1]] _Z6repeatPffi fp=1000 [(18, 1000, 'derived')]
void constantN(float *D) { repeat<<<120, 256>>>(D, 2.f, 1000); }

// An unknown n: the device compile's assumed count (16), no loop entry.
// REMARK-NOT: loops bounded
// REMARK: argument-loops.cu:[[@LINE+2]]:{{[0-9]+}}: remark: launch of repeat(float*, float, int) {{.*}} registers/thread ({{[a-z]+}}); MWP
// SITE: [[@LINE+1]] _Z6repeatPffi fp=16 []
void unknownN(float *D, int N) { repeat<<<120, 256>>>(D, 2.f, N); }

// Nested: 30 x 40 iterations of the inner body.
// REMARK: argument-loops.cu:[[@LINE+2]]:{{[0-9]+}}: remark: launch of nested(float*, float, int, int) {{.*}}; loops bounded by a constant argument (derived): line [[@LINE-19]]: 30 iterations (argument 2), line [[@LINE-17]]: 40 iterations (argument 3); MWP
// SITE: [[@LINE+1]] _Z6nestedPffii fp=1200 [(26, 30, 'derived'), (28, 40, 'derived')]
void constantNM(float *D) { nested<<<120, 256>>>(D, 2.f, 30, 40); }
