; One clock decision, every renderer (issue 26 item 5): the clock pair,
; energy saving and slowdown of gpa/ClockDecision.h are the same figures in
; the plugin's ClockAdvice remark, the -gpa-report JSON's clock_advice, the
; print<gpu-power-advisor> printer, and gpa analyze's text, CSV and JSON for
; the same kernel (the copy of remarks-clock.ll). The first renderer's
; figures are captured and every other one must show the same (FileCheck
; variables), so no expected number is pasted from the tool's output.
; gtx-titan-x: the calibrated dvfs tables (16 core x 4 memory clocks);
; a100: the estimated V^2 f path (81 core clocks, memory as modelled).
; With -gpa-max-slowdown=0 on gtx-titan-x only the fastest pair (a memory
; clock above the reference's) is within the bound, and it costs more
; energy than the reference clocks: the reference stays, and every
; renderer says so (a point the model prices above the reference is never
; advised).
; REQUIRES: plugin
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=gtx-titan-x \
; RUN:   -pass-remarks-analysis=gpu-power-advisor -gpa-report=%t/titanx.json %s 2> %t/titanx.all
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' -disable-output -gpa-gpu=gtx-titan-x %s >> %t/titanx.all 2>&1
; RUN: %gpa analyze --gpu gtx-titan-x %s >> %t/titanx.all
; RUN: %gpa analyze --gpu gtx-titan-x --format csv %s > %t/titanx.csv
; RUN: %gpa analyze --gpu gtx-titan-x --format json %s > %t/titanx-analyze.json
; RUN: %python %S/Inputs/clock_advice_line.py %t/titanx.json %t/titanx-analyze.json %t/titanx.csv >> %t/titanx.all
; RUN: FileCheck %s --check-prefix=DVFS < %t/titanx.all

; DVFS: remark: {{.*}}copy(float*) on gtx-titan-x (dvfs model, calibrated): least energy within 5% of the fastest at core [[CORE:[0-9]+]] MHz, memory [[MEM:[0-9]+]] MHz: energy [[SAVE:[0-9]+\.[0-9]]]% below the reference clocks (975/3505 MHz)
; DVFS: clocks: change, core [[CORE]] MHz, memory [[MEM]] MHz, energy saving [[SAVE]]%, slowdown [[SLOW:-?[0-9]+\.[0-9]]]% (dvfs model, calibrated)
; DVFS: clocks      core [[CORE]] MHz, memory [[MEM]] MHz: energy [[SAVE]]% below the reference clocks (core 975 MHz, memory 3505 MHz), slowdown [[SLOW]]% (dvfs model, calibrated)
; DVFS: report: available change core=[[CORE]] mem=[[MEM]] saving=[[SAVE]] slowdown=[[SLOW]] ref=975/3505 basis=calibrated
; DVFS-NEXT: analyze: available change core=[[CORE]] mem=[[MEM]] saving=[[SAVE]] slowdown=[[SLOW]] ref=975/3505 basis=calibrated
; DVFS-NEXT: csv: core=[[CORE]] mem=[[MEM]] saving=[[SAVE]]

; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=a100 \
; RUN:   -pass-remarks-analysis=gpu-power-advisor -gpa-report=%t/a100.json %s 2> %t/a100.all
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' -disable-output -gpa-gpu=a100 %s >> %t/a100.all 2>&1
; RUN: %gpa analyze --gpu a100 %s >> %t/a100.all
; RUN: %gpa analyze --gpu a100 --format csv %s > %t/a100.csv
; RUN: %gpa analyze --gpu a100 --format json %s > %t/a100-analyze.json
; RUN: %python %S/Inputs/clock_advice_line.py %t/a100.json %t/a100-analyze.json %t/a100.csv >> %t/a100.all
; RUN: FileCheck %s --check-prefix=EST < %t/a100.all

; EST: remark: {{.*}}copy(float*) on a100 (estimated: the ipp model at the reference clock scaled by V^2 f, voltage line assumed): least energy within 5% of the fastest at core [[CORE:[0-9]+]] MHz, memory as modelled: energy [[SAVE:[0-9]+\.[0-9]]]% below the reference clocks (1410 MHz core)
; EST: clocks: change, core [[CORE]] MHz, memory as modelled, energy saving [[SAVE]]%, slowdown [[SLOW:-?[0-9]+\.[0-9]]]% (estimated: the ipp model
; EST: clocks      core [[CORE]] MHz, memory as modelled: energy [[SAVE]]% below the reference clocks (core 1410 MHz, memory as modelled), slowdown [[SLOW]]% (estimated: the ipp model
; EST: report: available change core=[[CORE]] mem=none saving=[[SAVE]] slowdown=[[SLOW]] ref=1410/none basis=estimated
; EST-NEXT: analyze: available change core=[[CORE]] mem=none saving=[[SAVE]] slowdown=[[SLOW]] ref=1410/none basis=estimated
; EST-NEXT: csv: core=[[CORE]] mem=none saving=[[SAVE]]

; RUN: %opt %loadgpa -passes=gpu-power-advisor -disable-output -gpa-gpu=gtx-titan-x -gpa-max-slowdown=0 \
; RUN:   -pass-remarks-analysis=gpu-power-advisor -gpa-report=%t/keep.json %s 2> %t/keep.all
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>' -disable-output -gpa-gpu=gtx-titan-x -gpa-max-slowdown=0 %s >> %t/keep.all 2>&1
; RUN: %gpa analyze --gpu gtx-titan-x --max-slowdown 0 %s >> %t/keep.all
; RUN: %gpa analyze --gpu gtx-titan-x --max-slowdown 0 --format csv %s > %t/keep.csv
; RUN: %gpa analyze --gpu gtx-titan-x --max-slowdown 0 --format json %s > %t/keep-analyze.json
; RUN: %python %S/Inputs/clock_advice_line.py %t/keep.json %t/keep-analyze.json %t/keep.csv >> %t/keep.all
; RUN: FileCheck %s --check-prefix=KEEP < %t/keep.all

; KEEP: remark: {{.*}}copy(float*) on gtx-titan-x (dvfs model, calibrated): no clock change from the reference clocks (975/3505 MHz): the least-energy clock pair within 0% of the fastest (core [[FCORE:[0-9]+]] MHz, memory [[FMEM:[0-9]+]] MHz, [[FJ:[0-9.e-]+]] J) uses no less energy than the reference clocks ([[RJ:[0-9.e-]+]] J); advice only
; KEEP: clocks: reference kept, core 975 MHz, memory 3505 MHz, energy saving 0.0%, slowdown 0.0% (dvfs model, calibrated)
; KEEP: clocks      keep the reference clocks (core 975 MHz, memory 3505 MHz; dvfs model, calibrated): the least-energy clock pair within 0% of the fastest (core [[FCORE]] MHz, memory [[FMEM]] MHz, [[FJ]] J) uses no less energy than the reference clocks ([[RJ]] J){{$}}
; KEEP: report: available keep core=975 mem=3505 saving=0.0 slowdown=0.0 ref=975/3505 basis=calibrated fastest=[[FCORE]]/[[FMEM]]
; KEEP-NEXT: analyze: available keep core=975 mem=3505 saving=0.0 slowdown=0.0 ref=975/3505 basis=calibrated fastest=[[FCORE]]/[[FMEM]]
; KEEP-NEXT: csv: core=975 mem=3505 saving=0.0

; The plugin's reports conform to the report schema's clock_advice.
; RUN: %python %S/../cli/Inputs/validate_schema.py %gpa_models/schema/gpa-report.schema.json %t/titanx.json %t/a100.json %t/keep.json | FileCheck %s --check-prefix=SCHEMA
; SCHEMA: schema gpa-report.schema.json: 3 valid, 0 invalid

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
