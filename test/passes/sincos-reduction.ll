; sin.approx.f32 and cos.approx.f32 of one value share ptxas's range
; reduction: the SASS of examples/cuda/sfu_heavy.cu (`__sinf(X) *
; __cosf(X)`) is FMUL.RZ R9, R5, 0.159...; MUFU.SIN R2, R9; MUFU.COS R3, R9,
; one FMUL.RZ for both (gpa/InstructionCosts.h sinCosSharingReduction).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; One FMUL.RZ + the fmul: fp=2; MUFU.SIN + MUFU.COS: sfu=2.
; CHECK-LABEL: kernel pair{{$}}
; CHECK-NEXT: per_thread: fp=2 sfu=2 other=1
define ptx_kernel void @pair(float %x) {
  %s = call float @llvm.nvvm.sin.approx.f(float %x)
  %c = call float @llvm.nvvm.cos.approx.f(float %x)
  %m = fmul float %s, %c
  ret void
}

; Two operands: two FMUL.RZ, plus the fadd and the fmul: fp=4.
; CHECK-LABEL: kernel apart{{$}}
; CHECK-NEXT: per_thread: fp=4 sfu=2 other=1
define ptx_kernel void @apart(float %x) {
  %s = call float @llvm.nvvm.sin.approx.f(float %x)
  %y = fadd float %x, 1.0
  %c = call float @llvm.nvvm.cos.approx.f(float %y)
  %m = fmul float %s, %c
  ret void
}

declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.nvvm.cos.approx.f(float)
