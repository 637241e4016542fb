; Shared loads of one address read once (benchmark_hub's convolution_milo on
; the clang route, issue 24): clang 22 -O2 fully unrolls a stencil late in
; its pipeline (after the last GVN), so two output rows reading the same
; input row leave two loads of one address through two GEP chains. The
; NVPTX back-end keeps one (`llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80`
; of this file: 4 ld.shared, at [%rd13], +256, +512, +768, and one
; st.shared; its first EarlyCSE after SeparateConstOffsetFromGEP removes the
; load, `-print-after=early-cse`), as NVVM's GVN does for nvcc
; (convolution_milo 160x1, tile 4x2: 960 ld.shared in both compilers' PTX,
; 1800 loads in clang's IR).
; Expected shared_mem per thread: 1 store + 4 loads = 5 (6 before: each
; load counted; gpa/InstructionCosts.h sharedLoadInstructions).
;
; Source (clang++ -x cuda --cuda-gpu-arch=sm_80 -O2 --cuda-device-only
; -S -emit-llvm; attributes and metadata removed):
;   __global__ void rows(float *out, const float *in) {
;     __shared__ float tile[8][64];
;     int tx = threadIdx.x, ty = threadIdx.y;
;     tile[ty][tx] = in[ty * 64 + tx];
;     __syncthreads();
;     float sum[2] = {0.0f, 0.0f};
;   #pragma unroll
;     for (int i = 0; i < 3; i++)
;   #pragma unroll
;       for (int yi = 0; yi < 2; yi++)
;         sum[yi] += tile[ty + yi + i][tx] * (i + 1);
;     out[ty * 64 + tx] = sum[0];
;     out[ty * 64 + tx + 4096] = sum[1];
;   }
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-ptxas=false \
; RUN:   -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json counts_per_thread \
; RUN:   | FileCheck %s

; CHECK: _Z4rowsPfPKf counts_per_thread.shared_mem=5{{$}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ4rowsPfPKfE4tile = internal unnamed_addr addrspace(3) global [8 x [64 x float]] undef, align 4

define dso_local ptx_kernel void @_Z4rowsPfPKf(ptr noundef writeonly nocapture %0, ptr noundef readonly nocapture %1) local_unnamed_addr {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %5 = shl nuw nsw i32 %4, 6
  %6 = add nuw nsw i32 %5, %3
  %7 = zext nneg i32 %6 to i64
  %8 = getelementptr inbounds nuw float, ptr %1, i64 %7
  %9 = load float, ptr %8, align 4
  %10 = zext nneg i32 %4 to i64
  %11 = getelementptr inbounds nuw [64 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4rowsPfPKfE4tile to ptr), i64 %10
  %12 = zext nneg i32 %3 to i64
  %13 = getelementptr inbounds nuw float, ptr %11, i64 %12
  store float %9, ptr %13, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %14 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4rowsPfPKfE4tile to ptr), i64 %12
  %15 = getelementptr inbounds nuw [64 x float], ptr %14, i64 %10
  %16 = load float, ptr %15, align 4
  %17 = fadd contract float %16, 0.000000e+00
  %18 = zext nneg i32 %4 to i64
  %19 = getelementptr inbounds nuw [64 x float], ptr %14, i64 %18
  %20 = getelementptr inbounds nuw i8, ptr %19, i64 256
  %21 = load float, ptr %20, align 4
  %22 = fadd contract float %21, 0.000000e+00
  %23 = fmul contract float %21, 2.000000e+00
  %24 = fadd contract float %17, %23
  %25 = zext nneg i32 %4 to i64
  %26 = getelementptr inbounds nuw [64 x float], ptr %14, i64 %25
  %27 = getelementptr inbounds nuw i8, ptr %26, i64 512
  %28 = load float, ptr %27, align 4
  %29 = fmul contract float %28, 2.000000e+00
  %30 = fadd contract float %22, %29
  %31 = zext nneg i32 %4 to i64
  %32 = getelementptr inbounds nuw [64 x float], ptr %14, i64 %31
  %33 = getelementptr inbounds nuw i8, ptr %32, i64 512
  %34 = load float, ptr %33, align 4
  %35 = fmul contract float %34, 3.000000e+00
  %36 = fadd contract float %24, %35
  %37 = zext nneg i32 %4 to i64
  %38 = getelementptr inbounds nuw [64 x float], ptr %14, i64 %37
  %39 = getelementptr inbounds nuw i8, ptr %38, i64 768
  %40 = load float, ptr %39, align 4
  %41 = fmul contract float %40, 3.000000e+00
  %42 = fadd contract float %30, %41
  %43 = getelementptr inbounds nuw float, ptr %0, i64 %7
  store float %36, ptr %43, align 4
  %44 = getelementptr i8, ptr %43, i64 16384
  store float %42, ptr %44, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()

