; print<gpu-power-advisor> prints the analysis the device pass reports: the
; same counts, launch, SMs, time, power and decision as the -gpa-report JSON
; of the same run (one analysis, cached, serves both passes).
; REQUIRES: plugin
; RUN: rm -f %t.json
; RUN: %opt %loadgpa -passes='print<gpu-power-advisor>,gpu-power-advisor-device' \
; RUN:   -gpa-block-size=128 -gpa-grid-size=216 -gpa-report=%t.json \
; RUN:   -disable-output %s 2> %t.txt
; RUN: FileCheck %s < %t.txt
; RUN: %python %inputs/passes/compare_print_report.py %t.txt %t.json \
; RUN:   | FileCheck %s --check-prefix=SAME
; A host module has no kernels, and the device pass skips it.
; RUN: sed 's/nvptx64-nvidia-cuda/x86_64-unknown-linux-gnu/' %s \
; RUN:   | %opt %loadgpa -passes='print<gpu-power-advisor>' -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=HOST

; The A100 has 108 SMs (NVIDIA A100 datasheet), so 216 blocks use all 108.
; CHECK: gpu-power-advisor: module '{{.*}}print-analysis.ll' on a100 (nvptx)
; CHECK-NEXT: kernel copy{{$}}
; load, fmul, store: 2 global memory instructions, 1 fp, ret.
; CHECK-NEXT: per_thread: fp=1 global_mem=2 other=1
; CHECK-NEXT: uncoalesced_mem: 0
; CHECK-NEXT: launch: 128 threads x 216 blocks
; CHECK-NEXT: sms: 108 of 108 useful
; CHECK-NEXT: mwp: {{[0-9.]+}}  cwp: {{[0-9.]+}}  case: {{[123]}}
; CHECK-NEXT: time_s: {{[0-9]\.[0-9]{3}e[-+][0-9]+}}
; CHECK-NEXT: total_power_w: {{[0-9]+\.[0-9][0-9]}}  ipp_power_w: {{[0-9]+\.[0-9]}}
; CHECK-NEXT: bandwidth_bound: {{true|false}}  eq34_sms: {{[0-9]+}}
; CHECK-NEXT: decision: {{change|launch as written}}, {{[0-9]+}} SMs x {{[0-9]+}} blocks ({{sm|grid}}, energy), saving {{[0-9.]+}}%, slowdown {{-?[0-9.]+}}%
; CHECK-NEXT: grid_independent: {{true|false}}

; SAME: copy: same

; HOST: gpu-power-advisor: module '<stdin>': no kernels

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %x = load float, ptr addrspace(1) %in, align 4
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %out, align 4
  ret void
}
