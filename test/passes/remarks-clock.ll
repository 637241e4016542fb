; The clock-advice remark (issue 12 point 4): on a GPU model whose dvfs
; backend has a clock table (gtx-titan-x, calibrated from the public gpmTOOL
; data), the kernel remark is followed by the least-energy clock pair within
; the decision's max slowdown (default 5%, one default for all advice) of the
; fastest. A model without dvfs parameters (a100) gets the same remark from
; its supported clocks with estimated power (issue 27 item 4: the ipp model
; at the reference clock scaled by V^2 f along an assumed voltage line,
; docs/dvfs.md "Estimated clock advice"), labelled estimated, the memory
; clock as modelled.
; Expected: a memory-bound copy loses little speed at a lower core clock
; while core power falls with f and v^2 (seed 002 Eq. 5), so the advice is a
; core clock below the 975 MHz reference and a positive saving.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=gtx-titan-x \
; RUN:   -pass-remarks-analysis=gpu-power-advisor %s 2>&1 | FileCheck %s
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=a100 \
; RUN:   -pass-remarks-analysis=gpu-power-advisor %s 2>&1 | FileCheck %s --check-prefix=ESTIMATED

; CHECK: remark: kernels/stream.cu:7:0: copy(float*) on gtx-titan-x: memory-bound: {{.*}}, for the assumed launch of 192 blocks x 256 threads; details: MWP
; CHECK-NEXT: remark: kernels/stream.cu:7:0: copy(float*) on gtx-titan-x (dvfs model, calibrated): least energy within 5% of the fastest at core {{(595|633|671|709|747|785|823|861|899|937)}} MHz, memory {{[0-9]+}} MHz: energy {{[0-9]+\.[0-9]}}% below the reference clocks (975/3505 MHz); advice only, the build never changes clocks (docs/dvfs.md: applying clock advice)
; The copy is DRAM-bound on a100 at 1410 MHz, and its L2 path (4957 GB/s at
; 1410 MHz, docs/dvfs.md) carries its 1296 GB/s down to 369 MHz: the time
; stays within 5% well below the reference while core power falls with
; V^2 f, so the advice is a lower clock (210-1395 MHz) with a saving.
; ESTIMATED: copy(float*) on a100: memory-bound: {{.*}}, for the assumed launch of 864 blocks x 256 threads; details: MWP
; ESTIMATED: remark: kernels/stream.cu:7:0: copy(float*) on a100 (estimated: the ipp model at the reference clock scaled by V^2 f, voltage line assumed): least energy within 5% of the fastest at core {{([2-9][0-9]{2}|1[0-3][0-9]{2})}} MHz, memory as modelled: energy {{[1-9][0-9]?\.[0-9]}}% below the reference clocks (1410 MHz core); advice only, the build never changes clocks (docs/dvfs.md: applying clock advice)

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; 2 sregs + sext + 2 GEPs = alu 5; add = int 1; load + store; ret.


define ptx_kernel void @_Z4copyPf(ptr %p) !dbg !5 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i = add nsw i32 %ctaid, %tid
  %idx = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %p, i64 %idx
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds float, ptr %src, i64 1
  store float %v, ptr %dst, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernels/stream.cu", directory: "/home/someone/project")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = distinct !DISubprogram(name: "copy", scope: !1, file: !1, line: 7, type: !6, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
