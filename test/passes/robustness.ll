; Nothing the estimate cannot see through crashes it or changes the IR:
; inline asm, an unknown intrinsic, an indirect call, recursion,
; irreducible control flow, unreachable blocks, kernels without memory and
; without compute. Unknowns are 'other' plus a remark.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; The IR is unchanged:
; RUN: %opt -S %s -o %t.before.ll
; RUN: %opt %loadgpa -passes=gpu-power-advisor -S %s -o %t.after.ll
; RUN: diff %t.before.ll %t.after.ll

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: {{.*}}: inline assembly counted as one 'other' instruction
; CHECK: remark: {{.*}}: asm on a100: {{.*}}; per thread: other=2; launch
define ptx_kernel void @asm() {
  call void asm sideeffect "nanosleep.u32 100;", ""()
  ret void
}

; CHECK: remark: {{.*}}: intrinsic llvm.nvvm.nanosleep is not in the table; counted as one 'other' instruction
; CHECK: remark: {{.*}}: unknown_intrinsic on a100: {{.*}}; per thread: other=2; launch
define ptx_kernel void @unknown_intrinsic(i32 %t) {
  call void @llvm.nvvm.nanosleep(i32 %t)
  ret void
}

; Mutual recursion through two device functions.
; CHECK: remark: {{.*}}: recursive call to ping not expanded; counted as one 'other' instruction
; CHECK: remark: {{.*}}: recursion on a100:
define internal void @ping(i32 %n) {
  call void @pong(i32 %n)
  ret void
}
define internal void @pong(i32 %n) {
  call void @ping(i32 %n)
  ret void
}
define ptx_kernel void @recursion(i32 %n) {
  call void @ping(i32 %n)
  ret void
}

; CHECK: remark: {{.*}}: indirect call: callee unknown{{.*}}
; CHECK: remark: {{.*}}: indirect on a100:
define ptx_kernel void @indirect(ptr %f) {
  %r = call float %f(float 1.0)
  ret void
}

; Two blocks that branch into each other's middle: not a natural loop.
; CHECK: remark: {{.*}}: irreducible on a100: compute-bound: {{.*}}, for the assumed launch of 864 blocks x 256 threads; details: MWP {{.*}}; per thread: {{.*}}int={{[0-9.]+}} {{.*}}; launch
define ptx_kernel void @irreducible(i1 %c, i32 %n) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = phi i32 [ 0, %entry ], [ %y1, %b ]
  %x1 = add i32 %x, 1
  %ca = icmp slt i32 %x1, %n
  br i1 %ca, label %b, label %exit
b:
  %y = phi i32 [ 0, %entry ], [ %x1, %a ]
  %y1 = add i32 %y, 2
  %cb = icmp slt i32 %y1, %n
  br i1 %cb, label %a, label %exit
exit:
  ret void
}

; The unreachable block's fmul is never counted (weight 0).
; CHECK: remark: {{.*}}: unreachable on a100: {{.*}}; per thread: other=1; launch
define ptx_kernel void @unreachable(float %x) {
entry:
  ret void
dead:
  %m = fmul float %x, %x
  br label %dead
}

; Only memory (no compute besides the ret).
; CHECK: remark: {{.*}}: memory_only on a100: {{.*}}; per thread: global_mem=2 other=1; launch
define ptx_kernel void @memory_only(ptr addrspace(1) %p) {
  %v = load float, ptr addrspace(1) %p, align 4
  store float %v, ptr addrspace(1) %p, align 4
  ret void
}

; Only compute (no memory): still a finite estimate.
; CHECK: remark: {{.*}}: compute_only on a100: compute-bound: launch as written is best ({{.*}}), for the assumed launch of 864 blocks x 256 threads; details: MWP {{[0-9.]+}}, CWP {{[0-9.]+}}, case 3 (compute-bound); {{.*}}; per thread: fp=2 other=1; launch
define ptx_kernel void @compute_only(float %x) {
  %a = fmul float %x, %x
  %b = fadd float %a, %x
  ret void
}

; Nothing at all but the ret.
; CHECK: remark: {{.*}}: empty on a100: {{.*}}; per thread: other=1; launch
define ptx_kernel void @empty() {
  ret void
}

declare void @llvm.nvvm.nanosleep(i32)
