; Opcode rows of the classification table (docs/plugin.md): integer
; arithmetic -> int, float arithmetic by type, logic/shift/compare/select/
; integer casts -> alu, int<->float and f64 casts -> sfu (the XU pipe),
; address arithmetic -> int, branches and returns -> other, phi free.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; add sub mul -> int=3; sdiv, urem, srem by a variable expand as the shared
; model's div.s32 (11 int, 10 alu, 3 sfu: I2F.RP, MUFU.RCP, F2I), rem.u32
; (7, 7, 3) and rem.s32 (12, 7, 3) rows: int=3+11+7+12, alu=10+7+7, sfu=9
; CHECK-LABEL: kernel intops{{$}}
; CHECK-NEXT: per_thread: int=33 sfu=9 alu=24 other=1
define ptx_kernel void @intops(i32 %a, i32 %b) {
  %1 = add i32 %a, %b
  %2 = sub i32 %1, %b
  %3 = mul i32 %2, %a
  %4 = sdiv i32 %3, %b
  %5 = urem i32 %4, %a
  %6 = srem i32 %5, %b
  ret void
}

; fadd fmul fsub fneg on float (no `contract`: no fma) -> fp=4; on double -> fp64=2; on half and
; <2 x half> (one f16x2 instruction) -> fp16=2
; CHECK-LABEL: kernel fpops{{$}}
; CHECK-NEXT: per_thread: fp=4 fp64=2 fp16=2 other=1
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

; and or xor shl lshr ashr icmp fcmp select and the zext (a widening cvt:
; SHF/MOV of the high word) -> alu=10; sitofp (cvt.rn.f32.s32 -> I2F) and
; fptrunc double (cvt.rn.f32.f64 -> F2F.F32.F64) run on the XU pipe -> sfu=2
; (gpa/InstructionCosts.def GPA_CONVERSION rows IntToFloat, ToOrFromF64)
; CHECK-LABEL: kernel aluops{{$}}
; CHECK-NEXT: per_thread: sfu=2 alu=10 other=1
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

; address arithmetic is int (the IMAD.WIDE / add it becomes): a variable
; index -> 1, plus 1 alu to move the element size into a register because
; the base is a kernel parameter (gpa/InstructionCosts.h wideMultiplyAdd); a
; constant offset -> 1 unless only loads/stores use it (then it folds into
; their [reg+imm] address: %off), an all-zero GEP -> nothing; a sext only
; GEPs use -> nothing (mul.wide.s32); the load -> global; br -> other
; CHECK-LABEL: kernel geps{{$}}
; CHECK-NEXT: per_thread: int=2 alu=1 global_mem=1 other=2
define ptx_kernel void @geps(ptr addrspace(1) %p, i32 %j) {
  %i = sext i32 %j to i64
  %1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i
  %2 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 16
  %3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 0
  %off = getelementptr inbounds i8, ptr addrspace(1) %p, i64 32
  %v = load float, ptr addrspace(1) %off
  br label %next
next:
  %4 = phi ptr addrspace(1) [ %1, %0 ]
  ret void
}

; Division by a constant is strength-reduced by the back end: one instruction.
; CHECK-LABEL: kernel constdiv{{$}}
; CHECK-NEXT: per_thread: int=2 other=1
define ptx_kernel void @constdiv(i32 %a) {
  %1 = sdiv i32 %a, 7
  %2 = urem i32 %1, 16
  ret void
}

; FP contraction (-ffp-contract=fast, CUDA's default): a `contract` fmul
; whose only users are `contract` fadd/fsub in its block runs inside their
; fmas. llc 22 selects fma.rn.f32, sub.f32, fma.rn.f32 for this body: three
; instructions, no mul. Without `contract` on the fadd, mul + add stay.
; CHECK-LABEL: kernel contracted{{$}}
; CHECK-NEXT: per_thread: fp=3 other=1
define ptx_kernel void @contracted(float %x, float %y, float %z, float %w) {
  %m = fmul contract float %x, %y
  %a = fadd contract float %m, %z
  %s = fsub contract float %a, %w
  %m2 = fmul contract float %s, %y
  %b = fsub contract float %m2, %w
  ret void
}
; CHECK-LABEL: kernel notcontracted{{$}}
; CHECK-NEXT: per_thread: fp=2 other=1
define ptx_kernel void @notcontracted(float %x, float %y, float %z) {
  %m = fmul contract float %x, %y
  %a = fadd float %m, %z
  ret void
}
