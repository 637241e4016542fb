; Shared loads in a loop and the back-end's vector loads
; (frontends/ir/SharedLoadMerging.h; issue 26: on benchmark_hub's CLBlast
; GEMM the IR route counted 34304 shared accesses per thread where clang's
; own PTX has 13824). Two things the IR front-end missed:
; - in a loop a load's address is a recurrence, {alm + 16 tx + 4 i, +, 512},
;   whose constant sits in its start: the loads were not grouped at all,
;   each counted one LDS;
; - the NVPTX back-end's LoadStoreVectorizer joins consecutive loads only
;   as wide as the first one's `align` allows (NVPTXTTIImpl::
;   isLegalToVectorizeLoadChain); it does not raise a __shared__ array's
;   alignment. A vector load is one LDS of its own, as ld.shared.v2 is on
;   the PTX route (not merged further).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-ptxas=false \
; RUN:   -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json counts_per_thread \
; RUN:   | FileCheck %s

; Source (clang++ -x cuda --cuda-gpu-arch=sm_80 -O2 --cuda-device-only
; -S -emit-llvm; attributes and metadata removed):
;   __global__ void tile(float *out, const float *a, const float2 *b) {
;     __shared__ float alm[32 * 128];
;     __shared__ float2 blm[32 * 64];
;     int tx = threadIdx.x;
;     for (int k = 0; k < 32; k++) {
;       alm[k * 128 + tx] = a[k * 128 + tx];
;       blm[k * 64 + tx / 2] = b[k * 64 + tx / 2];
;     }
;     __syncthreads();
;     float acc[4][4] = {};
;   #pragma unroll 1
;     for (int k = 0; k < 32; k++) {
;       float ap[4];
;       float2 bp[2];
;   #pragma unroll
;       for (int i = 0; i < 4; i++)
;         ap[i] = alm[k * 128 + tx * 4 + i];
;   #pragma unroll
;       for (int j = 0; j < 2; j++)
;         bp[j] = blm[k * 64 + tx * 2 + j];
;   #pragma unroll
;       for (int i = 0; i < 4; i++)
;   #pragma unroll
;         for (int j = 0; j < 2; j++) {
;           acc[i][2 * j] += ap[i] * bp[j].x;
;           acc[i][2 * j + 1] += ap[i] * bp[j].y;
;         }
;     }
;     ... out[(i * 4 + j) * 32 + tx] = acc[i][j];
;   }
; Expected shared_mem per thread: the staging loop's 32 x (one float
; store + one 8-byte store) = 64; the product loop's 32 iterations each
; load alm at 16 tx + 512 k + 0, 4, 8, 12 (`align 4`: no vector; one
; 16-byte aligned window of a static array, one LDS.128 by
; sharedLoadInstructions) and blm at 16 tx + 512 k + 0, 4, 8, 12 with
; `align 8, 4, 8, 4` (two 8-byte vectors: llc's `ld.shared.v2.b32 [%rd28]`
; and `[%rd28+8]`): 32 x 3 = 96; 160 in all (320 before: each of the 256
; loads one LDS).
; CHECK: _Z4tilePfPKfPK6float2 counts_per_thread.shared_mem=160{{$}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float2.0 = type { float, float }

@_ZZ4tilePfPKfPK6float2E3alm = internal unnamed_addr addrspace(3) global [4096 x float] undef, align 4
@_ZZ4tilePfPKfPK6float2E3blm = internal unnamed_addr addrspace(3) global [2048 x %struct.float2.0] undef, align 8

define dso_local ptx_kernel void @_Z4tilePfPKfPK6float2(ptr noundef writeonly nocapture %0, ptr noundef readonly nocapture %1, ptr noundef readonly nocapture %2) local_unnamed_addr {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = lshr i32 %4, 1
  br label %9

6:                                                ; preds = %9
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %7 = shl nuw nsw i32 %4, 2
  %8 = shl nuw nsw i32 %4, 1
  br label %38

9:                                                ; preds = %9, %3
  %10 = phi i32 [ 0, %3 ], [ %36, %9 ]
  %11 = shl nuw nsw i32 %10, 7
  %12 = add nuw nsw i32 %11, %4
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds nuw float, ptr %1, i64 %13
  %15 = load float, ptr %14, align 4
  %16 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3alm to ptr), i64 %13
  store float %15, ptr %16, align 4
  %17 = shl nuw nsw i32 %10, 6
  %18 = add nuw nsw i32 %17, %5
  %19 = zext nneg i32 %18 to i64
  %20 = getelementptr inbounds nuw %struct.float2.0, ptr %2, i64 %19
  %21 = getelementptr inbounds nuw %struct.float2.0, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3blm to ptr), i64 %19
  %22 = load i64, ptr %20, align 8
  store i64 %22, ptr %21, align 8
  %23 = or disjoint i32 %10, 1
  %24 = shl nuw nsw i32 %23, 7
  %25 = add nuw nsw i32 %24, %4
  %26 = zext nneg i32 %25 to i64
  %27 = getelementptr inbounds nuw float, ptr %1, i64 %26
  %28 = load float, ptr %27, align 4
  %29 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3alm to ptr), i64 %26
  store float %28, ptr %29, align 4
  %30 = shl nuw nsw i32 %23, 6
  %31 = add nuw nsw i32 %30, %5
  %32 = zext nneg i32 %31 to i64
  %33 = getelementptr inbounds nuw %struct.float2.0, ptr %2, i64 %32
  %34 = getelementptr inbounds nuw %struct.float2.0, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3blm to ptr), i64 %32
  %35 = load i64, ptr %33, align 8
  store i64 %35, ptr %34, align 8
  %36 = add nuw nsw i32 %10, 2
  %37 = icmp eq i32 %36, 32
  br i1 %37, label %6, label %9

