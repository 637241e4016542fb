; Opcode rows of the classification table (docs/plugin.md): integer
; arithmetic -> int, float arithmetic by type, logic/shift/compare/select/
; casts/address arithmetic -> alu, branches and returns -> other, phi free.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; add sub mul sdiv urem srem -> int=6
; CHECK: remark: {{.*}}intops on a100: {{.*}}; per thread: int=6 other=1; launch
define ptx_kernel void @intops(i32 %a, i32 %b) {
  %1 = add i32 %a, %b
  %2 = sub i32 %1, %b
  %3 = mul i32 %2, %a
  %4 = sdiv i32 %3, %b
  %5 = urem i32 %4, %a
  %6 = srem i32 %5, %b
  ret void
}

; fadd fmul fsub fneg on float -> fp=4; on double -> fp64=2; on half and
; <2 x half> (one f16x2 instruction) -> fp16=2
; CHECK: remark: {{.*}}fpops on a100: {{.*}}; per thread: fp=4 fp64=2 fp16=2 other=1; launch
define ptx_kernel void @fpops(float %f, double %d, half %h, <2 x half> %v) {
  %1 = fadd float %f, %f
  %2 = fmul float %1, %f
  %3 = fsub float %2, %f
  %4 = fneg float %3
  %5 = fadd double %d, %d
  %6 = fmul double %5, %d
  %7 = fmul half %h, %h
  %8 = fadd <2 x half> %v, %v
  ret void
}

; and or xor shl lshr ashr icmp fcmp select zext sitofp fptrunc -> alu=12
; CHECK: remark: {{.*}}aluops on a100: {{.*}}; per thread: alu=12 other=1; launch
define ptx_kernel void @aluops(i32 %a, i32 %b, float %f, double %d) {
  %1 = and i32 %a, %b
  %2 = or i32 %1, %b
  %3 = xor i32 %2, %a
  %4 = shl i32 %3, 2
  %5 = lshr i32 %4, 1
  %6 = ashr i32 %5, 1
  %7 = icmp slt i32 %6, %b
  %8 = fcmp olt float %f, 0.0
  %9 = select i1 %7, i32 %a, i32 %b
  %10 = zext i32 %9 to i64
  %11 = sitofp i32 %a to float
  %12 = fptrunc double %d to float
  ret void
}

; address arithmetic: a variable index -> 1, a constant offset -> 1, an
; all-zero GEP -> nothing; br -> other
; CHECK: remark: {{.*}}geps on a100: {{.*}}; per thread: alu=2 other=2; launch
define ptx_kernel void @geps(ptr %p, i64 %i) {
  %1 = getelementptr inbounds float, ptr %p, i64 %i
  %2 = getelementptr inbounds i8, ptr %p, i64 16
  %3 = getelementptr inbounds float, ptr %p, i64 0
  br label %next
next:
  %4 = phi ptr [ %1, %0 ]
  ret void
}
