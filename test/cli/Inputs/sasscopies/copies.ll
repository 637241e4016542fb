; The kernels of copies.ptx as IR (the facts the IR front-end sees).
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @divparam(ptr addrspace(1) %p, double %d) {
  %x = load double, ptr addrspace(1) %p, align 8
  %q = fdiv double %x, %d
  store double %q, ptr addrspace(1) %p, align 8
  ret void
}

define ptx_kernel void @divload(ptr addrspace(1) %p) {
  %dp = getelementptr inbounds i8, ptr addrspace(1) %p, i64 8
  %d = load double, ptr addrspace(1) %dp, align 8
  %x = load double, ptr addrspace(1) %p, align 8
  %q = fdiv double %x, %d
  store double %q, ptr addrspace(1) %p, align 8
  ret void
}

define ptx_kernel void @andpred(i32 %a, i32 %b) {
  %c1 = icmp slt i32 %a, 16
  %c2 = icmp sgt i32 %b, 0
  %c = and i1 %c1, %c2
  %n = xor i1 %c, true
  br i1 %n, label %done, label %sync

sync:
  call void @llvm.nvvm.barrier0()
  br label %done

done:
  ret void
}

define ptx_kernel void @plop(i32 %a, i32 %b) {
  %c1 = icmp slt i32 %a, 16
  %c2 = icmp sgt i32 %b, 0
  %c3 = and i1 %c1, %c2
  %c4 = icmp slt i32 %b, 16
  %c5 = icmp sgt i32 %a, 0
  %c6 = and i1 %c4, %c5
  %c = and i1 %c3, %c6
  br i1 %c, label %done, label %sync

sync:
  call void @llvm.nvvm.barrier0()
  br label %done

done:
  ret void
}

declare void @llvm.nvvm.barrier0()
