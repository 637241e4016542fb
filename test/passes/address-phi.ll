; An address through a phi whose incoming values are one expression (clang
; leaves `phi [sext %tid, %a], [sext %tid, %b]` after an if/else, as in
; PolyBench GESUMMV's y[i] after its loop) is analysed as that expression:
; llc keeps one register for it (`cvt.u64.u32 %rd6, %r1` before the branch,
; then `shl.b64 %rd4, %rd6, 2; add.s64 %rd5, %rd1, %rd4` at the join), so
; the load and store at the join are coalesced (4-byte stride), not a
; data-dependent gather. Different incoming expressions (tid, tid * 32) stay
; unanalysable: both accesses at the join counted uncoalesced.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: kernel equal_phi{{$}}
; CHECK: uncoalesced_mem: 0
; CHECK-LABEL: kernel different_phi{{$}}
; CHECK: uncoalesced_mem: 2
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @equal_phi(ptr addrspace(1) %p, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %a, label %b
a:
  %ia = sext i32 %tid to i64
  %ga = getelementptr inbounds float, ptr addrspace(1) %p, i64 %ia
  store float 1.0, ptr addrspace(1) %ga, align 4
  br label %join
b:
  %ib = sext i32 %tid to i64
  br label %join
join:
  %i = phi i64 [ %ia, %a ], [ %ib, %b ]
  %g = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i
  %v = load float, ptr addrspace(1) %g, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %g, align 4
  ret void
}

define ptx_kernel void @different_phi(ptr addrspace(1) %p, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %a, label %b
a:
  %ia = sext i32 %tid to i64
  br label %join
b:
  %t2 = shl i32 %tid, 5
  %ib = sext i32 %t2 to i64
  br label %join
join:
  %i = phi i64 [ %ia, %a ], [ %ib, %b ]
  %g = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i
  %v = load float, ptr addrspace(1) %g, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %g, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
