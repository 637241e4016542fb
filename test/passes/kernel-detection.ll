; Kernels are found by the ptx_kernel calling convention and by the
; nvvm.annotations "kernel" entry of older front ends; device functions get
; no remark of their own, and a declaration-only module is left alone. Each
; kernel's remark is followed by its clock advice (a100's estimated clock
; table, docs/dvfs.md), which is the kernel's too.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --implicit-check-not=remark:

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: {{.*}}: by_cc on a100:
; CHECK-NEXT: remark: {{.*}}: by_cc on a100 (estimated: {{.*}}within 5% of the fastest
define ptx_kernel void @by_cc() {
  ret void
}

; CHECK: remark: {{.*}}: by_annotation on a100:
; CHECK-NEXT: remark: {{.*}}: by_annotation on a100 (estimated: {{.*}}within 5% of the fastest
define void @by_annotation() {
  ret void
}

; An annotation with value 0 is not a kernel.
define void @not_a_kernel() {
  ret void
}

define void @device_function() {
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @by_annotation, !"kernel", i32 1}
!1 = !{ptr @not_a_kernel, !"kernel", i32 0}
