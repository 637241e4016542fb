#!/usr/bin/env python3
"""Compile-time overhead of the plugin (a benchmark, not a test).

Compiles, at -O2 for sm_80, with and without -fpass-plugin=GpuPowerAdvisor.so
(remarks off, as in a normal build), interleaved pairs:
  - the full (device + host) compile of a thrust sort + cub reduce/radix-sort
    translation unit, bench/kernels/thrust_cub_sort.cu (issue 26 item 6);
    with --no-ptxas also with -mllvm -gpa-ptxas=false;
  - the bundled CUDA examples and a generated translation unit with hundreds
    of kernels, device-only.
Times are CPU times (user + sys of the clang driver and every job it runs,
ptxas included: getrusage(RUSAGE_CHILDREN)), not wall times, so that a
loaded machine changes them little. Prints the medians and their ratio.
Target: ratio <= 1.02 for the full compile, <= 1.03 device-only.

--metric instructions counts instead the user-space instructions of the
same jobs (the driver and every cc1, ptxas and fatbinary job it runs) under
valgrind's callgrind (--trace-children=yes), one compile without and one
with the plugin: the machine's load does not change the counts (they vary
by a few in a million between runs), so the ratio holds on a loaded
machine where the CPU times' does not. Instructions are not CPU time: an
instruction of the plugin (JSON, maps, strings) and one of ptxas or LLVM's
code generation need not take the same cycles. Hardware counters (`perf
stat -e instructions:u`) would be cheaper; this container has none. One
full compile under callgrind takes several CPU minutes.

usage: bench/compile_time.py [BUILD_DIR] [--kernels N] [--repeat R]
                             [--only full|device] [--no-ptxas]
                             [--metric cpu|instructions]
"""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile
import re
import resource
import shutil

KINDS = [
    # elementwise grid-stride (bandwidth-bound)
    """__global__ void k{i}(const float *x, float *y, int n) {{
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += blockDim.x * gridDim.x)
    y[j] = {a}.0f * x[j] + y[j];
}}""",
    # compute loop
    """__global__ void k{i}(float *x, int n) {{
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n) return;
  float v = x[j], acc = 0.0f;
  for (int t = 0; t < {a}; ++t) acc = acc * v + 1.0f;
  x[j] = acc;
}}""",
    # SFU
    """__global__ void k{i}(float *x, int n) {{
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n) x[j] = __sinf(x[j]) * __expf(x[j] * {a}.0f);
}}""",
    # shared-memory tile
    """__global__ void k{i}(const float *a, float *b, int n) {{
  __shared__ float tile[256];
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = j < n ? a[j] : 0.0f;
  __syncthreads();
  if (j < n) b[j] = tile[(threadIdx.x + {a}) % blockDim.x];
}}""",
]


def generate(path, count):
    with open(path, "w") as f:
        f.write("#include <cuda_runtime.h>\n")
        for i in range(count):
            f.write(KINDS[i % len(KINDS)].format(i=i, a=(i % 7) + 2) + "\n")


def children_cpu_s():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def compile_command(clang, cuda, source, plugin, full=False, extra=()):
    cmd = [clang, "-x", "cuda", "--cuda-path=" + cuda, "--cuda-gpu-arch=sm_80",
           "-Wno-unknown-cuda-version", "-O2", "-c", "-o", os.devnull, source]
    if full:
        cmd.insert(1, "-I" + os.path.join(cuda, "include", "cccl"))
    else:
        cmd.insert(1, "--cuda-device-only")
    if plugin:
        cmd.append("-fpass-plugin=" + plugin)
        cmd.extend(extra)
    return cmd


def compile_once(clang, cuda, source, plugin, full=False, extra=()):
    cmd = compile_command(clang, cuda, source, plugin, full, extra)
    start = children_cpu_s()
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    return children_cpu_s() - start


def job_name(cmd):
    """The job a callgrind file's "cmd:" line names, for the breakdown."""
    words = cmd.split()
    if not words:
        return "?"
    tool = os.path.basename(words[0])
    if "-cc1" in words:
        return "host cc1" if "-fcuda-is-device" not in words else "device cc1"
    return tool


