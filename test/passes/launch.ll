; Launch assumptions: block size from __launch_bounds__ (nvvm.maxntid
; attribute, or maxntidx annotation in older IR) else -gpa-block-size; grid
; from -gpa-grid-size else SMs x resident blocks; shared memory from the
; addrspace(3) globals the kernel (and its callees) use; GPU from target-cpu.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json assumptions launch \
; RUN:   | FileCheck %s --check-prefix=DEF
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t2.json -disable-output \
; RUN:   -gpa-block-size=128 -gpa-grid-size=1000 -gpa-registers-per-thread=64 -gpa-gpu=h100 %s
; RUN: %python %inputs/passes/report_fields.py %t2.json assumptions launch \
; RUN:   | FileCheck %s --check-prefix=OPT
; Values the user gave are labelled given, never assumed (issue 11).
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output -gpa-block-size=128 %s 2>&1 | FileCheck %s --check-prefix=BLOCK
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output -gpa-block-size=128 -gpa-grid-size=1000 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BOTH
; BLOCK: remark: {{.*}} plain on t4: {{.*}}; launch 128 threads x {{[0-9]+}} blocks (block given, grid assumed)
; BOTH: remark: {{.*}} plain on t4: {{.*}}; launch 128 threads x 1000 blocks (given)

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4
@unused = internal addrspace(3) global [1024 x float] undef, align 4

; t4 (the Turing board, docs/gpu-catalogue.md) is the bundled model for sm_75.
; DEF: schema=gpa-report/1 gpu=t4
; OPT: schema=gpa-report/1 gpu=h100

; DEF: bounded assumptions.block_size.source="__launch_bounds__ (nvvm.maxntid)"
; DEF-NEXT: bounded assumptions.block_size.value=128
; DEF: bounded assumptions.gpu.source="closest bundled model to target sm_75"
; DEF: bounded assumptions.shared_bytes_per_block.value=1024
; DEF: bounded launch.shared_bytes_per_block=1024
; DEF: bounded launch.threads_per_block=128
; OPT: bounded assumptions.block_size.value=128
; OPT: bounded assumptions.grid_size.kind="given"
; OPT-NEXT: bounded assumptions.grid_size.source="-gpa-grid-size"
; OPT-NEXT: bounded assumptions.grid_size.value=1000
; OPT: bounded assumptions.registers_per_thread.source="-gpa-registers-per-thread"
; OPT-NEXT: bounded assumptions.registers_per_thread.value=64
; OPT: bounded launch.blocks=1000
define ptx_kernel void @bounded(i32 %i) #0 {
  call void @touch_tile(i32 %i)
  ret void
}

define internal void @touch_tile(i32 %i) noinline {
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %i
  store float 0.0, ptr addrspace(3) %p, align 4
  ret void
}

; maxntidx/maxntidy annotations (LLVM 19 IR): 16 x 8 = 128 threads.
; DEF: annotated assumptions.block_size.value=128
; DEF: annotated assumptions.shared_bytes_per_block.value=0
define void @annotated() #1 {
  ret void
}

; DEF: plain assumptions.block_size.kind="assumed"
; DEF-NEXT: plain assumptions.block_size.source="default of -gpa-block-size"
; DEF-NEXT: plain assumptions.block_size.value=256
; DEF: plain assumptions.grid_size.source="fills the GPU: {{[0-9]+}} SMs x {{[0-9]+}} resident blocks"
; DEF: plain assumptions.registers_per_thread.source="default estimate of -gpa-registers-per-thread (ptxas not run: {{.*}})"
; DEF-NEXT: plain assumptions.registers_per_thread.value=32
; OPT: plain assumptions.block_size.kind="given"
; OPT-NEXT: plain assumptions.block_size.source="-gpa-block-size"
; OPT-NEXT: plain assumptions.block_size.value=128
define ptx_kernel void @plain() #1 {
  ret void
}

attributes #0 = { "target-cpu"="sm_75" "nvvm.maxntid"="128" }
attributes #1 = { "target-cpu"="sm_75" }
!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @annotated, !"kernel", i32 1}
!1 = !{ptr @annotated, !"maxntidx", i32 16}
!2 = !{ptr @annotated, !"maxntidy", i32 8}
