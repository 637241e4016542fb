; out[i] = coef[0] * 2 through a const __restrict__ coefficient (noalias,
; readonly: NVPTX makes it ld.global.nc): a read-only broadcast,
; one streaming store.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @broadcast_ro(ptr addrspace(1) noalias readonly %coef, ptr addrspace(1) %out) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bid, %bdim
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %c = load float, ptr addrspace(1) %coef, align 4
  %r = fmul float %c, 2.0
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @broadcast_ro, !"kernel", i32 1}
