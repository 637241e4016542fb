; The SCEV texts in access groups (frontends/ir/ScevText.cpp numbers a
; function's unnamed values once) are SCEV::print's: -gpa-check-scev-texts
; compares every text with SCEV::print's and stops at a difference. The
; kernel (clang -O2, value names discarded) has unnamed values in a gather
; (%16 + i*m), a loop recurrence over an unnamed header, an unsigned
; division, a sign and zero extension and an smax.
; REQUIRES: plugin
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt %loadgpa -passes=gpu-power-advisor-device -gpa-ptxas=false -gpa-check-scev-texts -gpa-handoff-dir=%t -disable-output %s
; RUN: cat %t/*.json | FileCheck %s
; The gather a[idx[t] + i*m]: 4 bytes per unit of the loaded index %16; the
; unsigned division's group names (t /u 5); the recurrence {0,+,4} scaled by
; 4 is 16 of its loop's iterations {0,+,1} (a constant step, AccessFacts.cpp).
; CHECK-DAG: "group": "4*%16 + 1*arg0 + 1*{0,+,
; CHECK-DAG: "group": "4*(((%7 * %8) + %10) /u 5) + 1*arg0 + 16*{0,+,1}<%29>"

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @scev_texts(ptr noalias readonly nocapture %0, ptr readonly nocapture %1, ptr writeonly nocapture %2, i32 %3, i32 %4, i64 %5) {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  %12 = icmp sgt i32 %3, 0
  br i1 %12, label %13, label %22

13:
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds i32, ptr %1, i64 %14
  %16 = load i32, ptr %15, align 4
  %17 = mul nsw i32 %11, 3
  %18 = udiv i32 %11, 5
  %19 = tail call i32 @llvm.smax.i32(i32 %11, i32 %4)
  %20 = sext i32 %19 to i64
  %21 = getelementptr float, ptr %0, i64 %20
  br label %29

22:
  %23 = phi float [ 0.000000e+00, %6 ], [ %53, %29 ]
  %24 = mul nsw i32 %4, %11
  %25 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %26 = add i32 %24, %25
  %27 = zext i32 %26 to i64
  %28 = getelementptr inbounds float, ptr %2, i64 %27
  store float %23, ptr %28, align 4
  ret void

29:
  %30 = phi i32 [ 0, %13 ], [ %54, %29 ]
  %31 = phi float [ 0.000000e+00, %13 ], [ %53, %29 ]
  %32 = mul nsw i32 %30, %4
  %33 = add nsw i32 %16, %32
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds float, ptr %0, i64 %34
  %36 = load float, ptr %35, align 4
  %37 = fadd contract float %31, %36
  %38 = add nsw i32 %30, %17
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds float, ptr %0, i64 %39
  %41 = load float, ptr %40, align 4
  %42 = fadd contract float %37, %41
  %43 = shl i32 %30, 2
  %44 = add i32 %43, %18
  %45 = zext i32 %44 to i64
  %46 = getelementptr inbounds float, ptr %0, i64 %45
  %47 = load float, ptr %46, align 4
  %48 = fadd contract float %42, %47
  %49 = zext nneg i32 %30 to i64
  %50 = mul nsw i64 %5, %49
  %51 = getelementptr float, ptr %21, i64 %50
  %52 = load float, ptr %51, align 4
  %53 = fadd contract float %48, %52
  %54 = add nuw nsw i32 %30, 1
  %55 = icmp eq i32 %54, %3
  br i1 %55, label %22, label %29
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.smax.i32(i32, i32)