def instructions_once(clang, cuda, source, plugin, full=False, extra=()):
    """User-space instructions of the compile and of each of its jobs, summed
    over the callgrind files of the driver and every process it runs."""
    cmd = compile_command(clang, cuda, source, plugin, full, extra)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.%p")
        subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                        "--callgrind-out-file=" + out] + cmd,
                       check=True, stderr=subprocess.DEVNULL)
        jobs = {}
        for path in glob.glob(os.path.join(tmp, "callgrind.*")):
            name, count = "?", None
            with open(path) as f:
                for line in f:
                    if line.startswith("cmd:"):
                        name = job_name(line[4:])
                    m = re.match(r"(summary|totals): (\d+)", line)
                    if m:
                        count = int(m.group(2))
            if count is None:
                raise RuntimeError(path + ": no summary line")
            jobs[name] = jobs.get(name, 0) + count
    return sum(jobs.values()), jobs


def measure_instructions(clang, cuda, source, plugin, full=False, extra=()):
    base, base_jobs = instructions_once(clang, cuda, source, None, full)
    with_plugin, jobs = instructions_once(clang, cuda, source, plugin, full, extra)
    for name in sorted(set(base_jobs) | set(jobs)):
        b, w = base_jobs.get(name, 0), jobs.get(name, 0)
        print("  %-14s without %14d  with %14d  +%.4f%% of the whole compile"
              % (name, b, w, 100.0 * (w - b) / base))
    return base, with_plugin


def measure(clang, cuda, source, plugin, repeat, full=False, extra=(),
            pairs=None):
    base, with_plugin = [], []
    for _ in range(repeat):  # interleaved, so drift hits both equally
        base.append(compile_once(clang, cuda, source, None, full))
        with_plugin.append(compile_once(clang, cuda, source, plugin, full, extra))
    if pairs is not None:  # each pair's ratio: the spread the medians hide
        pairs.extend(w / b for b, w in zip(base, with_plugin))
    return statistics.median(base), statistics.median(with_plugin)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("build", nargs="?", default="build")
    p.add_argument("--kernels", type=int, default=300)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--only", choices=["full", "device"])
    p.add_argument("--no-ptxas", action="store_true",
                   help="the full compile also with -mllvm -gpa-ptxas=false")
    p.add_argument("--metric", choices=["cpu", "instructions"], default="cpu",
                   help="CPU time of interleaved pairs (default), or "
                   "user-space instructions counted by callgrind (one pair)")
    a = p.parse_args()
    if a.metric == "instructions" and not shutil.which("valgrind"):
        p.error("--metric instructions needs valgrind on PATH")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    plugin = os.path.abspath(os.path.join(a.build, "passes", "GpuPowerAdvisor.so"))
    clang = os.environ.get("GPA_CLANG", "/usr/lib/llvm-22/bin/clang++")
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
    if a.only != "device":
        tu = os.path.join(root, "bench", "kernels", "thrust_cub_sort.cu")
        runs = [("", ())]
        if a.no_ptxas:
            runs.append((", -gpa-ptxas=false", ("-mllvm", "-gpa-ptxas=false")))
        for label, extra in runs:
            if a.metric == "instructions":
                b, w = measure_instructions(clang, cuda, tu, plugin, True, extra)
                print("%-32s without %d  with %d  ratio %.4f (instructions, "
                      "callgrind; target <= 1.02)"
                      % ("thrust/cub full compile" + label, b, w, w / b))
                continue
            pairs = []
            b, w = measure(clang, cuda, tu, plugin, a.repeat, True, extra, pairs)
            print("%-32s without %.3f s  with %.3f s  ratio %.3f (CPU time; target <= 1.02)"
                  % ("thrust/cub full compile" + label, b, w, w / b))
            print("%-32s pairs %s; load average %.1f"
                  % ("", " ".join("%.3f" % r for r in pairs), os.getloadavg()[0]))
        if a.only == "full":
            return
    with tempfile.TemporaryDirectory() as tmp:
        big = os.path.join(tmp, "many_kernels.cu")
        generate(big, a.kernels)
        sources = sorted(glob.glob(os.path.join(root, "examples", "cuda", "*.cu"))) + [big]
        total_base = total_plugin = 0.0
        for src in sources:
            if a.metric == "instructions":
                b, w = measure_instructions(clang, cuda, src, plugin)
            else:
                b, w = measure(clang, cuda, src, plugin, a.repeat)
            total_base += b
            total_plugin += w
            name = os.path.basename(src)
            if src == big:
                name = "generated TU, %d kernels" % a.kernels
            fmt = "%d" if a.metric == "instructions" else "%.3f s"
            print(("%-32s without " + fmt + "  with " + fmt + "  ratio %.4f")
                  % (name, b, w, w / b))
        print("all device-only sources: ratio %.4f (%s; target <= 1.03)"
              % (total_plugin / total_base,
                 "instructions" if a.metric == "instructions" else "CPU time"))


if __name__ == "__main__":
    main()
