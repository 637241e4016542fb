; out[i] = table[key[i] & 1023] with a 4 KB table in global memory: the
; lookup is a gather whose working set (the table) fits in L2.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = addrspace(1) global [1024 x float] zeroinitializer, align 4

define void @lookup(ptr addrspace(1) %key, ptr addrspace(1) %out) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bid, %bdim
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %pk = getelementptr inbounds i32, ptr addrspace(1) %key, i64 %idx
  %k = load i32, ptr addrspace(1) %pk, align 4
  %km = and i32 %k, 1023
  %k64 = zext i32 %km to i64
  %pt = getelementptr inbounds [1024 x float], ptr addrspace(1) @table, i64 0, i64 %k64
  %v = load float, ptr addrspace(1) %pt, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @lookup, !"kernel", i32 1}
