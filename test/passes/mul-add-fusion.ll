; A 32-bit mul of two variables whose only use is an add is one IMAD with
; it: `blockIdx.x * blockDim.x + threadIdx.x` is PTX mad.lo.s32 and SASS
; `IMAD R0, R0, c[0x0][0x0], R3` (examples/cuda/sfu_heavy.cu;
; gpa/InstructionCosts.h FusedIntegerMultiplyInstructions).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; mul + add -> one IMAD: int=1
; CHECK-LABEL: kernel fused{{$}}
; CHECK-NEXT: per_thread: int=1 other=1
define ptx_kernel void @fused(i32 %a, i32 %b, i32 %c) {
  %m = mul i32 %a, %b
  %s = add i32 %m, %c
  ret void
}

; the product has a second use: mul and add stay apart, int=2 (plus the
; second add: int=3)
; CHECK-LABEL: kernel shared{{$}}
; CHECK-NEXT: per_thread: int=3 other=1
define ptx_kernel void @shared(i32 %a, i32 %b, i32 %c) {
  %m = mul i32 %a, %b
  %s = add i32 %m, %c
  %t = add i32 %m, %s
  ret void
}
