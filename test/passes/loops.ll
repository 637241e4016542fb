; Dynamic counts per thread: blocks weighted by BlockFrequencyInfo relative
; to the entry, loops rescaled to their ScalarEvolution trip count, unknown
; trip counts -> -gpa-default-trip-count (default 16).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefixes=CHECK,DEF
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -gpa-default-trip-count=5 -disable-output %s 2>&1 | FileCheck %s --check-prefixes=CHECK,FIVE

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; 10 iterations of {fadd, add, icmp, br}, plus the entry br and the ret.
; CHECK-LABEL: kernel constant{{$}}
; CHECK-NEXT: per_thread: int=10 fp=10 alu=10 other=12
define ptx_kernel void @constant(float %x) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %f = fadd float %x, 1.0
  %inc = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %inc, 10
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; outer 4 x inner 8: outer header {br} and latch {add, icmp, br} 4 times;
; inner {fmul, add, icmp, br} 32 times; entry br + ret:
; other = 1 + 4 + 32 + 4 + 1 = 42.
; CHECK-LABEL: kernel nested{{$}}
; CHECK-NEXT: per_thread: int=36 fp=32 alu=36 other=42
define ptx_kernel void @nested(float %x) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %inci, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %incj, %inner ]
  %f = fmul float %x, 2.0
  %incj = add nuw nsw i32 %j, 1
  %cj = icmp ult i32 %incj, 8
  br i1 %cj, label %inner, label %latch
latch:
  %inci = add nuw nsw i32 %i, 1
  %ci = icmp ult i32 %inci, 4
  br i1 %ci, label %outer, label %exit
exit:
  ret void
}

; n iterations (unknown): {fadd, add, icmp, br} x default trip count.
; CHECK-LABEL: kernel unknown{{$}}
; DEF-NEXT: per_thread: int=16 fp=16 alu=16 other=18
; FIVE-NEXT: per_thread: int=5 fp=5 alu=5 other=7
define ptx_kernel void @unknown(float %x, i32 %n) {
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

; branch weights 3:1: the then-block (fmul) runs 0.75 times, the else-block
; (fadd, fadd) 0.25 times; entry {icmp, br}, then/else br, ret.
; CHECK-LABEL: kernel branches{{$}}
; CHECK-NEXT: per_thread: fp=1.25 alu=1 other=3
define ptx_kernel void @branches(float %x, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %else, !prof !0
then:
  %a = fmul float %x, 2.0
  br label %exit
else:
  %b = fadd float %x, 1.0
  %d = fadd float %b, 1.0
  br label %exit
exit:
  ret void
}

!0 = !{!"branch_weights", i32 3, i32 1}
