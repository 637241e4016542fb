"""The plugin's memory per kernel, bounded (issue 16 s.4: at most 20 KB per
kernel). Runs `opt -passes=verify` and the plugin (report, handoff and remarks
on) on bench/many_kernels.py's generated modules of SMALL and LARGE kernels
and prints, per extra kernel, the plugin's peak-RSS increment beyond what opt
needs for the IR itself (both parse the same module), and whether it is
within LIMIT KiB. Keeping every kernel's results (as the pass did before it
streamed them) costs about 56 KiB per kernel.

usage: plugin_memory.py BENCH_DIR OPT PLUGIN TMPDIR [SMALL LARGE LIMIT_KIB]
"""
import os
import subprocess
import sys

bench, opt, plugin, tmp = sys.argv[1:5]
small, large, limit = (int(a) for a in (sys.argv[5:8] or (100, 800, 20)))
sys.path.insert(0, bench)
from many_kernels import module  # noqa: E402


def peak_rss_kib(cmd):
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: " + " ".join(cmd))
    return usage.ru_maxrss


os.makedirs(tmp, exist_ok=True)
rss = {}
for n in (small, large):
    ll = os.path.join(tmp, f"m{n}.ll")
    with open(ll, "w") as f:
        f.write(module(n))
    ir = peak_rss_kib([opt, "-passes=verify", "-disable-output", ll])
    plug = peak_rss_kib([
        opt, "-load-pass-plugin=" + plugin, "-passes=gpu-power-advisor",
        "-gpa-report=" + os.path.join(tmp, "r.json"),
        "-gpa-handoff-dir=" + tmp, "-pass-remarks-analysis=gpu-power-advisor",
        "-disable-output", ll])
    rss[n] = plug - ir
per_kernel = (rss[large] - rss[small]) / (large - small)
print(f"plugin beyond opt's own, {small} -> {large} kernels: "
      f"{per_kernel:.1f} KiB per kernel")
print("within the bound" if per_kernel <= limit else
      f"above the bound of {limit} KiB per kernel")
