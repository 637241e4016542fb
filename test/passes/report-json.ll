; -gpa-report writes gpa-report/1 with the plugin's per-kernel fields
; (location relative to the compile directory, demangled name, assumptions,
; counts_per_thread with every unit), deterministic byte for byte, and
; "%arch" in the name becomes the target sm_XX.
; REQUIRES: plugin
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-report=%t/k.%arch.json %s
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-report=%t/again.json %s
; RUN: cmp %t/k.sm_90.json %t/again.json
; RUN: FileCheck %s --input-file=%t/k.sm_90.json
; RUN: %python %inputs/passes/report_fields.py %t/k.sm_90.json location demangled counts_per_thread \
; RUN:   | FileCheck %s --check-prefix=FIELDS

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; FIELDS: schema=gpa-report/1 gpu=h100
; The absolute file name is made relative to the DICompileUnit directory.
; FIELDS-NEXT: _Z5scalePff location.file="src/scale.cu"
; FIELDS-NEXT: _Z5scalePff location.line=12
; FIELDS-NEXT: _Z5scalePff demangled="scale(float*, float)"
; FIELDS-NEXT: _Z5scalePff counts_per_thread.alu=2
; FIELDS-NEXT: _Z5scalePff counts_per_thread.fp=1
; FIELDS-NEXT: _Z5scalePff counts_per_thread.global_mem=2
; FIELDS-NEXT: _Z5scalePff counts_per_thread.int=1
; FIELDS-NEXT: _Z5scalePff counts_per_thread.other=1
; Without debug info the location is null.
; FIELDS-NEXT: nodebug location=null

; Top-level keys sorted, two-space indentation.
; CHECK:      {
; CHECK-NEXT:   "calibrated": {{true|false}},
; CHECK-NEXT:   "gpu": "h100",
; CHECK-NEXT:   "kernels": [
; CHECK-NEXT:     {
; CHECK-NEXT:       "advice": {
; CHECK:            "assumptions": {
; CHECK:              "gpu": {
; CHECK-NEXT:           "kind": "assumed",
; The H100 PCIe has 114 SMs, the SXM 132 (NVIDIA H100 datasheet): a guess.
; CHECK-NEXT:           "source": "closest bundled model to target sm_90 (a guess: sm_90 is also h100-pcie (114 SMs), not only h100 (132 SMs))",
; CHECK-NEXT:           "value": "h100"
; CHECK:            "counts_per_thread": {
; CHECK-NEXT:         "alu": 2,
; CHECK-NEXT:         "async_copy": 0,
; CHECK:            "schema": "gpa-report/1"

define ptx_kernel void @_Z5scalePff(ptr %p, float %s) #0 !dbg !5 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr %p, i64 %idx
  %v = load float, ptr %q, align 4
  %m = fmul float %v, %s
  store float %m, ptr %q, align 4
  ret void
}

define ptx_kernel void @nodebug() #0 {
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90a" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "/home/someone/project/src/scale.cu", directory: "/home/someone/project")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 12, type: !6, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
