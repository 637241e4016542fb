// Loops whose trip count is not a compile-time constant (issue 11 §3): each
// is named in the report with its source line and the count used, the
// remark at an assumed loop says the count and how to set it, and the count
// is set per kernel (KERNEL=N) or per loop line (KERNEL:LINE=N) with
// -gpa-trip-count / gpa --trip-count, or a launch file's trip_count and
// loops. Each loop body below is one FP instruction (fmul, fadd; `#pragma
// unroll 1` keeps one copy), and a loop behind its zero-trip guard is
// counted as entered (docs/plugin.md), so fp per thread = T1 + T2.
// REQUIRES: plugin, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x cuda --cuda-path=%cuda_path --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version \
// RUN:   -O2 -gline-tables-only --cuda-device-only -S -emit-llvm -o %t/k.ll %s
//
// Both loops given (a line and a kernel-wide value): fp = 100 + 7, and no
// AssumedTripCount remark.
// RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
// RUN:   -gpa-trip-count=_Z8twoLoopsPfffii:%(line+37)=100 -gpa-trip-count='twoLoops*=7' \
// RUN:   -gpa-report=%t/given.json -disable-output %t/k.ll 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GIVEN --implicit-check-not=TripCount]
// GIVEN: remark: {{.*}}twoLoops(float*, float, float, int, int) on a100: {{.*}} fp=107{{[ ;]}}
// RUN: %python %inputs/passes/report_fields.py %t/given.json assumptions counts_per_thread \
// RUN:   | FileCheck %s --check-prefix=GIVEN-REPORT
// GIVEN-REPORT: _Z8twoLoopsPfffii assumptions.default_trip_count.source="-gpa-trip-count=twoLoops*=7 for 1 loop(s) without a constant trip count"
// GIVEN-REPORT: assumptions.loop_trip_count {{.*}}trip-counts.cu:[[FIRST:[0-9]+]].kind="given"
// GIVEN-REPORT-NEXT: assumptions.loop_trip_count {{.*}}trip-counts.cu:[[FIRST]].source="-gpa-trip-count=_Z8twoLoopsPfffii:[[FIRST]]=100: the loop at {{.*}}trip-counts.cu:[[FIRST]]"
// GIVEN-REPORT-NEXT: assumptions.loop_trip_count {{.*}}trip-counts.cu:[[FIRST]].value=100
// GIVEN-REPORT-NEXT: assumptions.loop_trip_count {{.*}}trip-counts.cu:[[SECOND:[0-9]+]].kind="given"
// GIVEN-REPORT-NEXT: assumptions.loop_trip_count {{.*}}trip-counts.cu:[[SECOND]].source="-gpa-trip-count=twoLoops*=7: the loop at {{.*}}trip-counts.cu:[[SECOND]]"
// GIVEN-REPORT-NEXT: assumptions.loop_trip_count {{.*}}trip-counts.cu:[[SECOND]].value=7
// GIVEN-REPORT: _Z8twoLoopsPfffii counts_per_thread.fp=107
//
// Only the first loop given (gpa --trip-count on the .cu): the second keeps
// the default 16 (fp = 100 + 16) and is the one AssumedTripCount finding.
// RUN: %gpa analyze --trip-count 'twoLoops*:%(line+20)=100' --format json %s > %t/one.json
// RUN: %python %inputs/passes/report_fields.py %t/one.json counts_per_thread | FileCheck %s --check-prefix=ONE
// ONE: _Z8twoLoopsPfffii counts_per_thread.fp=116
// RUN: %python -c "import json; [print(f['rule'], f['location']['line'], f['message']) for k in json.load(open('%t/one.json'))['kernels'] for f in k['findings'] if f['rule'] == 'AssumedTripCount']" \
// RUN:   | FileCheck %s --check-prefix=ONE-FINDING
// ONE-FINDING: AssumedTripCount [[@LINE+18]] loop trip count is not a compile-time constant: assumed 16 iterations per entry (default of -gpa-default-trip-count); {{.*}}-gpa-trip-count=_Z8twoLoopsPfffii:[[@LINE+18]]=N
// ONE-FINDING-NOT: AssumedTripCount
//
// A launch file: trip_count 3 for the kernel, 7 for the second loop's line.
// RUN: %python -c "import json; print(json.dumps({'schema': 'gpa-launch/1', 'kernels': [{'kernel': 'twoLoops*', 'trip_count': 3, 'loops': [{'line': %(line+14), 'trip_count': 7}]}]}))" > %t/launch.json
// RUN: %gpa analyze --launch-file %t/launch.json --format json %t/k.ll > %t/file.json
// RUN: %python %inputs/passes/report_fields.py %t/file.json counts_per_thread | FileCheck %s --check-prefix=FILE
// FILE: _Z8twoLoopsPfffii counts_per_thread.fp=10
//
// A malformed value is an error naming the flag and what it expects.
// RUN: not %gpa analyze --trip-count 'twoLoops:x=3' %t/k.ll 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --trip-count 'twoLoops:x=3': expected KERNEL:LINE=N with LINE a line number from 1
__global__ void twoLoops(float *Out, float A, float B, int N, int M) {
  float S = Out[threadIdx.x];
#pragma unroll 1
  for (int I = 0; I < N; ++I) // line-first
    S = S * A;
#pragma unroll 1
  for (int J = 0; J < M; ++J) // line-second
    S = S + B;
  Out[threadIdx.x] = S;
}
