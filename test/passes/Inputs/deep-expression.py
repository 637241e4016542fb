"""Writes a grid-stride kernel whose stored value is a chain of N adds."""
import sys

n = int(sys.argv[1])
print('''target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @deep(ptr %y, i32 %n) {
entry:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bd = mul i32 %b, %d
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = add i32 %bd, %t
  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %step = mul i32 %d, %g
  %c0 = icmp slt i32 %s, %n
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i32 [ %s, %entry ], [ %next, %loop ]
  %v0 = add i32 %i, 1''')
for k in range(1, n):
    print('  %%v%d = add i32 %%v%d, %d' % (k, k - 1, k))
print('''  %%e = sext i32 %%i to i64
  %%p = getelementptr i32, ptr %%y, i64 %%e
  store i32 %%v%d, ptr %%p
  %%next = add i32 %%i, %%step
  %%c = icmp slt i32 %%next, %%n
  br i1 %%c, label %%loop, label %%exit
exit:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()''' % (n - 1))
