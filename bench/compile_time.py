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

usage: bench/compile_time.py [BUILD_DIR] [--kernels N] [--repeat R]
                             [--only full|device] [--no-ptxas]
"""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile
import resource

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


def compile_once(clang, cuda, source, plugin, full=False, extra=()):
    cmd = [clang, "-x", "cuda", "--cuda-path=" + cuda, "--cuda-gpu-arch=sm_80",
           "-Wno-unknown-cuda-version", "-O2", "-c", "-o", os.devnull, source]
    if full:
        cmd.insert(1, "-I" + os.path.join(cuda, "include", "cccl"))
    else:
        cmd.insert(1, "--cuda-device-only")
    if plugin:
        cmd.append("-fpass-plugin=" + plugin)
        cmd.extend(extra)
    start = children_cpu_s()
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    return children_cpu_s() - start


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
    a = p.parse_args()
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
            b, w = measure(clang, cuda, src, plugin, a.repeat)
            total_base += b
            total_plugin += w
            name = os.path.basename(src)
            if src == big:
                name = "generated TU, %d kernels" % a.kernels
            print("%-32s without %.3f s  with %.3f s  ratio %.3f" % (name, b, w, w / b))
        print("all device-only sources: ratio %.3f (CPU time; target <= 1.03)"
              % (total_plugin / total_base))


if __name__ == "__main__":
    main()
