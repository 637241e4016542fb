; A private array ptxas keeps in registers: 3 local accesses in the IR, a
; 0-byte stack frame after ptxas (local-in-registers.test).
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @privateInRegisters(ptr addrspace(1) %p) {
entry:
  %a = alloca [4 x float], align 4
  %x = load float, ptr addrspace(1) %p, align 4
  store float %x, ptr %a, align 4
  %y = fadd float %x, %x
  %a1 = getelementptr inbounds [4 x float], ptr %a, i64 0, i64 1
  store float %y, ptr %a1, align 4
  %z = load float, ptr %a1, align 4
  store float %z, ptr addrspace(1) %p, align 4
  ret void
}
