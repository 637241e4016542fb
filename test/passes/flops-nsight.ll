; flops_per_thread: FLOPs as Nsight Compute counts them (gpa/FlopCounts.h;
; FADD/FMUL 1, FFMA 2, FMNMX and sign operations none), beside the fp/fp64
; instruction counts; an fneg read only by float arithmetic folds into its
; readers' operands (ptxas: `FFMA R5, -R0, R5, R4`, as test/cli/neg-fold.test
; for the PTX front-end), and llvm.nvvm.saturate.f of an f32 fma read
; nowhere else folds into it (FFMA.SAT; libdevice's expf, gpuFLOPBench's
; glu). Hand-worked per kernel below.
; REQUIRES: plugin
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-report=%t/r.json %s
; RUN: %python %inputs/passes/report_fields.py %t/r.json counts_per_thread flops_per_thread \
; RUN:   | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; a * b + c contracted (one FFMA: 2), llvm.fma (2), minnum (FMNMX: 0),
; fabs (0), a negation read by the fma (folded: no instruction, 0), an
; fadd (1): fp = 1 + 1 + 1 + 1 + 1 = 5 instructions (the contracted fmul
; none), 5 FLOPs; double: fmul (1) and llvm.fma.f64 (2), fp64 = 2, 3 FLOPs.
; CHECK-DAG: _Z5mixedfff counts_per_thread.fp=5
; CHECK-DAG: _Z5mixedfff counts_per_thread.fp64=2
; CHECK-DAG: _Z5mixedfff flops_per_thread.fp32=5
; CHECK-DAG: _Z5mixedfff flops_per_thread.fp64=3
define ptx_kernel void @_Z5mixedfff(float %a, float %b, float %c, ptr addrspace(1) %o, double %d) {
  %m = fmul contract float %a, %b
  %f = fadd contract float %m, %c
  %n = fneg float %a
  %g = call float @llvm.fma.f32(float %n, float %b, float %f)
  %h = call float @llvm.minnum.f32(float %g, float %c)
  %k = call float @llvm.fabs.f32(float %h)
  %r = fadd float %k, %a
  store float %r, ptr addrspace(1) %o
  %dm = fmul double %d, %d
  %dd = call double @llvm.fma.f64(double %dm, double %d, double %d)
  %po = getelementptr double, ptr addrspace(1) %o, i64 1
  store double %dd, ptr addrspace(1) %po
  ret void
}

; A negation also stored stays an FADD (fp 1, 1 FLOP); a saturation of an
; fma read nowhere else folds into it (FFMA.SAT: the fma's 2 only); one of
; an argument is FADD.SAT (fp 1, 1 FLOP): fp = 1 + 1 + 1 = 3, FLOPs 4.
; CHECK-DAG: _Z4keptff counts_per_thread.fp=3
; CHECK-DAG: _Z4keptff flops_per_thread.fp32=4
define ptx_kernel void @_Z4keptff(float %a, float %b, ptr addrspace(1) %o) {
  %n = fneg float %a
  store float %n, ptr addrspace(1) %o
  %f = call float @llvm.fma.f32(float %a, float %b, float %b)
  %s = call float @llvm.nvvm.saturate.f(float %f)
  %p1 = getelementptr float, ptr addrspace(1) %o, i64 1
  store float %s, ptr addrspace(1) %p1
  %t = call float @llvm.nvvm.saturate.f(float %b)
  %p2 = getelementptr float, ptr addrspace(1) %o, i64 2
  store float %t, ptr addrspace(1) %p2
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.fabs.f32(float)
declare float @llvm.nvvm.saturate.f(float)
