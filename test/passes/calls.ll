; Device-function calls are folded bottom-up: a callee's per-call counts are
; added once per dynamic call (the call itself is one 'other'). Recursion
; and indirect calls are bounded: one 'other', an assumption and a remark.
; REQUIRES: plugin
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -disable-output -gpa-report=%t.json %s 2>&1 | FileCheck %s
; RUN: %python %inputs/passes/report_fields.py %t.json assumptions \
; RUN:   | FileCheck %s --check-prefix=JSON

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; helper: fmul + fadd + ret = fp 2, other 1
define internal float @helper(float %x) noinline {
  %m = fmul float %x, %x
  %a = fadd float %m, 1.0
  ret float %a
}

; two calls: 2 x (fp 2 + other 1) + 2 calls (other) + ret
; CHECK: remark: {{.*}}twocalls on a100: {{.*}}; per thread: fp=4 other=5; launch
define ptx_kernel void @twocalls(float %x) {
  %a = call float @helper(float %x)
  %b = call float @helper(float %a)
  ret void
}

; a call in a 4-iteration loop: loop {call, add, icmp, br} x 4 plus
; helper x 4; entry br, ret.
; CHECK: remark: {{.*}}loopcall on a100: {{.*}}; per thread: int=4 fp=8 alu=4 other=14; launch
define ptx_kernel void @loopcall(float %x) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %r = call float @helper(float %x)
  %inc = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %inc, 4
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; self recursion: fact's body {icmp, br} + 0.5 x {sub, call, mul, br} +
; {ret}, the recursive call not expanded; plus the kernel's call and ret:
; other = 1 + 0.5 + 0.5 + 1 + 2 = 5.
; CHECK: remark: {{.*}}: recursive call to fact not expanded; counted as one 'other' instruction
; CHECK: remark: {{.*}}recursion on a100: {{.*}}; per thread: int=1 alu=1 other=5; launch
define internal i32 @fact(i32 %n) {
entry:
  %c = icmp sgt i32 %n, 1
  br i1 %c, label %rec, label %done
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %r, %n
  br label %done
done:
  %v = phi i32 [ %p, %rec ], [ 1, %entry ]
  ret i32 %v
}
define ptx_kernel void @recursion(i32 %n) {
  %f = call i32 @fact(i32 %n)
  ret void
}

; indirect call: one 'other' + assumption
; CHECK: remark: {{.*}}: indirect call: callee unknown, counted as one 'other' instruction
; CHECK: remark: {{.*}}indirect on a100: {{.*}}; per thread: other=2; launch
define ptx_kernel void @indirect(ptr %fp) {
  call void %fp()
  ret void
}

; JSON: recursion assumptions.recursive_call.value=0.5
; JSON: indirect assumptions.indirect_call.value=1
