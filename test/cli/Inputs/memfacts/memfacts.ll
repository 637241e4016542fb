; ModuleID = 'memfacts.cu'
source_filename = "memfacts.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12staging_loopPKfPfE4tile = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4
@_ZZ16staging_unrolledPKfPfE4tile = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4
@_ZZ14shared_stride2PKfPfE4tile = internal unnamed_addr addrspace(3) global [512 x float] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z12staging_loopPKfPf(ptr noalias noundef readonly %0, ptr noundef writeonly %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = shl i32 %4, 10
  %6 = or disjoint i32 %5, %3
  br label %20

7:                                                ; preds = %20
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %8 = zext nneg i32 %3 to i64
  %9 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12staging_loopPKfPfE4tile to ptr), i64 %8
  %10 = load float, ptr %9, align 4, !tbaa !8
  %11 = xor i32 %3, 1023
  %12 = zext nneg i32 %11 to i64
  %13 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12staging_loopPKfPfE4tile to ptr), i64 %12
  %14 = load float, ptr %13, align 4, !tbaa !8
  %15 = fadd contract float %10, %14
  %16 = shl i32 %4, 8
  %17 = add i32 %16, %3
  %18 = zext i32 %17 to i64
  %19 = getelementptr inbounds nuw float, ptr %1, i64 %18
  store float %15, ptr %19, align 4, !tbaa !8
  ret void

20:                                               ; preds = %2, %20
  %21 = phi i32 [ 0, %2 ], [ %30, %20 ]
  %22 = shl nuw nsw i32 %21, 8
  %23 = add i32 %6, %22
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds float, ptr %0, i64 %24
  %26 = load float, ptr %25, align 4, !tbaa !8
  %27 = add nuw nsw i32 %22, %3
  %28 = zext nneg i32 %27 to i64
  %29 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12staging_loopPKfPfE4tile to ptr), i64 %28
  store float %26, ptr %29, align 4, !tbaa !8
  %30 = add nuw nsw i32 %21, 1
  %31 = icmp eq i32 %30, 4
  br i1 %31, label %7, label %20, !llvm.loop !10
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z16staging_unrolledPKfPf(ptr noalias noundef readonly %0, ptr noundef writeonly %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = shl i32 %4, 10
  %6 = or disjoint i32 %5, %3
  %7 = sext i32 %6 to i64
  %8 = getelementptr inbounds float, ptr %0, i64 %7
  %9 = load float, ptr %8, align 4, !tbaa !8
  %10 = zext nneg i32 %3 to i64
  %11 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ16staging_unrolledPKfPfE4tile to ptr), i64 %10
  store float %9, ptr %11, align 4, !tbaa !8
  %12 = add i32 %6, 256
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !8
  %16 = zext nneg i32 %3 to i64
  %17 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ16staging_unrolledPKfPfE4tile to ptr), i64 %16
  %18 = getelementptr inbounds nuw i8, ptr %17, i64 1024
  store float %15, ptr %18, align 4, !tbaa !8
  %19 = add i32 %6, 512
  %20 = sext i32 %19 to i64
  %21 = getelementptr inbounds float, ptr %0, i64 %20
  %22 = load float, ptr %21, align 4, !tbaa !8
  %23 = zext nneg i32 %3 to i64
  %24 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ16staging_unrolledPKfPfE4tile to ptr), i64 %23
  %25 = getelementptr inbounds nuw i8, ptr %24, i64 2048
  store float %22, ptr %25, align 4, !tbaa !8
  %26 = add i32 %6, 768
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds float, ptr %0, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !8
  %30 = zext nneg i32 %3 to i64
  %31 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ16staging_unrolledPKfPfE4tile to ptr), i64 %30
  %32 = getelementptr inbounds nuw i8, ptr %31, i64 3072
  store float %29, ptr %32, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %33 = load float, ptr %11, align 4, !tbaa !8
  %34 = xor i32 %3, 1023
  %35 = zext nneg i32 %34 to i64
  %36 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ16staging_unrolledPKfPfE4tile to ptr), i64 %35
  %37 = load float, ptr %36, align 4, !tbaa !8
  %38 = fadd contract float %33, %37
  %39 = shl i32 %4, 8
  %40 = add i32 %39, %3
  %41 = zext i32 %40 to i64
  %42 = getelementptr inbounds nuw float, ptr %1, i64 %41
  store float %38, ptr %42, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z14shared_stride2PKfPf(ptr noalias noundef readonly %0, ptr noundef writeonly %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = shl i32 %4, 8
  %6 = add i32 %5, %3
  %7 = zext i32 %6 to i64
  %8 = getelementptr inbounds nuw float, ptr %0, i64 %7
  %9 = load float, ptr %8, align 4, !tbaa !8
  %10 = zext nneg i32 %3 to i64
  %11 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_stride2PKfPfE4tile to ptr), i64 %10
  store float %9, ptr %11, align 4, !tbaa !8
  %12 = getelementptr i8, ptr %11, i64 1024
  store float 0.000000e+00, ptr %12, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = shl nuw nsw i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_stride2PKfPfE4tile to ptr), i64 %14
  %16 = load float, ptr %15, align 4, !tbaa !8
  %17 = getelementptr inbounds nuw float, ptr %1, i64 %7
  store float %16, ptr %17, align 4, !tbaa !8
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !6, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
