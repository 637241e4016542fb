; Grid-independence proof (-gpa-rewrite-grid may shrink only "yes" kernels).
; Generated with clang-22 -O2 --cuda-device-only -emit-llvm from this CUDA
; (one kernel per case of the proof rule in frontends/ir/GridIndependence.h):
;   stride1d:     for (i = bid.x*bdim.x+tid.x; i < n; i += bdim.x*gdim.x) y[i] = 2*x[i];   yes
;   stride2d:     nested grid-stride loops over y then x                                  yes (row stride m >= inner extent m)
;   earlyExit:    if (n <= 0) return; then a grid-stride loop                             yes
;   perElement:   i = bid*bdim+tid; if (i < n) y[i] = 1;                                   no: one thread per element
;   gridDimOther: grid-stride loop storing (float)gridDim.x                               no: gridDim used for a value
;   floatAtomic:  atomicAdd(float) in a grid-stride loop                                   no: order-dependent rounding
;   histogram:    atomicAdd(&bins[x[i] & 255], 1), result unused, x __restrict__          yes: commutative integer update
;                 (without __restrict__, x may be bins: refused, C5)
;   ticket:       t = atomicAdd(counter, 1); out[blockIdx.x] = t;                           no: cross-block communication
;   annotated:    one thread per element, but GPA_GRID_INDEPENDENT                         yes (annotation)
;   blockReduce:  shared-memory reduction writing out[blockIdx.x]                          no
; Written with `nocapture`, which opt-19 parses and opt-22 reads as
; captures(none), so the test runs with both LLVMs.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-rewrite-grid -pass-remarks-analysis=gpu-power-advisor -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json
; CHECK: stride1d(float const*, float*, int) grid-independent: true (every side effect is in a grid-stride loop
; CHECK: stride2d(float*, int, int) grid-independent: true (every side effect is in a grid-stride loop
; CHECK: earlyExit(float*, int) grid-independent: true (every side effect is in a grid-stride loop
; CHECK: perElement(float*, int) grid-independent: false (C1 start: one thread per element (no grid-stride loop
; CHECK: gridDimOther(float*, int) grid-independent: false (C4 values: the value stored by {{.*}}: reads {{.*}}nctaid.x() other than as a grid-stride induction variable
; CHECK: floatAtomic(float const*, float*, int) grid-independent: false (C6 effects: atomic {{.*}}atomicrmw fadd{{.*}} is not a commutative integer update
; CHECK: histogram(int const*, int*, int) grid-independent: true
; CHECK: ticket(int*, int*) grid-independent: false (C6 effects: the result of atomic {{.*}}atomicrmw add{{.*}} is used
; CHECK: annotated(float*, int) grid-independent: true (annotated GPA_GRID_INDEPENDENT by its author)
; CHECK: blockReduce(float const*, float*, int) grid-independent: false (C1 start: writes memory outside its grid-stride loops
; REPORT: "grid_independent": true,
; REPORT-NEXT: "grid_independent_reason": "every side effect is in a grid-stride loop
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ11blockReducePKfPfiE1s = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@.str = private unnamed_addr constant [21 x i8] c"gpa.grid_independent\00", section "llvm.metadata"
@.str1 = private unnamed_addr constant [6 x i8] c"gi.cu\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @_Z9annotatedPfi, ptr @.str, ptr @.str1, i32 36, ptr null }], section "llvm.metadata"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z8stride1dPKfPfi(ptr noundef readonly nocapture %0, ptr noundef writeonly nocapture %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %13

10:                                               ; preds = %3
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %12 = mul i32 %5, %11
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %10, %14
  %15 = phi i32 [ %8, %10 ], [ %21, %14 ]
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds float, ptr %0, i64 %16
  %18 = load float, ptr %17, align 4, !tbaa !11
  %19 = fmul contract float %18, 2.000000e+00
  %20 = getelementptr inbounds float, ptr %1, i64 %16
  store float %19, ptr %20, align 4, !tbaa !11
  %21 = add i32 %15, %12
  %22 = icmp slt i32 %21, %2
  br i1 %22, label %14, label %13, !llvm.loop !13
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z8stride2dPfii(ptr noundef nocapture %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %6 = mul nuw nsw i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %8 = add nuw nsw i32 %6, %7
  %9 = icmp slt i32 %8, %1
  br i1 %9, label %10, label %21

10:                                               ; preds = %3
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %12 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %13 = mul i32 %11, %12
  %14 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %15 = add i32 %13, %14
  %16 = icmp slt i32 %15, %2
  %17 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %18 = mul i32 %12, %17
  %19 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  %20 = mul nuw nsw i32 %5, %19
  br label %22

21:                                               ; preds = %26, %3
  ret void

22:                                               ; preds = %10, %26
  %23 = phi i32 [ %8, %10 ], [ %27, %26 ]
  br i1 %16, label %24, label %26

24:                                               ; preds = %22
  %25 = mul nsw i32 %23, %2
  br label %29

26:                                               ; preds = %29, %22
  %27 = add i32 %23, %20
  %28 = icmp slt i32 %27, %1
  br i1 %28, label %22, label %21, !llvm.loop !15

29:                                               ; preds = %24, %29
  %30 = phi i32 [ %15, %24 ], [ %36, %29 ]
  %31 = add nsw i32 %30, %25
  %32 = sext i32 %31 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !11
  %35 = fadd contract float %34, 1.000000e+00
  store float %35, ptr %33, align 4, !tbaa !11
  %36 = add i32 %30, %18
  %37 = icmp slt i32 %36, %2
  br i1 %37, label %29, label %26, !llvm.loop !16
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: write)
define dso_local ptx_kernel void @_Z9earlyExitPfi(ptr noundef writeonly nocapture %0, i32 noundef %1) local_unnamed_addr #1 {
  %3 = icmp slt i32 %1, 1
  br i1 %3, label %20, label %4

4:                                                ; preds = %2
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %1
  br i1 %10, label %11, label %20

11:                                               ; preds = %4
  %12 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %13 = mul i32 %6, %12
  br label %14

14:                                               ; preds = %11, %14
  %15 = phi i32 [ %9, %11 ], [ %18, %14 ]
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds float, ptr %0, i64 %16
  store float 0.000000e+00, ptr %17, align 4, !tbaa !11
  %18 = add i32 %15, %13
  %19 = icmp slt i32 %18, %1
  br i1 %19, label %14, label %20, !llvm.loop !17

20:                                               ; preds = %14, %4, %2
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local ptx_kernel void @_Z10perElementPfi(ptr noundef writeonly nocapture %0, i32 noundef %1) local_unnamed_addr #2 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = icmp slt i32 %7, %1
  br i1 %8, label %9, label %12

9:                                                ; preds = %2
  %10 = sext i32 %7 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  store float 1.000000e+00, ptr %11, align 4, !tbaa !11
  br label %12

12:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: write)
define dso_local ptx_kernel void @_Z12gridDimOtherPfi(ptr noundef writeonly nocapture %0, i32 noundef %1) local_unnamed_addr #1 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = icmp slt i32 %7, %1
  br i1 %8, label %9, label %13

9:                                                ; preds = %2
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %11 = uitofp nneg i32 %10 to float
  %12 = mul i32 %4, %10
  br label %14

13:                                               ; preds = %14, %2
  ret void

14:                                               ; preds = %9, %14
  %15 = phi i32 [ %7, %9 ], [ %18, %14 ]
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds float, ptr %0, i64 %16
  store float %11, ptr %17, align 4, !tbaa !11
  %18 = add i32 %15, %12
  %19 = icmp slt i32 %18, %1
  br i1 %19, label %14, label %13, !llvm.loop !18
}

; Function Attrs: mustprogress nofree noinline norecurse nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z11floatAtomicPKfPfi(ptr noundef readonly nocapture %0, ptr noundef nocapture %1, i32 noundef %2) local_unnamed_addr #3 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %13

10:                                               ; preds = %3
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %12 = mul i32 %5, %11
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %10, %14
  %15 = phi i32 [ %8, %10 ], [ %20, %14 ]
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds float, ptr %0, i64 %16
  %18 = load float, ptr %17, align 4, !tbaa !11
  %19 = atomicrmw fadd ptr %1, float %18 seq_cst, align 4
  %20 = add i32 %15, %12
  %21 = icmp slt i32 %20, %2
  br i1 %21, label %14, label %13, !llvm.loop !19
}

; Function Attrs: mustprogress nofree noinline norecurse nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z9histogramPKiPii(ptr noalias noundef readonly nocapture %0, ptr noundef nocapture %1, i32 noundef %2) local_unnamed_addr #3 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %13

10:                                               ; preds = %3
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %12 = mul i32 %5, %11
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %10, %14
  %15 = phi i32 [ %8, %10 ], [ %23, %14 ]
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr %0, i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !6
  %19 = and i32 %18, 255
  %20 = zext nneg i32 %19 to i64
  %21 = getelementptr inbounds nuw i32, ptr %1, i64 %20
  %22 = atomicrmw add ptr %21, i32 1 seq_cst, align 4
  %23 = add i32 %15, %12
  %24 = icmp slt i32 %23, %2
  br i1 %24, label %14, label %13, !llvm.loop !20
}

; Function Attrs: mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z6ticketPiS_(ptr noundef nocapture %0, ptr noundef writeonly nocapture %1) local_unnamed_addr #4 {
  %3 = atomicrmw add ptr %0, i32 1 seq_cst, align 4
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = getelementptr inbounds nuw i32, ptr %1, i64 %5
  store i32 %3, ptr %6, align 4, !tbaa !6
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local ptx_kernel void @_Z9annotatedPfi(ptr noundef writeonly nocapture %0, i32 noundef %1) #2 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = icmp slt i32 %7, %1
  br i1 %8, label %9, label %12

9:                                                ; preds = %2
  %10 = sext i32 %7 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  store float 1.000000e+00, ptr %11, align 4, !tbaa !11
  br label %12

12:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z11blockReducePKfPfi(ptr noundef readonly nocapture %0, ptr noundef writeonly nocapture %1, i32 noundef %2) local_unnamed_addr #5 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %13

10:                                               ; preds = %3
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %12 = mul i32 %5, %11
  br label %18

13:                                               ; preds = %18, %3
  %14 = phi float [ 0.000000e+00, %3 ], [ %24, %18 ]
  %15 = zext nneg i32 %7 to i64
  %16 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ11blockReducePKfPfiE1s to ptr), i64 %15
  store float %14, ptr %16, align 4, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %17 = icmp eq i32 %7, 0
  br i1 %17, label %27, label %31

18:                                               ; preds = %10, %18
  %19 = phi i32 [ %8, %10 ], [ %25, %18 ]
  %20 = phi float [ 0.000000e+00, %10 ], [ %24, %18 ]
  %21 = sext i32 %19 to i64
  %22 = getelementptr inbounds float, ptr %0, i64 %21
  %23 = load float, ptr %22, align 4, !tbaa !11
  %24 = fadd contract float %20, %23
  %25 = add i32 %19, %12
  %26 = icmp slt i32 %25, %2
  br i1 %26, label %18, label %13, !llvm.loop !21

27:                                               ; preds = %13
  %28 = zext nneg i32 %4 to i64
  %29 = getelementptr inbounds nuw float, ptr %1, i64 %28
  %30 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ11blockReducePKfPfiE1s to ptr), align 4, !tbaa !11
  store float %30, ptr %29, align 4, !tbaa !11
  br label %31

31:                                               ; preds = %27, %13
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 65536) i32 @llvm.nvvm.read.ptx.sreg.nctaid.y() #7

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #3 = { mustprogress nofree noinline norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #4 = { mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #5 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #6 = { convergent nocallback nounwind }
attributes #7 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4, !5}
!llvm.errno.tbaa = !{!6}
!nvvmir.version = !{!10}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{i32 2, i32 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !8, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = distinct !{!16, !14}
!17 = distinct !{!17, !14}
!18 = distinct !{!18, !14}
!19 = distinct !{!19, !14}
!20 = distinct !{!20, !14}
!21 = distinct !{!21, !14}
