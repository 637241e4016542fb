; The plugin adds the advisor at the end of the default pipelines (the
; OptimizerLast extension point clang uses with -fpass-plugin), at -O0 too.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes='default<O2>' -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt %loadgpa -passes='default<O0>' -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt %loadgpa -passes='default<O2>' -debug-pass-manager -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PM

; The host pass and the device pass, in that order (Passes.def). The device
; pass analyses and publishes kernel by kernel, not through the module
; analysis that keeps every kernel's result (issue 16 s.4).
; PM: Running pass: gpa::HostLaunchPass
; PM: Running pass: gpa::DeviceAdvisorPass
; PM-NOT: Running analysis: gpa::GpuPowerAdvisorAnalysis
; CHECK: remark: {{.*}}: k on a100: {{.*}}; per thread: fp=1 global_mem=1 other=1; launch

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %x) {
  %m = fmul float %x, %x
  store float %m, ptr addrspace(1) %p, align 4
  ret void
}
