; Rows of a 16 x 16 block (rule R9's derived block footprint), clang -O2
; of:
;   col = blockIdx.x * 16 + threadIdx.x; row = blockIdx.y * 16 + threadIdx.y;
;   columnRows: out[row * 4096 + col] = in[col];   (every row reads in[col])
;   copy2d:     out[row * 4104 + col] = in[row * 4104 + col];
; blockrows.ptx is `llc -mcpu=sm_80` of this file with
; "nvvm.reqntid"="16,16,1" added to #0 (.reqntid 16, 16, 1).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define dso_local ptx_kernel void @_Z10columnRowsPKfPf(ptr noalias noundef readonly nocapture %0, ptr noundef writeonly nocapture %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = shl i32 %3, 4
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = add i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %9 = sext i32 %6 to i64
  %10 = getelementptr inbounds float, ptr %0, i64 %9
  %11 = load float, ptr %10, align 4
  %12 = shl nuw i32 %7, 16
  %13 = shl nuw nsw i32 %8, 12
  %14 = add i32 %12, %13
  %15 = add nsw i32 %14, %6
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds float, ptr %1, i64 %16
  store float %11, ptr %17, align 4
  ret void
}

define dso_local ptx_kernel void @_Z6copy2dPKfPf(ptr noalias noundef readonly nocapture %0, ptr noundef writeonly nocapture %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = shl i32 %3, 4
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = add i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %8 = shl nuw nsw i32 %7, 4
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %10 = add nuw nsw i32 %8, %9
  %11 = mul nuw nsw i32 %10, 4104
  %12 = add nsw i32 %6, %11
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4
  %16 = getelementptr inbounds float, ptr %1, i64 %13
  store float %15, ptr %16, align 4
  ret void
}

declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