38:                                               ; preds = %6, %38
  %39 = phi float [ 0.000000e+00, %6 ], [ %103, %38 ]
  %40 = phi float [ 0.000000e+00, %6 ], [ %105, %38 ]
  %41 = phi float [ 0.000000e+00, %6 ], [ %107, %38 ]
  %42 = phi float [ 0.000000e+00, %6 ], [ %109, %38 ]
  %43 = phi float [ 0.000000e+00, %6 ], [ %111, %38 ]
  %44 = phi float [ 0.000000e+00, %6 ], [ %113, %38 ]
  %45 = phi float [ 0.000000e+00, %6 ], [ %115, %38 ]
  %46 = phi float [ 0.000000e+00, %6 ], [ %117, %38 ]
  %47 = phi float [ 0.000000e+00, %6 ], [ %101, %38 ]
  %48 = phi float [ 0.000000e+00, %6 ], [ %99, %38 ]
  %49 = phi float [ 0.000000e+00, %6 ], [ %97, %38 ]
  %50 = phi float [ 0.000000e+00, %6 ], [ %95, %38 ]
  %51 = phi float [ 0.000000e+00, %6 ], [ %93, %38 ]
  %52 = phi float [ 0.000000e+00, %6 ], [ %91, %38 ]
  %53 = phi float [ 0.000000e+00, %6 ], [ %89, %38 ]
  %54 = phi float [ 0.000000e+00, %6 ], [ %87, %38 ]
  %55 = phi i32 [ 0, %6 ], [ %118, %38 ]
  %56 = shl nuw nsw i32 %55, 7
  %57 = add nuw nsw i32 %56, %7
  %58 = zext nneg i32 %57 to i64
  %59 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3alm to ptr), i64 %58
  %60 = load float, ptr %59, align 4
  %61 = zext nneg i32 %57 to i64
  %62 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3alm to ptr), i64 %61
  %63 = getelementptr inbounds nuw i8, ptr %62, i64 4
  %64 = load float, ptr %63, align 4
  %65 = zext nneg i32 %57 to i64
  %66 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3alm to ptr), i64 %65
  %67 = getelementptr inbounds nuw i8, ptr %66, i64 8
  %68 = load float, ptr %67, align 4
  %69 = zext nneg i32 %57 to i64
  %70 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3alm to ptr), i64 %69
  %71 = getelementptr inbounds nuw i8, ptr %70, i64 12
  %72 = load float, ptr %71, align 4
  %73 = shl nuw nsw i32 %55, 6
  %74 = add nuw nsw i32 %73, %8
  %75 = zext nneg i32 %74 to i64
  %76 = getelementptr inbounds nuw %struct.float2.0, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3blm to ptr), i64 %75
  %77 = load float, ptr %76, align 8
  %78 = getelementptr inbounds nuw i8, ptr %76, i64 4
  %79 = load float, ptr %78, align 4
  %80 = zext nneg i32 %74 to i64
  %81 = getelementptr inbounds nuw %struct.float2.0, ptr addrspacecast (ptr addrspace(3) @_ZZ4tilePfPKfPK6float2E3blm to ptr), i64 %80
  %82 = getelementptr inbounds nuw i8, ptr %81, i64 8
  %83 = load float, ptr %82, align 8
  %84 = getelementptr inbounds nuw i8, ptr %81, i64 12
  %85 = load float, ptr %84, align 4
  %86 = fmul contract float %60, %77
  %87 = fadd contract float %54, %86
  %88 = fmul contract float %60, %79
  %89 = fadd contract float %53, %88
  %90 = fmul contract float %60, %83
  %91 = fadd contract float %52, %90
  %92 = fmul contract float %60, %85
  %93 = fadd contract float %51, %92
  %94 = fmul contract float %64, %77
  %95 = fadd contract float %50, %94
  %96 = fmul contract float %64, %79
  %97 = fadd contract float %49, %96
  %98 = fmul contract float %64, %83
  %99 = fadd contract float %48, %98
  %100 = fmul contract float %64, %85
  %101 = fadd contract float %47, %100
  %102 = fmul contract float %68, %77
  %103 = fadd contract float %39, %102
  %104 = fmul contract float %68, %79
  %105 = fadd contract float %40, %104
  %106 = fmul contract float %68, %83
  %107 = fadd contract float %41, %106
  %108 = fmul contract float %68, %85
  %109 = fadd contract float %42, %108
  %110 = fmul contract float %72, %77
  %111 = fadd contract float %43, %110
  %112 = fmul contract float %72, %79
  %113 = fadd contract float %44, %112
  %114 = fmul contract float %72, %83
  %115 = fadd contract float %45, %114
  %116 = fmul contract float %72, %85
  %117 = fadd contract float %46, %116
  %118 = add nuw nsw i32 %55, 1
  %119 = icmp eq i32 %118, 32
  br i1 %119, label %120, label %38

