; -gpa-launch-file (gpa-launch/1) gives device-only compiles the launch:
; block [32, 4] = 128 threads, 1000 blocks, 4096 B of dynamic shared memory,
; 40 registers and 7 iterations for loops without a constant trip count,
; all labelled given; a kernel no glob matches keeps the defaults
; (assumed, 16 iterations). A malformed file is an error naming its key.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -gpa-launch-file=%S/Inputs/launch.json -gpa-report=%t.json -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; RUN: %python %inputs/passes/report_fields.py %t.json assumptions | FileCheck %s --check-prefix=REPORT
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -gpa-launch-file=%S/Inputs/launch-bad.json \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: %gpa analyze --launch-file %S/Inputs/launch.json --format json %s > %t.cli.json
; RUN: %python %inputs/passes/report_fields.py %t.cli.json assumptions | FileCheck %s --check-prefix=REPORT
; RUN: %gpa analyze --trip-count 3 --format json %s > %t.trip.json
; RUN: %python %inputs/passes/report_fields.py %t.trip.json assumptions | FileCheck %s --check-prefix=TRIP

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: {{.*}}givenLoop on a100: {{.*}}; per thread: int=7 fp=7 alu=7 other=9; launch 128 threads x 1000 blocks (given)
; CHECK: remark: {{.*}}otherLoop on a100: {{.*}}; per thread: int=16 fp=16 alu=16 other=18; launch 256 threads x {{[0-9]+}} blocks (assumed)
; REPORT: givenLoop assumptions.block_size.kind="given"
; REPORT: givenLoop assumptions.default_trip_count.kind="given"
; REPORT-NEXT: givenLoop assumptions.default_trip_count.source="-gpa-launch-file={{.*}}launch.json for 1 loop(s) without a constant trip count"
; REPORT-NEXT: givenLoop assumptions.default_trip_count.value=7
; REPORT: givenLoop assumptions.grid_size.kind="given"
; REPORT-NEXT: givenLoop assumptions.grid_size.source="-gpa-launch-file={{.*}}launch.json"
; REPORT-NEXT: givenLoop assumptions.grid_size.value=1000
; REPORT: givenLoop assumptions.registers_per_thread.kind="given"
; REPORT: givenLoop assumptions.registers_per_thread.value=40
; REPORT: givenLoop assumptions.shared_bytes_per_block.kind="given"
; REPORT: givenLoop assumptions.shared_bytes_per_block.value=4096
; REPORT: otherLoop assumptions.block_size.kind="assumed"
; REPORT: otherLoop assumptions.default_trip_count.kind="assumed"
; BAD: error: gpu-power-advisor: -gpa-launch-file: {{.*}}launch-bad.json: kernels[0].grid: expected a positive integer
; TRIP: givenLoop assumptions.default_trip_count.kind="given"
; TRIP-NEXT: givenLoop assumptions.default_trip_count.source="-gpa-default-trip-count for 1 loop(s) without a constant trip count"
; TRIP-NEXT: givenLoop assumptions.default_trip_count.value=3
define ptx_kernel void @givenLoop(float %x, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %f = fadd float %x, 1.0
  %inc = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %inc, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define ptx_kernel void @otherLoop(float %x, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %f = fadd float %x, 1.0
  %inc = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %inc, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
