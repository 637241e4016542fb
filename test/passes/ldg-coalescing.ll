; A global load through an addrspacecast (__ldg, and clang's
; ld.global.nc of a const __restrict__ pointer: `addrspacecast ptr %p to
; ptr addrspace(1)`): ScalarEvolution stops at the cast, which made the
; address an unknown that depends on the lane; it was counted as
; uncoalesced, 32 transactions per warp (benchmark_hub's convolution_milo
; with read_only = 1: the clang route 1.45x the PTX route on clang's own
; PTX at (160, 4, 3, 1)). A cast between pointers of one width keeps the
; address: in[i] with i = blockIdx.x * blockDim.x + threadIdx.x is a
; 4-byte stride, coalesced (frontends/ir/AccessPattern.cpp addressSCEV).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-ptxas=false \
; RUN:   -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json memory | FileCheck %s

; Source (clang++ -x cuda --cuda-gpu-arch=sm_80 -O2 --cuda-device-only
; -S -emit-llvm; attributes and metadata removed):
;   __global__ void copy(float *out, const float *__restrict__ in) {
;     int i = blockIdx.x * blockDim.x + threadIdx.x;
;     out[i] = __ldg(&in[i]);
;   }
; CHECK: _Z4copyPfPKf memory.uncoalesced_per_thread=0{{$}}
; CHECK: _Z4copyPfPKf memory.uncoalesced_transactions_per_warp=0{{$}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define dso_local ptx_kernel void @_Z4copyPfPKf(ptr noundef writeonly nocapture %0, ptr noalias noundef readonly nocapture %1) local_unnamed_addr {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds float, ptr %1, i64 %8
  %10 = addrspacecast ptr %9 to ptr addrspace(1)
  %11 = load float, ptr addrspace(1) %10, align 4
  %12 = getelementptr inbounds float, ptr %0, i64 %8
  store float %11, ptr %12, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
