; Bad option values give a clean error naming the option (exit status 1, no
; crash); a kernel whose __launch_bounds__ cannot fit gets a warning.
; REQUIRES: plugin
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=nosuchgpu %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=GPU
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=%t.missing.json %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FILE
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-block-size=0 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ZERO
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-block-size=4096 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BIG
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-registers-per-thread=1000 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REGS
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-default-trip-count=0 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TRIP
; RUN: not %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-report=%t.nodir/r.json %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REPORT
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -pass-remarks-analysis=gpu-power-advisor \
; RUN:   %s 2>&1 | FileCheck %s --check-prefix=FIT

; GPU: error: gpu-power-advisor: -gpa-gpu=nosuchgpu: {{.*}}
; FILE: error: gpu-power-advisor: -gpa-gpu={{.*}}missing.json: {{.*}}
; ZERO: error: gpu-power-advisor: -gpa-block-size must be at least 1
; BIG: error: gpu-power-advisor: -gpa-block-size=4096 exceeds the 1024 threads per block of a100
; REGS: error: gpu-power-advisor: -gpa-registers-per-thread=1000 exceeds the 255 of a100
; TRIP: error: gpu-power-advisor: -gpa-default-trip-count must be at least 1
; REPORT: error: gpu-power-advisor: -gpa-report={{.*}}r.json: {{.*}}

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; FIT: warning: gpu-power-advisor: kernel huge not analysed: __launch_bounds__ of 2048 threads exceeds a100's 1024
; FIT: remark: {{.*}}: ok on a100:
; FIT-NOT: remark: {{.*}} huge on
define ptx_kernel void @huge() "nvvm.maxntid"="2048" {
  ret void
}

define ptx_kernel void @ok() {
  ret void
}
