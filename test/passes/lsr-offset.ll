; LSR's offset form (docs/ptx-frontend.md "LSR's offset form"): when a loop
; leaves on an equality test of its counter against a constant and addresses
; memory through a pointer increment, llc's loop strength reduction keeps one
; 64-bit byte offset for the pointer (base + offset) and the exit test (its
; truncation); the counter's 32-bit add becomes a 64-bit add (an IADD3 pair).
; The kernels are clang 22 -O2 output for sm_80 of
;   for (int I = 0; I < 1024; ++I) S += A[I * 1024 + J] * T[I];  Y[J] = S;
; with `#pragma unroll 1` (offset_col), `#pragma unroll 2` (unrolled_col),
; and bound N, an argument (bound_argument). Expected int per thread counted
; by hand from `llc -mcpu=sm_80` of this file, by the shared rules
; (gpa/InstructionCosts.h: 64-bit add 2, mul.wide + add.s64 one IMAD.WIDE,
; add.s32 / mad.lo 1, narrowing cvt free; setp is alu).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; llc: mad.lo (1); per iteration mul.wide+add.s64 for A (1), add.s64 T base +
; offset (2), add.s32 A's index (1), add.s64 offset += 4 (2), cvt.u32.u64
; (0), setp; 1024 iterations; the store's mul.wide+add.s64 (1):
; 1 + 1024 * 6 + 1 = 6146 (5122 with the counter's add counted as 32-bit).
; CHECK-LABEL: kernel offset_col{{$}}
; CHECK-NEXT: per_thread: int=6146 {{.*}}
define ptx_kernel void @offset_col(ptr readonly %0, ptr readonly %1, ptr writeonly %2) {
  %4 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  br label %12

9:                                                ; preds = %12
  %10 = sext i32 %8 to i64
  %11 = getelementptr inbounds float, ptr %2, i64 %10
  store float %24, ptr %11, align 4
  ret void

12:                                               ; preds = %3, %12
  %13 = phi i32 [ 0, %3 ], [ %25, %12 ]
  %14 = phi float [ 0.000000e+00, %3 ], [ %24, %12 ]
  %15 = shl nuw nsw i32 %13, 10
  %16 = add nsw i32 %15, %8
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, ptr %0, i64 %17
  %19 = load float, ptr %18, align 4
  %20 = zext nneg i32 %13 to i64
  %21 = getelementptr inbounds nuw float, ptr %1, i64 %20
  %22 = load float, ptr %21, align 4
  %23 = fmul contract float %19, %22
  %24 = fadd contract float %14, %23
  %25 = add nuw nsw i32 %13, 1
  %26 = icmp eq i32 %25, 1024
  br i1 %26, label %9, label %12
}

; Unrolled by 2 with a 32-bit index: LSR keeps that index's recurrence,
; started at 0, for the exit test (setp.eq %r11, 1048576) and T as a pointer.
; llc: mad.lo (1); per iteration add.s32 J + index (1), mul.wide+add.s64 (1),
; add.s32 index += 2048 (1), add.s64 pointer += 8 (2); 512 iterations; the
; store (1): 1 + 512 * 5 + 1 = 2562. (llc also sets the pointer's start
; before the loop, add.s64 %rd11, %rd6, 4, which the IR front-end does not
; count: loop set-up.)
; CHECK-LABEL: kernel unrolled_col{{$}}
; CHECK-NEXT: per_thread: int=2562 {{.*}}
define ptx_kernel void @unrolled_col(ptr readonly %0, ptr readonly %1, ptr writeonly %2) {
  %4 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  br label %12

9:                                                ; preds = %12
  %10 = sext i32 %8 to i64
  %11 = getelementptr inbounds float, ptr %2, i64 %10
  store float %35, ptr %11, align 4
  ret void

12:                                               ; preds = %12, %3
  %13 = phi i32 [ 0, %3 ], [ %36, %12 ]
  %14 = phi float [ 0.000000e+00, %3 ], [ %35, %12 ]
  %15 = shl nuw nsw i32 %13, 10
  %16 = add nsw i32 %15, %8
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, ptr %0, i64 %17
  %19 = load float, ptr %18, align 4
  %20 = zext nneg i32 %13 to i64
  %21 = getelementptr inbounds nuw float, ptr %1, i64 %20
  %22 = load float, ptr %21, align 4
  %23 = fmul contract float %19, %22
  %24 = fadd contract float %14, %23
  %25 = or disjoint i32 %13, 1
  %26 = shl nuw nsw i32 %25, 10
  %27 = add nsw i32 %26, %8
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds float, ptr %0, i64 %28
  %30 = load float, ptr %29, align 4
  %31 = zext nneg i32 %25 to i64
  %32 = getelementptr inbounds nuw float, ptr %1, i64 %31
  %33 = load float, ptr %32, align 4
  %34 = fmul contract float %30, %33
  %35 = fadd contract float %24, %34
  %36 = add nuw nsw i32 %13, 2
  %37 = icmp eq i32 %36, 1024
  br i1 %37, label %9, label %12
}

; Bound from an argument: no constant for the test, LSR counts N down in a
; 32-bit register (add.s32 -1, setp.eq 0) beside the pointer.
; llc: mad.lo (1); per iteration mul.wide+add.s64 (1), add.s32 A's index (1),
; add.s32 N-1 (1), add.s64 pointer += 4 (2); 16 iterations (the default trip
; count, source `assumed`); the store (1): 1 + 16 * 5 + 1 = 82.
; CHECK-LABEL: kernel bound_argument{{$}}
; CHECK-NEXT: per_thread: int=82 {{.*}}
define ptx_kernel void @bound_argument(ptr readonly %0, ptr readonly %1, ptr writeonly %2, i32 %3) {
  %5 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp sgt i32 %3, 0
  br i1 %10, label %15, label %11

11:                                               ; preds = %15, %4
  %12 = phi float [ 0.000000e+00, %4 ], [ %27, %15 ]
  %13 = sext i32 %9 to i64
  %14 = getelementptr inbounds float, ptr %2, i64 %13
  store float %12, ptr %14, align 4
  ret void

15:                                               ; preds = %4, %15
  %16 = phi i32 [ %28, %15 ], [ 0, %4 ]
  %17 = phi float [ %27, %15 ], [ 0.000000e+00, %4 ]
  %18 = shl nsw i32 %16, 10
  %19 = add nsw i32 %18, %9
  %20 = sext i32 %19 to i64
  %21 = getelementptr inbounds float, ptr %0, i64 %20
  %22 = load float, ptr %21, align 4
  %23 = zext nneg i32 %16 to i64
  %24 = getelementptr inbounds nuw float, ptr %1, i64 %23
  %25 = load float, ptr %24, align 4
  %26 = fmul contract float %22, %25
  %27 = fadd contract float %17, %26
  %28 = add nuw nsw i32 %16, 1
  %29 = icmp eq i32 %28, %3
  br i1 %29, label %11, label %15
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
