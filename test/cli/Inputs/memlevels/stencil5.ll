; out[i] = in[i-1] + in[i] + in[i+1] + in[i-n] + in[i+n] (n at run time):
; three loads in one group (offsets -4, 0, +4 bytes), two more groups of the
; same base, one streaming store.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @stencil5(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %bid, %bdim
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %n64 = sext i32 %n to i64
  %il = add nsw i64 %idx, -1
  %ir = add nsw i64 %idx, 1
  %iu = sub nsw i64 %idx, %n64
  %id = add nsw i64 %idx, %n64
  %pl = getelementptr inbounds float, ptr addrspace(1) %in, i64 %il
  %pc = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %pr = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ir
  %pu = getelementptr inbounds float, ptr addrspace(1) %in, i64 %iu
  %pd = getelementptr inbounds float, ptr addrspace(1) %in, i64 %id
  %vl = load float, ptr addrspace(1) %pl, align 4
  %vc = load float, ptr addrspace(1) %pc, align 4
  %vr = load float, ptr addrspace(1) %pr, align 4
  %vu = load float, ptr addrspace(1) %pu, align 4
  %vd = load float, ptr addrspace(1) %pd, align 4
  %s1 = fadd float %vl, %vc
  %s2 = fadd float %s1, %vr
  %s3 = fadd float %s2, %vu
  %s4 = fadd float %s3, %vd
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %s4, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @stencil5, !"kernel", i32 1}
