; Clang hands -fpass-plugin to the host compilation too: non-NVPTX modules
; are skipped without a remark or a report, even with a ptx_kernel function.
; REQUIRES: plugin
; RUN: rm -f %t.json
; RUN: %opt %loadgpa -passes=gpu-power-advisor -pass-remarks-analysis=gpu-power-advisor \
; RUN:   -gpa-report=%t.json -disable-output %s 2>&1 | count 0
; RUN: not test -e %t.json

target triple = "x86_64-unknown-linux-gnu"

define ptx_kernel void @looks_like_a_kernel() {
  ret void
}
