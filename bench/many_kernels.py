#!/usr/bin/env python3
"""Per-kernel memory and time of the plugin and `gpa analyze` on a large
module (issue 16, s.4: "about 200 KB of memory per kernel"; target: at most
20 KB per kernel and linear time). Generates NVPTX IR modules of N small
kernels (a grid-stride loop each), runs

  opt -load-pass-plugin=GpuPowerAdvisor.so -passes=gpu-power-advisor -gpa-report=...
  gpa analyze --format json

for each N, and prints peak RSS, time, and, between each N and the next,
the per-kernel increments (RSS and CPU-time differences divided by the kernel
difference, so fixed costs cancel) and the time ratio over the kernel ratio
(1.00: linear). A benchmark, not a pass/fail test; docs/cli.md states the
figures.

ptxas is off (GPA_PTXAS=off): with it, the NVPTX back end compiles a copy
of the whole module and ptxas -v runs on it, and ptxas's own time on one
PTX file of N kernels dominates; --ptxas measures that too.

usage: bench/many_kernels.py [BUILD_DIR] [--no-plugin] [--ptxas] [N ...]
       (default: build 2000 10000 20000)
"""
import os
import resource
import subprocess
import sys
import tempfile

HEADER = ('target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"\n'
          'target triple = "nvptx64-nvidia-cuda"\n'
          'declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n'
          'declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n'
          'declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n'
          'declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()\n')

KERNEL = """define ptx_kernel void @k{i}(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {{
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %cd = mul i32 %c, %d
  %i0 = add i32 %cd, %t
  %s = mul i32 %d, %g
  %e = icmp slt i32 %i0, %n
  br i1 %e, label %loop, label %exit
loop:
  %i = phi i32 [ %i0, %entry ], [ %in, %loop ]
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %v = load float, ptr addrspace(1) %pa
  %w = fmul float %v, {f}.0
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %i
  store float %w, ptr addrspace(1) %pb
  %in = add i32 %i, %s
  %m = icmp slt i32 %in, %n
  br i1 %m, label %loop, label %exit
exit:
  ret void
}}
"""


def module(n):
    return HEADER + "".join(KERNEL.format(i=i, f=i % 7 + 1) for i in range(n))


def run(cmd, env=None):
    """CPU time (user + system, s) and peak RSS (KiB) of cmd and of the
    children it waited for (ptxas), via wait4's rusage. CPU time, not wall
    time: the machines these run on are shared."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    args = sys.argv[1:]
    build = args.pop(0) if args and not args[0].isdigit() and \
        not args[0].startswith("--") else "build"
    with_plugin = "--no-plugin" not in args
    env = dict(os.environ)
    if "--ptxas" not in args:
        env["GPA_PTXAS"] = "off"
    args = [a for a in args if not a.startswith("--")]
    sizes = sorted(int(a) for a in args) or [2000, 10000, 20000]
    opt = "/usr/lib/llvm-22/bin/opt"
    plugin = os.path.join(build, "plugin", "GpuPowerAdvisor.so")
    gpa = os.path.join(build, "tool", "gpa")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            ll = os.path.join(tmp, f"m{n}.ll")
            with open(ll, "w") as f:
                f.write(module(n))
            base = run([opt, "-passes=verify", "-disable-output", ll])
            plug = run([opt, "-load-pass-plugin=" + plugin,
                        "-passes=gpu-power-advisor",
                        "-gpa-report=" + os.path.join(tmp, "r.json"),
                        "-disable-output", ll], env) if with_plugin else (0, 0)
            tool = run([gpa, "analyze", "--format", "json", ll], env)
            rows[n] = (base, plug, tool)
            print(f"N={n:6d} CPU time, peak RSS: opt alone {base[0]:7.2f} s {base[1] / 1024:8.1f} MiB"
                  f" | plugin {plug[0]:7.2f} s {plug[1] / 1024:8.1f} MiB"
                  f" | gpa analyze {tool[0]:7.2f} s {tool[1] / 1024:8.1f} MiB")
    tools = (("plugin", 1), ("gpa analyze", 2)) if with_plugin else \
        (("gpa analyze", 2),)
    for name, k in tools:
        for n in sizes:
            t, m = rows[n][k]
            print(f"{name:12s} N={n:6d}: {t / n * 1e3:7.3f} ms and "
                  f"{m / n:7.1f} KiB peak RSS per kernel (fixed costs "
                  f"included)")
        for a, b in zip(sizes, sizes[1:]):
            dn = b - a
            dt = rows[b][k][0] - rows[a][k][0]
            dm = rows[b][k][1] - rows[a][k][1]
            # Its own share: minus what opt needs for the IR (both parse the
            # same module).
            own = dm - (rows[b][0][1] - rows[a][0][1])
            ratio = rows[b][k][0] / max(rows[a][k][0], 1e-9)
            print(f"{name:12s} {a:6d}->{b:6d} per kernel: "
                  f"{dt / dn * 1e3:7.3f} ms, {dm / dn:7.1f} KiB peak RSS"
                  f" ({own / dn:6.1f} KiB beyond opt's own); time ratio "
                  f"{ratio:.2f} for {b / a:.2f}x kernels "
                  f"(linearity {ratio / (b / a):.2f})")
    print("ptxas " + ("on" if "--ptxas" in sys.argv else "off (GPA_PTXAS=off)")
          + "; target: <= 20 KB (19.5 KiB) per kernel; linearity ~1.00")

if __name__ == "__main__":
    main()
