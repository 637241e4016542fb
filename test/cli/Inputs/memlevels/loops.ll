; Loads in loops (rule R7 of docs/models.md "Memory levels"); hand-written
; in the form clang -O3 gives, not unrolled.
;
; matmul_naive: C[row*n + col] = sum_k A[row*n + k] * B[k*n + col], row =
;   blockIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x. A's address
;   moves 4 bytes per iteration of k; B's moves n * 4 (a run-time value).
; filter9: out[i] = sum_{k<9} coef[k] * in[i + k] over a global 9-float
;   array: both move 4 bytes per iteration.
; grid_copy: a grid-stride copy, i += gridDim.x * blockDim.x (run-time).
; scale_row: X[row*n + k] *= 2 in place for k < n: the load and the store
;   share the pointer llc increments by 4 (the store's address is not a
;   definition of it).
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@coef = addrspace(1) global [9 x float] zeroinitializer, align 4

define void @matmul_naive(ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %C, i32 %n) {
entry:
  %row = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bx, %bdim
  %col = add nsw i32 %base, %tid
  %rown = mul nsw i32 %row, %n
  %nonempty = icmp sgt i32 %n, 0
  br i1 %nonempty, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %ai = add nsw i32 %rown, %k
  %ai64 = sext i32 %ai to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %A, i64 %ai64
  %a = load float, ptr addrspace(1) %pa, align 4
  %kn = mul nsw i32 %k, %n
  %bi = add nsw i32 %kn, %col
  %bi64 = sext i32 %bi to i64
  %pb = getelementptr inbounds float, ptr addrspace(1) %B, i64 %bi64
  %b = load float, ptr addrspace(1) %pb, align 4
  %sum.next = call float @llvm.fma.f32(float %a, float %b, float %sum)
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %ci = add nsw i32 %rown, %col
  %ci64 = sext i32 %ci to i64
  %pc = getelementptr inbounds float, ptr addrspace(1) %C, i64 %ci64
  store float %r, ptr addrspace(1) %pc, align 4
  ret void
}

define void @filter9(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bx, %bdim
  %i = add nsw i32 %base, %tid
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %k64 = zext i32 %k to i64
  %pc = getelementptr inbounds [9 x float], ptr addrspace(1) @coef, i64 0, i64 %k64
  %c = load float, ptr addrspace(1) %pc, align 4
  %ik = add nsw i32 %i, %k
  %ik64 = sext i32 %ik to i64
  %px = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ik64
  %x = load float, ptr addrspace(1) %px, align 4
  %sum.next = call float @llvm.fma.f32(float %c, float %x, float %sum)
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 9
  br i1 %done, label %exit, label %loop

exit:
  %i64 = sext i32 %i to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %sum.next, ptr addrspace(1) %po, align 4
  ret void
}

define void @grid_copy(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gdim = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bx, %bdim
  %first = add nsw i32 %base, %tid
  %stride = mul nsw i32 %gdim, %bdim
  %any = icmp slt i32 %first, %n
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i32 [ %first, %entry ], [ %i.next, %loop ]
  %i64 = sext i32 %i to i64
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i64
  %v = load float, ptr addrspace(1) %pi, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %v, ptr addrspace(1) %po, align 4
  %i.next = add nsw i32 %i, %stride
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define void @scale_row(ptr addrspace(1) %X, i32 %n) {
entry:
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bx, %bdim
  %row = add nsw i32 %base, %tid
  %rown = mul nsw i32 %row, %n
  %nonempty = icmp sgt i32 %n, 0
  br i1 %nonempty, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %xi = add nsw i32 %rown, %k
  %xi64 = sext i32 %xi to i64
  %px = getelementptr inbounds float, ptr addrspace(1) %X, i64 %xi64
  %x = load float, ptr addrspace(1) %px, align 4
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %px, align 4
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @matmul_naive, !"kernel", i32 1}
!1 = !{ptr @filter9, !"kernel", i32 1}
!2 = !{ptr @grid_copy, !"kernel", i32 1}
!3 = !{ptr @scale_row, !"kernel", i32 1}
