; Global accesses as clang's NVPTX back-end emits them (issue 26: on
; benchmark_hub's CLBlast GEMM the IR route counted 34860 global accesses
; per thread where clang's own PTX, and ptxas's SASS, have 10288; at a
; second configuration 2.6x the bank replays and no load rounds). Three
; things the IR front-end missed (frontends/ir/GlobalVectors.h,
; InstructionClassifier.h expandedCopyPieces, LoadStaging.h):
; - a float4 read member by member is four `load float` (align 16, 4, 8,
;   4) that the LoadStoreVectorizer joins into one ld.global.nc.v4.b32
;   (as wide as the first load's `align`); the shared float4 the same, one
;   ld.shared.v4.b32, priced by the bank-conflict rule as one 16-byte
;   access (no conflict known), not four 4-byte loads at a 16-byte stride
;   (4-way each);
; - a 16-byte struct copy (memcpy, align 16) is two ld.global.b64 +
;   st.shared.b64 (SelectionDAG's i64 pieces), not four 4-byte words, and
;   its loads had no access fact and no load round.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-ptxas=false \
; RUN:   -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json counts_per_thread \
; RUN:   memory memory_facts | FileCheck %s

; Source (clang++ -x cuda --cuda-gpu-arch=sm_80 -O2 --cuda-device-only
; -S -emit-llvm; attributes and metadata removed):
;   __global__ void gv(float *out, const float4 *__restrict__ b,
;                      const float4 *__restrict__ a,
;                      const float *__restrict__ c) {
;     __shared__ float4 sh[256];
;     int tx = threadIdx.x;
;     sh[tx] = a[tx];
;     __syncthreads();
;     float acc = 0;
;   #pragma unroll 1
;     for (int k = 0; k < 32; k++) {
;       float4 v = b[k * 256 + tx];
;       float4 s = sh[(tx + k) & 255];
;       acc += v.x * s.x + v.y * s.y + v.z * s.z + v.w * s.w;
;     }
;     out[tx] = acc + c[2 * tx] + c[2 * tx + 1];
;   }
; llc's PTX of it (clang --cuda-device-only -S): ld.global.b64 [%rd11+8],
; st.shared.b64, ld.global.b64 [%rd11], st.shared.b64, bar.sync; in the
; loop ld.global.nc.v4.b32 and ld.shared.v4.b32; after it two
; ld.global.nc.b32 (c: `align 4`, no vector) and st.global.b32.
; Expected per thread: global_mem 2 + 32 x 1 + 2 + 1 = 37 (135 before:
; 4 + 32 x 4 + 2 + 1); shared_mem 2 + 32 = 34 (36 before); bytes per
; access (2 x 8 + 32 x 16 + 2 x 4 + 4) / 37 = 540 / 37 = 14.5946 (4
; before); uncoalesced 4: the copy's two 8-byte pieces at a 16-byte lane
; stride and c's two floats at 8 (130 before: every scalar piece of b at
; 16), transactions per warp (2 x 16 + 2 x 8) / 4 = 12 sectors; read-only
; loads 32 + 2 (the copy's are plain ld.global); no bank replays (384
; before: 32 x 4 loads x 3); load rounds: the copy's two loads before the
; barrier are one staging round (barrier_load_rounds 1, 0 before), c's two
; one round: 37 - 2 = 35 (38 before). `gpa analyze` on llc's PTX gives
; the same figures.
; CHECK: _Z2gvPfPK6float4S2_PKf counts_per_thread.global_mem=37{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf counts_per_thread.shared_mem=34{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory.bytes_per_access=14.5946{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory.uncoalesced_per_thread=4{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory.uncoalesced_transactions_per_warp=12{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory_facts.barrier_load_rounds=1{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory_facts.load_rounds=35{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory_facts.read_only_loads=34{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory_facts.shared_bank_conflict_ways=1{{$}}
; CHECK: _Z2gvPfPK6float4S2_PKf memory_facts.shared_bank_replays=0{{$}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }

@_ZZ2gvPfPK6float4S2_PKfE2sh = internal unnamed_addr addrspace(3) global [256 x %struct.float4] undef, align 16

define dso_local ptx_kernel void @_Z2gvPfPK6float4S2_PKf(ptr noundef writeonly nocapture %0, ptr noalias noundef readonly nocapture %1, ptr noalias noundef readonly nocapture %2, ptr noalias noundef readonly nocapture %3) local_unnamed_addr {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = zext nneg i32 %5 to i64
  %7 = getelementptr inbounds nuw %struct.float4, ptr %2, i64 %6
  %8 = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @_ZZ2gvPfPK6float4S2_PKfE2sh to ptr), i64 %6
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %8, ptr noundef nonnull align 16 dereferenceable(16) %7, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %19

9:                                                ; preds = %19
  %10 = shl nuw nsw i32 %5, 1
  %11 = zext nneg i32 %10 to i64
  %12 = getelementptr inbounds nuw float, ptr %3, i64 %11
  %13 = load float, ptr %12, align 4
  %14 = fadd contract float %51, %13
  %15 = getelementptr i8, ptr %12, i64 4
  %16 = load float, ptr %15, align 4
  %17 = fadd contract float %14, %16
  %18 = getelementptr inbounds nuw float, ptr %0, i64 %6
  store float %17, ptr %18, align 4
  ret void

19:                                               ; preds = %4, %19
  %20 = phi float [ 0.000000e+00, %4 ], [ %51, %19 ]
  %21 = phi i32 [ 0, %4 ], [ %52, %19 ]
  %22 = shl nuw nsw i32 %21, 8
  %23 = add nuw nsw i32 %22, %5
  %24 = zext nneg i32 %23 to i64
  %25 = getelementptr inbounds nuw %struct.float4, ptr %1, i64 %24
  %26 = load float, ptr %25, align 16
  %27 = getelementptr inbounds nuw i8, ptr %25, i64 4
  %28 = load float, ptr %27, align 4
  %29 = getelementptr inbounds nuw i8, ptr %25, i64 8
  %30 = load float, ptr %29, align 8
  %31 = getelementptr inbounds nuw i8, ptr %25, i64 12
  %32 = load float, ptr %31, align 4
  %33 = add nuw nsw i32 %21, %5
  %34 = and i32 %33, 255
  %35 = zext nneg i32 %34 to i64
  %36 = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @_ZZ2gvPfPK6float4S2_PKfE2sh to ptr), i64 %35
  %37 = load float, ptr %36, align 16
  %38 = getelementptr inbounds nuw i8, ptr %36, i64 4
  %39 = load float, ptr %38, align 4
  %40 = getelementptr inbounds nuw i8, ptr %36, i64 8
  %41 = load float, ptr %40, align 8
  %42 = getelementptr inbounds nuw i8, ptr %36, i64 12
  %43 = load float, ptr %42, align 4
  %44 = fmul contract float %26, %37
  %45 = fmul contract float %28, %39
  %46 = fadd contract float %44, %45
  %47 = fmul contract float %30, %41
  %48 = fadd contract float %46, %47
  %49 = fmul contract float %32, %43
  %50 = fadd contract float %48, %49
  %51 = fadd contract float %20, %50
  %52 = add nuw nsw i32 %21, 1
  %53 = icmp eq i32 %52, 32
  br i1 %53, label %9, label %19
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly nocapture, ptr noalias readonly nocapture, i64, i1 immarg)

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
