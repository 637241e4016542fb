; ModuleID = 'column_sum.cu'
source_filename = "column_sum.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z10column_sumiPfS_(i32 noundef %0, ptr noundef writeonly captures(none) %1, ptr noundef readonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds float, ptr %1, i64 %9
  store float 0.000000e+00, ptr %10, align 4, !tbaa !11
  %11 = icmp sgt i32 %0, 0
  br i1 %11, label %12, label %36

12:                                               ; preds = %3
  %13 = and i32 %0, 3
  %14 = icmp ult i32 %0, 4
  br i1 %14, label %19, label %15

15:                                               ; preds = %12
  %16 = and i32 %0, 2147483644
  br label %37

17:                                               ; preds = %37
  %18 = icmp eq i32 %13, 0
  br i1 %18, label %36, label %19

19:                                               ; preds = %17, %12
  %20 = phi float [ 0.000000e+00, %12 ], [ %67, %17 ]
  %21 = phi i32 [ 0, %12 ], [ %68, %17 ]
  %22 = icmp ne i32 %13, 0
  tail call void @llvm.assume(i1 %22)
  br label %23

23:                                               ; preds = %23, %19
  %24 = phi float [ %32, %23 ], [ %20, %19 ]
  %25 = phi i32 [ %33, %23 ], [ %21, %19 ]
  %26 = phi i32 [ %34, %23 ], [ 0, %19 ]
  %27 = shl nsw i32 %25, 11
  %28 = add nsw i32 %27, %8
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %2, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !11
  %32 = fadd contract float %31, %24
  store float %32, ptr %10, align 4, !tbaa !11
  %33 = add nuw nsw i32 %25, 1
  %34 = add i32 %26, 1
  %35 = icmp eq i32 %34, %13
  br i1 %35, label %36, label %23, !llvm.loop !13

36:                                               ; preds = %17, %23, %3
  ret void

37:                                               ; preds = %37, %15
  %38 = phi float [ 0.000000e+00, %15 ], [ %67, %37 ]
  %39 = phi i32 [ 0, %15 ], [ %68, %37 ]
  %40 = phi i32 [ 0, %15 ], [ %69, %37 ]
  %41 = shl nsw i32 %39, 11
  %42 = add nsw i32 %41, %8
  %43 = sext i32 %42 to i64
  %44 = getelementptr inbounds float, ptr %2, i64 %43
  %45 = load float, ptr %44, align 4, !tbaa !11
  %46 = fadd contract float %45, %38
  store float %46, ptr %10, align 4, !tbaa !11
  %47 = shl i32 %39, 11
  %48 = or disjoint i32 %47, 2048
  %49 = add nsw i32 %48, %8
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds float, ptr %2, i64 %50
  %52 = load float, ptr %51, align 4, !tbaa !11
  %53 = fadd contract float %52, %46
  store float %53, ptr %10, align 4, !tbaa !11
  %54 = shl i32 %39, 11
  %55 = or disjoint i32 %54, 4096
  %56 = add nsw i32 %55, %8
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds float, ptr %2, i64 %57
  %59 = load float, ptr %58, align 4, !tbaa !11
  %60 = fadd contract float %59, %53
  store float %60, ptr %10, align 4, !tbaa !11
  %61 = shl i32 %39, 11
  %62 = or disjoint i32 %61, 6144
  %63 = add nsw i32 %62, %8
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds float, ptr %2, i64 %64
  %66 = load float, ptr %65, align 4, !tbaa !11
  %67 = fadd contract float %66, %60
  store float %67, ptr %10, align 4, !tbaa !11
  %68 = add nuw nsw i32 %39, 4
  %69 = add i32 %40, 4
  %70 = icmp eq i32 %69, %16
  br i1 %70, label %17, label %37, !llvm.loop !15
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

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
!14 = !{!"llvm.loop.unroll.disable"}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
