; Operations that expand into several SASS instructions are counted by the
; shared cost model (models/include/gpa/InstructionCosts.def, whose rows
; test/unit/InstructionCostsTest.cpp derives from ptxas's SASS); the IR
; front-end only reports the facts: family, type and the precision llc 22
; selects (afn -> .approx, arcp alone -> .rn). `ret` adds other=1.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; precise f32 division (div.rn.f32): MUFU.RCP, FCHK + 5 FFMA, BSSY, BRA,
; BSYNC; the divisor %b is a kernel parameter, which ptxas copies out of the
; constant bank first (IMAD.MOV, InstructionCosts.h OpFacts::DivisorIsParameter)
; CHECK: remark: {{.*}}divprecise on a100: {{.*}}; per thread: fp=6 sfu=1 alu=1 other=4; launch
define ptx_kernel void @divprecise(float %a, float %b) {
  %q = fdiv float %a, %b
  ret void
}

; afn f32 division (div.approx.f32): FSETP, 3 FMUL, MUFU.RCP
; CHECK: remark: {{.*}}divapprox on a100: {{.*}}; per thread: fp=3 sfu=1 alu=1 other=1; launch
define ptx_kernel void @divapprox(float %a, float %b) {
  %q = fdiv afn float %a, %b
  ret void
}

; arcp alone still selects div.rn.f32 (with the parameter's copy)
; CHECK: remark: {{.*}}divarcp on a100: {{.*}}; per thread: fp=6 sfu=1 alu=1 other=4; launch
define ptx_kernel void @divarcp(float %a, float %b) {
  %q = fdiv arcp float %a, %b
  ret void
}

; 1.0 / x selects rcp.rn.f32: IADD3, LOP3, ISETP, BSSY, BRA, BSYNC,
; MUFU.RCP, 3 FP
; CHECK: remark: {{.*}}reciprocal on a100: {{.*}}; per thread: int=1 fp=3 sfu=1 alu=2 other=4; launch
define ptx_kernel void @reciprocal(float %b) {
  %q = fdiv float 1.0, %b
  ret void
}

; f64 division (div.rn.f64): MUFU.RCP64H, 8 DFMA/DMUL, FFMA, 3 alu, BSSY,
; BRA, BSYNC, and two IMAD.MOV copying the parameter divisor's words
; CHECK: remark: {{.*}}divdouble on a100: {{.*}}; per thread: fp=1 sfu=1 alu=5 fp64=8 other=4; launch
define ptx_kernel void @divdouble(double %a, double %b) {
  %q = fdiv double %a, %b
  ret void
}

; llvm.sqrt.f32: sqrt.rn.f32 (MUFU.RSQ, 4 fp, IADD3, ISETP, BSSY, BRA,
; BSYNC); with afn sqrt.approx.f32 (FSETP, 2 FMUL, MUFU.SQRT)
; CHECK: remark: {{.*}}sqrts on a100: {{.*}}; per thread: int=1 fp=6 sfu=2 alu=2 other=4; launch
define ptx_kernel void @sqrts(float %a) {
  %p = call float @llvm.sqrt.f32(float %a)
  %q = call afn float @llvm.sqrt.f32(float %a)
  ret void
}

; a libdevice call that was not inlined: __nv_expf = sfu 1 + fp 4 + alu 2,
; __nv_fast_sinf = sfu 1
; CHECK: remark: {{.*}}libdevice on a100: {{.*}}; per thread: fp=4 sfu=2 alu=2 other=1; launch
define ptx_kernel void @libdevice(float %a) {
  %e = call float @__nv_expf(float %a)
  %s = call float @__nv_fast_sinf(float %a)
  ret void
}

; an unknown libdevice function: other + assumption remark at the call
; CHECK: remark: <unknown>:0:0: libdevice function __nv_not_a_function is not in the table; counted as one 'other' instruction
; CHECK: remark: {{.*}}unknownlib on a100: {{.*}}; per thread: other=2; launch
define ptx_kernel void @unknownlib(float %a) {
  %e = call float @__nv_not_a_function(float %a)
  ret void
}

declare float @llvm.sqrt.f32(float)
declare float @__nv_expf(float)
declare float @__nv_fast_sinf(float)
declare float @__nv_not_a_function(float)
