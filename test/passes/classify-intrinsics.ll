; Each NVVM intrinsic family lands in its unit (docs/plugin.md, intrinsic
; table). One kernel per family so each count is checked on its own; every
; kernel also ends in `ret` (other=1).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; barrier0 (LLVM 19 name; LLVM 22 upgrades it to barrier.cta.sync) -> sync
; CHECK: remark: {{.*}}barrier on a100: {{.*}}; per thread: sync=1 other=1; launch
define void @barrier() {
  call void @llvm.nvvm.barrier0()
  ret void
}

; shfl + vote -> shuffle
; CHECK: remark: {{.*}}shuffle on a100: {{.*}}; per thread: shuffle=2 other=1; launch
define void @shuffle(i32 %v, i1 %p) {
  %a = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  ret void
}

; sin/cos/lg2/rsqrt/rcp approximations: one MUFU each plus the range
; handling of the non-ftz forms (shared model: sin/cos.approx FMUL.RZ;
; lg2/rsqrt.approx FSETP + 2 FMUL; rcp.approx.ftz none); cos of sin's
; operand reads sin's FMUL.RZ (sinCosSharingReduction)
; CHECK: remark: {{.*}}sfu on a100: {{.*}}; per thread: fp=5 sfu=5 alu=2 other=1; launch
define void @sfu(float %x) {
  %a = call float @llvm.nvvm.sin.approx.f(float %x)
  %b = call float @llvm.nvvm.cos.approx.f(float %x)
  %c = call float @llvm.nvvm.lg2.approx.f(float %x)
  %d = call float @llvm.nvvm.rsqrt.approx.f(float %x)
  %e = call float @llvm.nvvm.rcp.approx.ftz.f(float %x)
  ret void
}

; cp.async -> async_copy; its wait -> sync
; CHECK: remark: {{.*}}asynccopy on a100: {{.*}}; per thread: async_copy=1 sync=1 other=1; launch
define void @asynccopy(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; texture fetch and surface load -> texture
; CHECK: remark: {{.*}}texture on a100: {{.*}}; per thread: texture=2 other=1; launch
define void @texture(i64 %t, i32 %x) {
  %a = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %t, i32 %x)
  %b = call i32 @llvm.nvvm.suld.1d.i32.trap(i64 %t, i32 %x)
  ret void
}

; special registers -> alu (mov from %tid.x etc.)
; CHECK: remark: {{.*}}sreg on a100: {{.*}}; per thread: alu=3 other=1; launch
define void @sreg() {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ret void
}

; tensor-core mma -> tensor
; CHECK: remark: {{.*}}tensor on a100: {{.*}}; per thread: tensor=1 other=1; launch
define void @tensor(<2 x half> %a, float %c) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.row.col.f32.f32(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret void
}

; wmma: only the mma runs on the tensor core; the fragment load from shared
; memory and the store to global memory are a shared and a global access
; (as the PTX front-end classifies wmma.load/store); the two extractvalues
; are alu (the instruction table). Before, all three calls counted as tensor.
; CHECK: remark: {{.*}}wmma on a100: {{.*}}; per thread: alu=2 global_mem=1 shared_mem=1 tensor=1 other=1; launch
define ptx_kernel void @wmma(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  %a = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %s, i32 16)
  %a0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %a, 0
  %d = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, <2 x half> %a0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %d, 0
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %g, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, i32 16)
  ret void
}

; generic math intrinsics: fma by type (f32 -> fp, f64 -> fp64, half -> fp16),
; smax -> int, ctpop -> alu; dbg/lifetime-style intrinsics are free.
; CHECK: remark: {{.*}}generic on a100: {{.*}}; per thread: int=1 fp=1 alu=1 fp64=1 fp16=1 other=1; launch
define void @generic(float %f, double %d, half %h, i32 %i) {
  %a = call float @llvm.fma.f32(float %f, float %f, float %f)
  %b = call double @llvm.fma.f64(double %d, double %d, double %d)
  %c = call half @llvm.fma.f16(half %h, half %h, half %h)
  %e = call i32 @llvm.smax.i32(i32 %i, i32 0)
  %g = call i32 @llvm.ctpop.i32(i32 %i)
  call void @llvm.assume(i1 true)
  ret void
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.nvvm.cos.approx.f(float)
declare float @llvm.nvvm.lg2.approx.f(float)
declare float @llvm.nvvm.rsqrt.approx.f(float)
declare float @llvm.nvvm.rcp.approx.ftz.f(float)
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.wait.all()
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)
declare i32 @llvm.nvvm.suld.1d.i32.trap(i64, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3), i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1), float, float, float, float, float, float, float, float, i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
declare half @llvm.fma.f16(half, half, half)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.ctpop.i32(i32)
declare void @llvm.assume(i1)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @barrier, !"kernel", i32 1}
!1 = !{ptr @shuffle, !"kernel", i32 1}
!2 = !{ptr @sfu, !"kernel", i32 1}
!3 = !{ptr @asynccopy, !"kernel", i32 1}
!4 = !{ptr @texture, !"kernel", i32 1}
!5 = !{ptr @sreg, !"kernel", i32 1}
!6 = !{ptr @tensor, !"kernel", i32 1}
!7 = !{ptr @generic, !"kernel", i32 1}
