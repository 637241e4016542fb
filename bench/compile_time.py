#!/usr/bin/env python3
"""Compile-time overhead of the plugin (a benchmark, not a test).

Compiles the bundled CUDA examples and a generated translation unit with
hundreds of kernels, device-only at -O2 for sm_80, with and without
-fpass-plugin=GpuPowerAdvisor.so (remarks off, as in a normal build), and
prints the median wall times and their ratio. Target: ratio <= 1.03.

usage: bench/compile_time.py [BUILD_DIR] [--kernels N] [--repeat R]
"""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile
import time

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


def compile_once(clang, cuda, source, plugin):
    cmd = [clang, "-x", "cuda", "--cuda-path=" + cuda, "--cuda-gpu-arch=sm_80",
           "-Wno-unknown-cuda-version", "--cuda-device-only", "-O2", "-c",
           "-o", os.devnull, source]
    if plugin:
        cmd.append("-fpass-plugin=" + plugin)
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - start


def measure(clang, cuda, source, plugin, repeat):
    base, with_plugin = [], []
    for _ in range(repeat):  # interleaved, so drift hits both equally
        base.append(compile_once(clang, cuda, source, None))
        with_plugin.append(compile_once(clang, cuda, source, plugin))
    return statistics.median(base), statistics.median(with_plugin)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("build", nargs="?", default="build")
    p.add_argument("--kernels", type=int, default=300)
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    plugin = os.path.abspath(os.path.join(a.build, "passes", "GpuPowerAdvisor.so"))
    clang = os.environ.get("GPA_CLANG", "/usr/lib/llvm-22/bin/clang++")
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
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
        print("all sources: ratio %.3f (target <= 1.03)" % (total_plugin / total_base))


if __name__ == "__main__":
    main()
