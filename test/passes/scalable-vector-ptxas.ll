; IR with scalable vectors (not reachable from CUDA source) made the NVPTX
; back-end abort the plugin's ptxas step (SIGABRT, issue 25). A pass plugin
; never aborts: ptxas is not run, the registers are the default estimate,
; and the assumption says why.
; REQUIRES: plugin, cuda
; RUN: env GPA_PTXAS=on %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t.json -disable-output \
; RUN:   -pass-remarks-analysis=gpu-power-advisor %s 2> %t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %python %inputs/passes/report_fields.py %t.json assumptions launch | FileCheck %s
; REMARK: remark: gpu-power-advisor: ptxas not run: the module uses scalable vectors (in scalable), which the NVPTX back-end cannot compile; registers and spills are estimated
; CHECK: scalable assumptions.registers_per_thread.kind="assumed"
; CHECK: scalable assumptions.registers_per_thread.source="default estimate of -gpa-registers-per-thread (ptxas not run: the module uses scalable vectors (in scalable), which the NVPTX back-end cannot compile)"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @scalable(ptr addrspace(1) %p) "target-cpu"="sm_80" {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr <vscale x 4 x float>, ptr addrspace(1) %p, i32 %t
  %v = load <vscale x 4 x float>, ptr addrspace(1) %q
  %w = fadd <vscale x 4 x float> %v, %v
  store <vscale x 4 x float> %w, ptr addrspace(1) %q
  ret void
}
