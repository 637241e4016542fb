; Two integer phis of one loop header with the same recurrence ({0,+,2}:
; an index used after the loop and the exit test's counter) are one
; register after llc's loop strength reduction (EquivalentInductions.h).
; llc 22 -mcpu=sm_80 of this file: the loop is
;   add.rn.f32 %r2, %r2, 0f3F800000; add.s32 %r1, %r1, 2;
;   setp.lt.u32 %p1, %r1, 64; @%p1 bra $L__BB0_1;
; one add.s32 per iteration, 32 iterations: int=32 (64 with both adds).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: kernel two_counters{{$}}
; CHECK-NEXT: per_thread: int=32 {{.*}}
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @two_counters(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s2, %loop ]
  %s2 = fadd float %s, 1.0
  %i.next = add nuw nsw i32 %i, 2
  %k.next = add i32 %k, 2
  %done = icmp ult i32 %k.next, 64
  br i1 %done, label %loop, label %exit

exit:
  store i32 %i.next, ptr %p, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 4
  store float %s2, ptr %q, align 4
  ret void
}
