; Conversions are counted by the shared cost model (gpa/InstructionCosts.def,
; GPA_CONVERSION rows) from the source and destination types, each on the
; pipe that executes the SASS ptxas 13 makes of the cvt llc emits for sm_80
; (SASS quoted in test/unit/InstructionCostsTest.cpp): I2F, F2I, F2F and
; FRND on the XU pipe (sfu); HADD2.F32 on the FP16 pipe (fp16); F2FP, SHF,
; PRMT/LOP3, SEL on the ALU (alu); a narrowing trunc reads the low register.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; sitofp i32 -> f32 (I2F), uitofp i64 -> f64 (I2F.F64.U64), fptosi f32 ->
; i32 (F2I.TRUNC.NTZ), fptoui f64 -> i64 (F2I.U64.F64.TRUNC), fpext f32 ->
; f64 (F2F.F64.F32), fptrunc f64 -> f32 (F2F.F32.F64): 6 XU -> sfu=6
; CHECK-LABEL: kernel intfloat{{$}}
; CHECK-NEXT: per_thread: sfu=6 other=1
define ptx_kernel void @intfloat(i32 %a, i64 %l, float %f, double %d) {
  %1 = sitofp i32 %a to float
  %2 = uitofp i64 %l to double
  %3 = fptosi float %f to i32
  %4 = fptoui double %d to i64
  %5 = fpext float %f to double
  %6 = fptrunc double %d to float
  ret void
}

; fpext half -> f32 (HADD2.F32) -> fp16=1; fptrunc f32 -> half
; (F2FP.PACK_AB), f32 -> bfloat (F2FP.BF16.PACK_AB), fpext bfloat -> f32
; (SHF.L.U32 by 16) -> alu=3
; CHECK-LABEL: kernel halves{{$}}
; CHECK-NEXT: per_thread: alu=3 fp16=1 other=1
define ptx_kernel void @halves(half %h, float %f, bfloat %b) {
  %1 = fpext half %h to float
  %2 = fptrunc float %f to half
  %3 = fptrunc float %f to bfloat
  %4 = fpext bfloat %b to float
  ret void
}

; llvm.floor.f32 (FRND.FLOOR), llvm.trunc.f64 (FRND.F64.TRUNC),
; llvm.rint.f32 (FRND), __nv_floorf not inlined (FRND.FLOOR),
; llvm.nvvm.f2i.rz (F2I.TRUNC.NTZ), llvm.nvvm.d2f.rn (F2F.F32.F64) -> sfu=6;
; llvm.nvvm.ff2f16x2.rn (one F2FP.PACK_AB for both) and llvm.nvvm.d2i.lo (a
; move of the low word, no conversion) -> alu=2
; CHECK-LABEL: kernel rounding{{$}}
; CHECK-NEXT: per_thread: sfu=6 alu=2 other=1
define ptx_kernel void @rounding(float %f, double %d) {
  %1 = call float @llvm.floor.f32(float %f)
  %2 = call double @llvm.trunc.f64(double %d)
  %3 = call float @llvm.rint.f32(float %f)
  %4 = call float @__nv_floorf(float %f)
  %5 = call i32 @llvm.nvvm.f2i.rz(float %f)
  %6 = call float @llvm.nvvm.d2f.rn(double %d)
  %7 = call <2 x half> @llvm.nvvm.ff2f16x2.rn(float %f, float %f)
  %8 = call i32 @llvm.nvvm.d2i.lo(double %d)
  ret void
}

; sext i32 -> i64 used by an add, not an address (SHF.R.S32.HI) -> alu 1,
; the 64-bit add -> int 2 (IADD3 + IADD3.X); trunc i64 -> i32 -> nothing;
; zext i8 -> i32 (LOP3.LUT 0xff) -> alu 1; uitofp i1 -> f32 (llc: selp 0/1,
; then cvt.rn.f32.u32: SEL + I2F.U32) -> alu 1 + sfu 1; trunc i32 -> i1
; (and + setp) -> alu 1: int=2 sfu=1 alu=4
; CHECK-LABEL: kernel integers{{$}}
; CHECK-NEXT: per_thread: int=2 sfu=1 alu=4 other=1
define ptx_kernel void @integers(i32 %a, i64 %l, i1 %p, i8 %c) {
  %1 = sext i32 %a to i64
  %2 = add i64 %1, %l
  %3 = trunc i64 %2 to i32
  %4 = zext i8 %c to i32
  %5 = uitofp i1 %p to float
  %6 = trunc i32 %a to i1
  ret void
}

declare float @llvm.floor.f32(float)
declare double @llvm.trunc.f64(double)
declare float @llvm.rint.f32(float)
declare float @__nv_floorf(float)
declare i32 @llvm.nvvm.f2i.rz(float)
declare float @llvm.nvvm.d2f.rn(double)
declare <2 x half> @llvm.nvvm.ff2f16x2.rn(float, float)
declare i32 @llvm.nvvm.d2i.lo(double)
