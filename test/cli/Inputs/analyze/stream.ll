; A straight-line streaming kernel: out[i] = in[i] * 2.0 for
; i = blockIdx.x * blockDim.x + threadIdx.x (no loop, no branch).
; Per thread: 1 global load + 1 global store (coalesced, 4 bytes), 1 FP mul.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @stream(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %idx = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %r = fmul float %v, 2.0
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @stream, !"kernel", i32 1}
