; Struct copies and a float4 store as clang's NVPTX back-end emits them
; (issue 26; InstructionClassifier.h expandedCopyPieces, GlobalVectors.h).
; A constant copy of at most 128 bytes is expanded inline in pieces of
; min(8, the pointers' alignment) bytes (SelectionDAG's memcpy lowering: its
; widest legal integer, i64, no vector type), each global piece a load or
; store with its access facts; a float4 stored member by member (`align
; 16, 4, 8, 4`) is one st.global.v4 (the LoadStoreVectorizer).
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-ptxas=false \
; RUN:   -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json counts_per_thread \
; RUN:   memory memory_facts | FileCheck %s

; Source (clang++ -x cuda --cuda-gpu-arch=sm_80 -O2 --cuda-device-only
; -S -emit-llvm; attributes and metadata removed):
;   struct S3 { float a, b, c; };                  // 12 bytes, align 4
;   struct __align__(16) S5 { float a, b, c, d, e; }; // 32 bytes, align 16
;   __global__ void copies(S3 *__restrict__ d3, const S3 *__restrict__ s3,
;                          S5 *__restrict__ d5, const S5 *__restrict__ s5,
;                          float4 *__restrict__ o4) {
;     int t = threadIdx.x;
;     d3[t] = s3[t];
;     d5[t] = s5[t];
;     o4[t] = make_float4(t, 2 * t, 3 * t, 4 * t);
;   }
; llc's PTX: three ld.global.b32 / st.global.b32 pairs ([+8], [+4], [0]),
; four ld.global.b64 / st.global.b64 pairs ([+24] ... [0]), one
; st.global.v4.b32.
; Expected per thread: global_mem 3 + 3 + 4 + 4 + 1 = 15 (26 before: 12 / 4
; and 32 / 4 words each side, four scalar stores); bytes per access
; (6 x 4 + 8 x 8 + 16) / 15 = 104 / 15 = 6.9333 (4 before); uncoalesced:
; the S3 pieces (4 bytes at a 12-byte lane stride, 6) and the S5 pieces (8
; at 32, 8) = 14, transactions per warp (6 x 384 / 32 + 8 x 32) / 14 =
; 328 / 14 = 23.4286 sectors; the float4 store is coalesced; the 7 loads in
; one block are one round: load rounds 15 - 6 = 9. `gpa analyze` on llc's
; PTX gives the same figures.
; CHECK: _Z6copiesP2S3PKS_P2S5PKS3_P6float4 counts_per_thread.global_mem=15{{$}}
; CHECK: _Z6copiesP2S3PKS_P2S5PKS3_P6float4 memory.bytes_per_access=6.9333{{$}}
; CHECK: _Z6copiesP2S3PKS_P2S5PKS3_P6float4 memory.uncoalesced_per_thread=14{{$}}
; CHECK: _Z6copiesP2S3PKS_P2S5PKS3_P6float4 memory.uncoalesced_transactions_per_warp=23.4286{{$}}
; CHECK: _Z6copiesP2S3PKS_P2S5PKS3_P6float4 memory_facts.load_rounds=9{{$}}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S3 = type { float, float, float }
%struct.S5 = type { float, float, float, float, float, [12 x i8] }
%struct.float4 = type { float, float, float, float }

define dso_local ptx_kernel void @_Z6copiesP2S3PKS_P2S5PKS3_P6float4(ptr noalias noundef writeonly nocapture %0, ptr noalias noundef readonly nocapture %1, ptr noalias noundef writeonly nocapture %2, ptr noalias noundef readonly nocapture %3, ptr noalias noundef writeonly nocapture %4) local_unnamed_addr {
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = zext nneg i32 %6 to i64
  %8 = getelementptr inbounds nuw %struct.S3, ptr %1, i64 %7
  %9 = getelementptr inbounds nuw %struct.S3, ptr %0, i64 %7
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %9, ptr noundef nonnull align 4 dereferenceable(12) %8, i64 12, i1 false)
  %10 = getelementptr inbounds nuw %struct.S5, ptr %3, i64 %7
  %11 = getelementptr inbounds nuw %struct.S5, ptr %2, i64 %7
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %11, ptr noundef nonnull align 16 dereferenceable(32) %10, i64 32, i1 false)
  %12 = uitofp nneg i32 %6 to float
  %13 = shl nuw nsw i32 %6, 1
  %14 = uitofp nneg i32 %13 to float
  %15 = mul nuw nsw i32 %6, 3
  %16 = uitofp nneg i32 %15 to float
  %17 = shl nuw nsw i32 %6, 2
  %18 = uitofp nneg i32 %17 to float
  %19 = getelementptr inbounds nuw %struct.float4, ptr %4, i64 %7
  store float %12, ptr %19, align 16
  %20 = getelementptr inbounds nuw i8, ptr %19, i64 4
  store float %14, ptr %20, align 4
  %21 = getelementptr inbounds nuw i8, ptr %19, i64 8
  store float %16, ptr %21, align 8
  %22 = getelementptr inbounds nuw i8, ptr %19, i64 12
  store float %18, ptr %22, align 4
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly nocapture, ptr noalias readonly nocapture, i64, i1 immarg)

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
