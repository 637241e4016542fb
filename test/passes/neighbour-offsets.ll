; Neighbour addresses outside loops (docs/ptx-frontend.md "Neighbour
; addresses"; frontends/ir/ConstantOffsets.h): llc splits a constant addend
; out of a GEP's index (SeparateConstOffsetFromGEP), rebases a GEP at a
; constant distance from an earlier one on it (straight-line strength
; reduction, reassociation, EarlyCSE) and folds the distance into the
; ld/st address, [%rd+imm]. Expected int per thread counted by hand from
; `llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O3` of this file, by the
; shared rules (gpa/InstructionCosts.h: mad.lo 1, add.s32 1, an add.s64 of
; a mul.wide product one IMAD.WIDE; shl is alu, sreg reads are not int).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; clang 22 -O2 for sm_80 of (W = 1024)
;   out[i*W + j] = a[i*W + (j+1)] - a[i*W + j] + b[(i+1)*W + j] - b[i*W + j];
; The `+ 1` and `+ 1024` are adds of a positive constant directly under the
; sext of an inbounds GEP's index: split out, they leave i*W + j, computed
; anyway. llc: mad.lo x2 (2), add.s32 i*W + j (1), one mul.wide read by
; three add.s64 (3 IMAD.WIDE: a, b, out); a[..+1] is [%rd8+4], b[..+W]
; [%rd9+4096]: 2 + 1 + 3 = 6 (9 before: the two adds and two GEPs).
; CHECK-LABEL: kernel neighbours{{$}}
; CHECK-NEXT: per_thread: int=6 {{.*}}
define ptx_kernel void @neighbours(ptr readonly %0, ptr readonly %1, ptr writeonly %2) {
  %4 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %11 = mul nuw nsw i32 %9, %10
  %12 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %13 = add nuw nsw i32 %11, %12
  %14 = shl nsw i32 %13, 10
  %15 = add i32 %14, %8
  %16 = add i32 %15, 1
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, ptr %0, i64 %17
  %19 = load float, ptr %18, align 4
  %20 = sext i32 %15 to i64
  %21 = getelementptr inbounds float, ptr %0, i64 %20
  %22 = load float, ptr %21, align 4
  %23 = fsub contract float %19, %22
  %24 = add i32 %15, 1024
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds float, ptr %1, i64 %25
  %27 = load float, ptr %26, align 4
  %28 = fadd contract float %23, %27
  %29 = getelementptr inbounds float, ptr %1, i64 %20
  %30 = load float, ptr %29, align 4
  %31 = fsub contract float %28, %30
  %32 = getelementptr inbounds float, ptr %2, i64 %20
  store float %31, ptr %32, align 4
  ret void
}

; As FDTD-2D's step 3: the `+ 1` inside an nsw add of an nsw add is split
; out (an nsw add distributes over the sext); the `+ 1024` inside adds
; without nsw is not, and llc rebuilds that index from i*W + j with one
; add. llc: mad.lo x2 (2), add.s32 %r10 = i*W + j (1), mul.wide of it read
; by two add.s64 (2 IMAD.WIDE: a, out), add.s32 %r14 = %r10 + 1024 (1),
; mul.wide + add.s64 (1 IMAD.WIDE: b); a[..+1] is [%rd8+4], b[i*W + j]
; [%rd10+-4096]: 2 + 1 + 2 + 1 + 1 = 7 (12 before).
; CHECK-LABEL: kernel nested{{$}}
; CHECK-NEXT: per_thread: int=7 {{.*}}
define ptx_kernel void @nested(ptr readonly %0, ptr readonly %1, ptr %2) {
  %4 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %11 = mul nuw nsw i32 %9, %10
  %12 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %13 = add nuw nsw i32 %11, %12
  %14 = shl nsw i32 %13, 10
  %15 = add nsw i32 %14, %8
  %16 = sext i32 %15 to i64
  %17 = add nsw i32 %8, 1
  %18 = add nsw i32 %17, %14
  %19 = sext i32 %18 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4
  %22 = getelementptr inbounds float, ptr %0, i64 %16
  %23 = load float, ptr %22, align 4
  %24 = fsub contract float %21, %23
  %25 = add i32 %8, 1024
  %26 = add i32 %25, %14
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds float, ptr %1, i64 %27
  %29 = load float, ptr %28, align 4
  %30 = fadd contract float %24, %29
  %31 = getelementptr inbounds float, ptr %1, i64 %16
  %32 = load float, ptr %31, align 4
  %33 = fsub contract float %30, %32
  %34 = getelementptr inbounds float, ptr %2, i64 %16
  store float %33, ptr %34, align 4
  ret void
}

; As ADI's kernel 5: c[i + 2*W] = a[i + 2*W] * 3 (no guard), one index for
; two bases. The nsw `+ 2048` moves into both offsets. llc: mad.lo (1), one
; mul.wide read by two add.s64 (2 IMAD.WIDE), [%rd7+8192] and
; [%rd6+8192]: 1 + 2 = 3 (4 before: the add).
; CHECK-LABEL: kernel shifted{{$}}
; CHECK-NEXT: per_thread: int=3 {{.*}}
define ptx_kernel void @shifted(ptr readonly %0, ptr writeonly %1) {
  %3 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = add nsw i32 %7, 2048
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds float, ptr %1, i64 %9
  %11 = getelementptr inbounds float, ptr %0, i64 %9
  %12 = load float, ptr %11, align 4
  %13 = fmul contract float %12, 3.000000e+00
  store float %13, ptr %10, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
