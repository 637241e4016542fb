; out[i] = in[i]: a streaming copy, no reuse.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bid, %bdim
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %pi, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @copy, !"kernel", i32 1}
