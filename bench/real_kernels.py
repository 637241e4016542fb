"""The PolyBench-GPU and Rodinia sources the benchmarks compile, relative to
a checkout of each suite (neither is part of this repository).

PolyBench/GPU 1.0 (github.com/sgrauerg/polybenchGpu; Copyright (c) 2012,
2013 University of Delaware, see its README) and Rodinia 3.1
(github.com/yuhc/gpu-rodinia; BSD-style licence, Copyright (c) 2008-2011
University of Virginia, see its LICENSE). Each listed file holds the
suite's kernels (its host code is compiled too, device side only); DOITGEN
(needs `rtclock` from an OpenMP header), Rodinia gaussian (uses fields CUDA
13 removed) and kmeans (needs omp.h) do not compile with clang 22 + CUDA 13
and are left out.
"""
import argparse
import glob
import os
import subprocess

POLYBENCH = [
    "CUDA/2DCONV/2DConvolution.cu", "CUDA/2MM/2mm.cu",
    "CUDA/3DCONV/3DConvolution.cu", "CUDA/3MM/3mm.cu", "CUDA/ADI/adi.cu",
    "CUDA/ATAX/atax.cu", "CUDA/BICG/bicg.cu", "CUDA/CORR/correlation.cu",
    "CUDA/COVAR/covariance.cu", "CUDA/FDTD-2D/fdtd2d.cu", "CUDA/GEMM/gemm.cu",
    "CUDA/GEMVER/gemver.cu", "CUDA/GESUMMV/gesummv.cu",
    "CUDA/GRAMSCHM/gramschmidt.cu", "CUDA/JACOBI1D/jacobi1D.cu",
    "CUDA/JACOBI2D/jacobi2D.cu", "CUDA/LU/lu.cu", "CUDA/MVT/mvt.cu",
    "CUDA/SYR2K/syr2k.cu", "CUDA/SYRK/syrk.cu",
]

RODINIA = [
    "cuda/backprop/backprop_cuda.cu", "cuda/bfs/bfs.cu",
    "cuda/hotspot/hotspot.cu", "cuda/lud/cuda/lud_kernel.cu",
    "cuda/nn/nn_cuda.cu", "cuda/nw/needle.cu",
    "cuda/pathfinder/pathfinder.cu", "cuda/srad/srad_v1/main.cu",
    "cuda/srad/srad_v2/srad.cu",
]

# Parboil (github.com/yuhc/gpu-parboil, the Parboil suite's CUDA versions;
# University of Illinois/NCSA licence, see its LICENSE): the sources that
# compile with clang 22 + CUDA 13 (bfs, sad and spmv use texture
# references, which CUDA 12 removed); they need the suite's
# common/include on the include path.
PARBOIL = [
    "benchmarks/cutcp/src/cuda/cutoff6overlap.cu",
    "benchmarks/lbm/src/cuda/lbm.cu", "benchmarks/mri-q/src/cuda/main.cu",
    "benchmarks/sgemm/src/cuda/main.cu",
    "benchmarks/stencil/src/cuda/kernels.cu",
    "benchmarks/tpacf/src/cuda/main.cu",
]

# CUDA 13 removed cudaThreadSynchronize, which both suites' host code calls.
EXTRA_FLAGS = ["-w", "-DcudaThreadSynchronize=cudaDeviceSynchronize"]


def sources(polybench=None, rodinia=None, parboil=None):
    """[(suite, path)] of the listed files found under the given roots."""
    out = []
    for suite, root, files in (("PolyBench-GPU", polybench, POLYBENCH),
                               ("Rodinia", rodinia, RODINIA),
                               ("Parboil", parboil, PARBOIL)):
        if not root:
            continue
        for rel in files:
            path = os.path.join(root, rel)
            if os.path.exists(path):
                out.append((suite, path))
    return out


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def device_flags(cuda):
    """clang 22 flags that compile a source's device side for sm_80."""
    return ["-x", "cuda", "--cuda-path=" + cuda, "--cuda-gpu-arch=sm_80",
            "-Wno-unknown-cuda-version", "-O2", "--cuda-device-only"]


def all_sources(polybench=None, rodinia=None):
    """[(suite, path)]: this repository's examples and bench kernels ("own"),
    then the real suites' files found under the given roots."""
    own = sorted(glob.glob(os.path.join(ROOT, "examples", "cuda", "*.cu")) +
                 glob.glob(os.path.join(ROOT, "bench", "kernels", "*.cu")))
    return [("own", p) for p in own] + sources(polybench, rodinia)


def suite_arguments():
    """The options every script over the suites takes: where gpa is built,
    the toolkit, clang, and the real suites' checkouts."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--polybench")
    ap.add_argument("--rodinia")
    return ap


def run(cmd, **kw):
    """Runs cmd, raising CalledProcessError on failure; output captured."""
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw)


def compile_device(clang, cuda, suite, src, base, ptx_suffix=".ptx"):
    """clang 22's IR (base.bc) and PTX (base + ptx_suffix) of src's device
    side; the real suites get EXTRA_FLAGS. Returns the two paths."""
    flags = device_flags(cuda) + (EXTRA_FLAGS if suite != "own" else [])
    bc, ptx = base + ".bc", base + ptx_suffix
    run([clang] + flags + ["-emit-llvm", "-c", src, "-o", bc])
    run([clang] + flags + ["-S", src, "-o", ptx])
    return bc, ptx
