; A shared load of a value a dominating block already loaded
; (frontends/ir/SharedLoadMerging.h; issue 26, benchmark_hub's
; convolution_milo at (160, 1, 1, 4): the first output row's 225 loads sit
; in a block guarded by its bounds test, all re-reading values the other
; rows' block loaded; the IR route counted 492.5 shared accesses per
; thread, clang's own PTX has 287.5). The NVPTX back-end's EarlyCSE keeps
; a block's loads available in a block whose only predecessor it is (its
; scopes follow the dominator tree), so llc loads each value once
; (`llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80` of this file: two
; ld.shared before the branch, none in %first, whose product is one fma).
; Expected shared_mem per thread: one store and two loads, 3; before, the
; guarded block's two loads were counted at its weight (5 here).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-ptxas=false \
; RUN:   -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json counts_per_thread \
; RUN:   | FileCheck %s

; CHECK: guarded counts_per_thread.shared_mem=3{{$}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [8 x [64 x float]] undef, align 4

define ptx_kernel void @guarded(ptr writeonly nocapture %out, ptr readonly nocapture %in, i32 %n) {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = shl nuw nsw i32 %ty, 6
  %idx = add nuw nsw i32 %row, %tx
  %zidx = zext nneg i32 %idx to i64
  %src = getelementptr inbounds nuw float, ptr %in, i64 %zidx
  %v = load float, ptr %src, align 4
  %zty = zext nneg i32 %ty to i64
  %trow = getelementptr inbounds nuw [64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %zty
  %ztx = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw float, ptr %trow, i64 %ztx
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %col = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ztx
  %ty1 = add nuw nsw i32 %ty, 1
  %zty1 = zext nneg i32 %ty1 to i64
  %p1 = getelementptr inbounds nuw [64 x float], ptr %col, i64 %zty1
  %a1 = load float, ptr %p1, align 4
  %p0 = getelementptr inbounds nuw [64 x float], ptr %col, i64 %zty
  %a0 = load float, ptr %p0, align 4
  %s = fadd contract float %a0, %a1
  %in.range = icmp slt i32 %tx, %n
  br i1 %in.range, label %first, label %done

first:
  ; the same two addresses through a second GEP chain (as clang's late
  ; unrolling leaves them)
  %col2 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ztx
  %q0 = getelementptr inbounds nuw [64 x float], ptr %col2, i64 %zty
  %b0 = load float, ptr %q0, align 4
  %q1 = getelementptr inbounds nuw [64 x float], ptr %col2, i64 %zty1
  %b1 = load float, ptr %q1, align 4
  %t = fmul contract float %b0, %b1
  %u = fadd contract float %s, %t
  br label %done

done:
  %r = phi float [ %s, %entry ], [ %u, %first ]
  %o = getelementptr inbounds nuw float, ptr %out, i64 %zidx
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
