; Shared memory is a 32-bit window: ptxas computes in 32 bits every 64-bit
; add whose value only addresses shared memory (or is truncated to 32 bits),
; one IADD3/UIADD3 instead of an IADD3 pair (InstructionCosts.h OpFacts::OnlyAddressesShared).
; The kernels are clang 22 -O2 output for sm_80 (attributes and metadata
; dropped) of
;   __shared__ float tile[16][16]; tile[t / 16][t % 16] = out[t];
;   __syncthreads(); for (int j = 0; j < 16; j++)   // #pragma unroll 1
;     s += tile[t % 16][j] * tile[j][t % 16];  out[t] = s;   (shared_walk)
; and the same with `row[t % 16][j] * in[j]`, in a global array (mixed_walk).
; test/cli/shared-address-math.test counts llc's PTX of this file with the
; PTX front-end; the expected int per thread is counted by hand from that
; PTX and its SASS (ptxas 13 -arch=sm_80, cuobjdump -sass).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s

; PTX before the loop: four mul.wide + add.s64 (one IMAD.WIDE each, the
; shared ones IMAD in 32 bits) and LSR's mad.lo.s64 set-up: 5 int (the IR
; counts its fifth GEP instead of the mad.lo). Per iteration (16): three
; 64-bit adds that only address shared memory, one each:
;   add.s64 %rd13, %rd2, %rd15  (address = base + offset)
;   add.s64 %rd15, %rd15, 4     (the offset; its cvt.u32.u64 feeds the exit
;                                test: UIADD3 UR4, UR4, 0x4, URZ)
;   add.s64 %rd14, %rd14, 64    (IADD3 R6, R6, 0x40, RZ)
; 5 + 16 * 3 = 53 (101 with each 64-bit add an IADD3 pair). ptxas folds the
; first into the load, `LDS R0, [R4+UR4]` (register + uniform register),
; which neither front-end models: SASS executes 2 per iteration.
; CHECK-LABEL: kernel _Z11shared_walkPf{{$}}
; CHECK-NEXT: per_thread: {{.*}}int=53 {{.*}}

; Per iteration, the offset also addresses `in` (global): it stays a pair,
; IADD3 R9, P1, R9, 0x4, RZ; IADD3.X R8, RZ, R8, RZ, P1, !PT, as does in's
; address (IADD3 + IADD3.X with c[0x0][0x168]); the shared address is one
; IMAD R0, R6, 0x40, R9: 5 per iteration, 4 before the loop: 4 + 16 * 5 = 84.
; CHECK-LABEL: kernel _Z10mixed_walkPfPKf{{$}}
; CHECK-NEXT: per_thread: {{.*}}int=84 {{.*}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@_ZZ11shared_walkPfE4tile = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ10mixed_walkPfPKfE3row = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

define ptx_kernel void @_Z11shared_walkPf(ptr %0) {
  %2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = zext nneg i32 %2 to i64
  %4 = getelementptr inbounds nuw float, ptr %0, i64 %3
  %5 = load float, ptr %4, align 4
  %6 = lshr i32 %2, 4
  %7 = zext nneg i32 %6 to i64
  %8 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ11shared_walkPfE4tile to ptr), i64 %7
  %9 = and i32 %2, 15
  %10 = zext nneg i32 %9 to i64
  %11 = getelementptr inbounds nuw float, ptr %8, i64 %10
  store float %5, ptr %11, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %12 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ11shared_walkPfE4tile to ptr), i64 %10
  %13 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ11shared_walkPfE4tile to ptr), i64 %10
  br label %15
14:                                               ; preds = %15
  store float %24, ptr %4, align 4
  ret void
15:                                               ; preds = %1, %15
  %16 = phi i32 [ 0, %1 ], [ %25, %15 ]
  %17 = phi float [ 0.000000e+00, %1 ], [ %24, %15 ]
  %18 = zext nneg i32 %16 to i64
  %19 = getelementptr inbounds nuw float, ptr %12, i64 %18
  %20 = load float, ptr %19, align 4
  %21 = getelementptr inbounds nuw [16 x float], ptr %13, i64 %18
  %22 = load float, ptr %21, align 4
  %23 = fmul contract float %20, %22
  %24 = fadd contract float %17, %23
  %25 = add nuw nsw i32 %16, 1
  %26 = icmp eq i32 %25, 16
  br i1 %26, label %14, label %15
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

define ptx_kernel void @_Z10mixed_walkPfPKf(ptr %0, ptr readonly %1) {
  %3 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds nuw float, ptr %0, i64 %4
  %6 = load float, ptr %5, align 4
  %7 = lshr i32 %3, 4
  %8 = zext nneg i32 %7 to i64
  %9 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10mixed_walkPfPKfE3row to ptr), i64 %8
  %10 = and i32 %3, 15
  %11 = zext nneg i32 %10 to i64
  %12 = getelementptr inbounds nuw float, ptr %9, i64 %11
  store float %6, ptr %12, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10mixed_walkPfPKfE3row to ptr), i64 %11
  br label %15
14:                                               ; preds = %15
  store float %24, ptr %5, align 4
  ret void
15:                                               ; preds = %2, %15
  %16 = phi i32 [ 0, %2 ], [ %25, %15 ]
  %17 = phi float [ 0.000000e+00, %2 ], [ %24, %15 ]
  %18 = zext nneg i32 %16 to i64
  %19 = getelementptr inbounds nuw float, ptr %13, i64 %18
  %20 = load float, ptr %19, align 4
  %21 = getelementptr inbounds nuw float, ptr %1, i64 %18
  %22 = load float, ptr %21, align 4
  %23 = fmul contract float %20, %22
  %24 = fadd contract float %17, %23
  %25 = add nuw nsw i32 %16, 1
  %26 = icmp eq i32 %25, 16
  br i1 %26, label %14, label %15
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
