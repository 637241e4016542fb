; Coalescing from the address's SCEV in terms of threadIdx.x (one global load
; per kernel): unit stride -> coalesced; no threadIdx.x -> broadcast; stride
; of 2 floats (8 bytes) -> uncoalesced, min(32, ceil(32*8/32)) = 8
; transactions per warp; stride n (run time) -> 32; a gather through loaded
; indices -> 32. A grid-stride loop stays coalesced.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json memory assumptions | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: coalesced memory.bytes_per_access=4
; CHECK-NEXT: coalesced memory.uncoalesced_per_thread=0
; CHECK-NEXT: coalesced memory.uncoalesced_transactions_per_warp=0
; CHECK-NOT: coalesced assumptions.uncoalesced
define ptx_kernel void @coalesced(ptr addrspace(1) %a) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  ret void
}

; A double per thread, indexed by blockIdx.x only: broadcast.
; CHECK: broadcast memory.bytes_per_access=8
; CHECK-NEXT: broadcast memory.uncoalesced_per_thread=0
; CHECK-NOT: broadcast assumptions.uncoalesced
define ptx_kernel void @broadcast(ptr addrspace(1) %a) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %idx = zext i32 %ctaid to i64
  %p = getelementptr inbounds double, ptr addrspace(1) %a, i64 %idx
  %v = load double, ptr addrspace(1) %p, align 8
  ret void
}

; CHECK: strided memory.bytes_per_access=4
; CHECK-NEXT: strided memory.uncoalesced_per_thread=1
; CHECK-NEXT: strided memory.uncoalesced_transactions_per_warp=8
; CHECK: strided assumptions.uncoalesced_strided.value=1
define ptx_kernel void @strided(ptr addrspace(1) %a) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t2 = shl nuw nsw i32 %tid, 1
  %idx = zext i32 %t2 to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK: variable memory.uncoalesced_per_thread=1
; CHECK-NEXT: variable memory.uncoalesced_transactions_per_warp=32
; CHECK: variable assumptions.uncoalesced_variable_stride.value=1
define ptx_kernel void @variable(ptr addrspace(1) %a, i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul nsw i32 %tid, %n
  %idx = sext i32 %m to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  ret void
}

; Two loads: the index load is coalesced, the gather is data-dependent.
; CHECK: gather memory.uncoalesced_per_thread=1
; CHECK-NEXT: gather memory.uncoalesced_transactions_per_warp=32
; CHECK: gather assumptions.uncoalesced_data_dependent.value=1
define ptx_kernel void @gather(ptr addrspace(1) %a, ptr addrspace(1) %ix) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %pi = getelementptr inbounds i32, ptr addrspace(1) %ix, i64 %t
  %j = load i32, ptr addrspace(1) %pi, align 4
  %jj = sext i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %jj
  %v = load float, ptr addrspace(1) %p, align 4
  ret void
}

; for (i = tid + ctaid*ntid; i < n; i += ntid*nctaid) y[i] = x[i]: the loop
; recurrence's stride across lanes is still one element.
; CHECK: gridstride memory.uncoalesced_per_thread=0
; CHECK-NOT: gridstride assumptions.uncoalesced
define ptx_kernel void @gridstride(ptr %x, ptr %y, i32 %n) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %start = add i32 %base, %tid
  %step = mul i32 %ntid, %nctaid
  %guard = icmp slt i32 %start, %n
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %idx = sext i32 %i to i64
  %px = getelementptr inbounds float, ptr %x, i64 %idx
  %v = load float, ptr %px, align 4
  %py = getelementptr inbounds float, ptr %y, i64 %idx
  store float %v, ptr %py, align 4
  %next = add i32 %i, %step
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
