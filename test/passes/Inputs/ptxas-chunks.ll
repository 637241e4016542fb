; Three kernels for ptxas run per chunk of kernels (gpa/PtxChunks.h): one
; calls a device function the back-end keeps (noinline), one reads a global
; variable; each chunk must carry both.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = addrspace(1) global [64 x float] zeroinitializer, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define float @helper(float %x) #0 {
  %a = fmul float %x, %x
  %b = fadd float %a, 1.0
  ret float %b
}

define ptx_kernel void @store(ptr addrspace(1) %p) #1 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr float, ptr addrspace(1) %p, i32 %t
  store float 1.0, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @calls(ptr addrspace(1) %p) #1 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr float, ptr addrspace(1) %p, i32 %t
  %v = load float, ptr addrspace(1) %q
  %w = call float @helper(float %v)
  store float %w, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @reads_table(ptr addrspace(1) %p) #1 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = and i32 %t, 63
  %s = getelementptr [64 x float], ptr addrspace(1) @table, i32 0, i32 %i
  %v = load float, ptr addrspace(1) %s
  %q = getelementptr float, ptr addrspace(1) %p, i32 %t
  store float %v, ptr addrspace(1) %q
  ret void
}

attributes #0 = { noinline "target-cpu"="sm_80" }
attributes #1 = { "target-cpu"="sm_80" }
