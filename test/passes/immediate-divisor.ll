; div.rn.f32 by an immediate: ptxas folds the reciprocal into constants
; (InstructionCosts.def GPA_IMMEDIATE_DIVISOR). The SASS of llc's `div.rn.f32 %r2, %r1,
; 0f40400000` (ptxas 13 -arch=sm_80, cuobjdump -sass): IMAD.MOV.U32 R5, RZ,
; RZ, 0x3eaaaaab; BSSY B1; IMAD.MOV.U32 R0, RZ, RZ, 0x40400000; FFMA R0, R5,
; -R0, 1; FFMA R5, R0, R5, 0.333; FCHK P0, R4, 3; FFMA R0, R4, R5, RZ;
; FFMA R6, R0, -3, R4; FFMA R5, R5, R6, R0; @!P0 BRA; BSYNC B1: fp 6,
; alu 2, other 3 (+ the ret: 4), no MUFU (fp comes right before sfu). A register divisor
; keeps MUFU.RCP: sfu 1, fp 6.
; test/cli/immediate-divisor.test counts llc's PTX of this file.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel third{{$}}
; CHECK-NEXT: per_thread: {{.*}}fp=6 alu=2 {{.*}}other=4{{$}}
define ptx_kernel void @third(ptr %p) {
  %x = load float, ptr %p, align 4
  %y = fdiv float %x, 3.0
  store float %y, ptr %p, align 4
  ret void
}

; CHECK-LABEL: kernel ratio{{$}}
; CHECK-NEXT: per_thread: {{.*}}fp=6 {{.*}}sfu=1 {{.*}}other=4{{$}}
define ptx_kernel void @ratio(ptr %p) {
  %x = load float, ptr %p, align 4
  %q = getelementptr inbounds float, ptr %p, i64 1
  %d = load float, ptr %q, align 4
  %y = fdiv float %x, %d
  store float %y, ptr %p, align 4
  ret void
}
