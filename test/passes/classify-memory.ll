; Loads and stores by address space; generic pointers resolved through their
; underlying objects: addrspacecast of a shared global -> shared, alloca ->
; local, kernel parameter -> global, a pointer loaded from memory -> global
; with the generic_as_global assumption. Atomics -> atomic.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -gpa-report=%t.json -disable-output %s
; RUN: %python %inputs/passes/report_fields.py %t.json counts_per_thread assumptions \
; RUN:   | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x float] undef, align 4
@cst = internal addrspace(4) global [4 x float] zeroinitializer, align 4

; CHECK: schema=gpa-report/1 gpu=a100

; explicit address spaces: global 2, shared 1, const 1, local 1
; CHECK: spaces counts_per_thread.const_mem=1
; CHECK-NEXT: spaces counts_per_thread.global_mem=2
; CHECK-NEXT: spaces counts_per_thread.local_mem=1
; CHECK-NEXT: spaces counts_per_thread.other=1
; CHECK-NEXT: spaces counts_per_thread.shared_mem=1
; CHECK-NOT: spaces assumptions.generic_as_global
; CHECK: spaces assumptions.shared_bytes_per_block.value=256
define ptx_kernel void @spaces(ptr addrspace(1) %g, ptr addrspace(5) %l) {
  %a = load float, ptr addrspace(1) %g, align 4
  %b = load float, ptr addrspace(3) @sh, align 4
  %c = load float, ptr addrspace(4) @cst, align 4
  store float %a, ptr addrspace(5) %l, align 4
  store float %b, ptr addrspace(1) %g, align 4
  ret void
}

; generic pointers: cast shared global, alloca, kernel parameter (all
; resolved), and one loaded pointer (unresolved -> global + assumption)
; CHECK: generic counts_per_thread.global_mem=3
; CHECK-NEXT: generic counts_per_thread.local_mem=1
; CHECK-NEXT: generic counts_per_thread.other=1
; CHECK-NEXT: generic counts_per_thread.shared_mem=1
; CHECK: generic assumptions.generic_as_global.source="generic pointers {{.*}}"
; CHECK-NEXT: generic assumptions.generic_as_global.value=1
; CHECK: generic assumptions.shared_bytes_per_block.value=256
define ptx_kernel void @generic(ptr %param, ptr %pp) {
  %slot = alloca float, align 4
  %s = load float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), align 4
  store float %s, ptr %slot, align 4
  %v = load float, ptr %param, align 4
  %q = load ptr, ptr %pp, align 8
  store float %v, ptr %q, align 4
  ret void
}

; atomicrmw and cmpxchg -> atomic
; CHECK: atomics counts_per_thread.alu=1
; CHECK-NEXT: atomics counts_per_thread.atomic=2
; CHECK-NEXT: atomics counts_per_thread.other=1
; CHECK: atomics assumptions.shared_bytes_per_block.value=0
define ptx_kernel void @atomics(ptr addrspace(1) %g) {
  %a = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4
  %b = cmpxchg ptr addrspace(1) %g, i32 0, i32 %a monotonic monotonic, align 4
  %c = extractvalue { i32, i1 } %b, 0
  ret void
}