120:                                              ; preds = %38
  %121 = zext nneg i32 %4 to i64
  %122 = getelementptr inbounds nuw float, ptr %0, i64 %121
  store float %87, ptr %122, align 4
  %123 = zext nneg i32 %4 to i64
  %124 = getelementptr inbounds nuw float, ptr %0, i64 %123
  %125 = getelementptr inbounds nuw i8, ptr %124, i64 128
  store float %89, ptr %125, align 4
  %126 = zext nneg i32 %4 to i64
  %127 = getelementptr inbounds nuw float, ptr %0, i64 %126
  %128 = getelementptr inbounds nuw i8, ptr %127, i64 256
  store float %91, ptr %128, align 4
  %129 = zext nneg i32 %4 to i64
  %130 = getelementptr inbounds nuw float, ptr %0, i64 %129
  %131 = getelementptr inbounds nuw i8, ptr %130, i64 384
  store float %93, ptr %131, align 4
  %132 = zext nneg i32 %4 to i64
  %133 = getelementptr inbounds nuw float, ptr %0, i64 %132
  %134 = getelementptr inbounds nuw i8, ptr %133, i64 512
  store float %95, ptr %134, align 4
  %135 = zext nneg i32 %4 to i64
  %136 = getelementptr inbounds nuw float, ptr %0, i64 %135
  %137 = getelementptr inbounds nuw i8, ptr %136, i64 640
  store float %97, ptr %137, align 4
  %138 = zext nneg i32 %4 to i64
  %139 = getelementptr inbounds nuw float, ptr %0, i64 %138
  %140 = getelementptr inbounds nuw i8, ptr %139, i64 768
  store float %99, ptr %140, align 4
  %141 = zext nneg i32 %4 to i64
  %142 = getelementptr inbounds nuw float, ptr %0, i64 %141
  %143 = getelementptr inbounds nuw i8, ptr %142, i64 896
  store float %101, ptr %143, align 4
  %144 = zext nneg i32 %4 to i64
  %145 = getelementptr inbounds nuw float, ptr %0, i64 %144
  %146 = getelementptr inbounds nuw i8, ptr %145, i64 1024
  store float %103, ptr %146, align 4
  %147 = zext nneg i32 %4 to i64
  %148 = getelementptr inbounds nuw float, ptr %0, i64 %147
  %149 = getelementptr inbounds nuw i8, ptr %148, i64 1152
  store float %105, ptr %149, align 4
  %150 = zext nneg i32 %4 to i64
  %151 = getelementptr inbounds nuw float, ptr %0, i64 %150
  %152 = getelementptr inbounds nuw i8, ptr %151, i64 1280
  store float %107, ptr %152, align 4
  %153 = zext nneg i32 %4 to i64
  %154 = getelementptr inbounds nuw float, ptr %0, i64 %153
  %155 = getelementptr inbounds nuw i8, ptr %154, i64 1408
  store float %109, ptr %155, align 4
  %156 = zext nneg i32 %4 to i64
  %157 = getelementptr inbounds nuw float, ptr %0, i64 %156
  %158 = getelementptr inbounds nuw i8, ptr %157, i64 1536
  store float %111, ptr %158, align 4
  %159 = zext nneg i32 %4 to i64
  %160 = getelementptr inbounds nuw float, ptr %0, i64 %159
  %161 = getelementptr inbounds nuw i8, ptr %160, i64 1664
  store float %113, ptr %161, align 4
  %162 = zext nneg i32 %4 to i64
  %163 = getelementptr inbounds nuw float, ptr %0, i64 %162
  %164 = getelementptr inbounds nuw i8, ptr %163, i64 1792
  store float %115, ptr %164, align 4
  %165 = zext nneg i32 %4 to i64
  %166 = getelementptr inbounds nuw float, ptr %0, i64 %165
  %167 = getelementptr inbounds nuw i8, ptr %166, i64 1920
  store float %117, ptr %167, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
