; ModuleID = 'diagonal.cu'
source_filename = "diagonal.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ8diagonalPiE4tile = internal unnamed_addr addrspace(3) global [32 x [17 x i32]] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z8diagonalPi(ptr noundef writeonly %0) local_unnamed_addr #0 {
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = zext nneg i32 %2 to i64
  %4 = getelementptr inbounds nuw [17 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ8diagonalPiE4tile to ptr), i64 %3
  store i32 %2, ptr %4, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %5 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ8diagonalPiE4tile to ptr), i64 %3
  br label %10

6:                                                ; preds = %20
  %7 = getelementptr inbounds nuw i8, ptr %4, i64 64
  %8 = load i32, ptr %7, align 4, !tbaa !6
  %9 = getelementptr inbounds nuw i32, ptr %0, i64 %3
  store i32 %8, ptr %9, align 4, !tbaa !6
  ret void

10:                                               ; preds = %1, %20
  %11 = phi i32 [ 0, %1 ], [ %21, %20 ]
  %12 = icmp ugt i32 %2, %11
  br i1 %12, label %20, label %13

13:                                               ; preds = %10
  %14 = sub nuw nsw i32 %11, %2
  %15 = zext nneg i32 %14 to i64
  %16 = getelementptr inbounds nuw [17 x i32], ptr %5, i64 %15
  %17 = getelementptr i8, ptr %16, i64 4
  %18 = load i32, ptr %16, align 4, !tbaa !6
  %19 = add nsw i32 %18, %11
  store i32 %19, ptr %17, align 4, !tbaa !6
  br label %20

20:                                               ; preds = %13, %10
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %21 = add nuw nsw i32 %11, 1
  %22 = icmp eq i32 %21, 32
  br i1 %22, label %6, label %10, !llvm.loop !11
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
