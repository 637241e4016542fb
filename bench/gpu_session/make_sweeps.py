#!/usr/bin/env python3
"""Configuration sweeps of real code for the GPU session (issues 24 and 27):
writes the spec files `gpa-session --stages kernels` reads
(gpa-session-kernels/1 with "globals", README.md beside this) and the
compiled modules, one per configuration, for

  convolution_milo, dedispersion_milo, gemm, pnpoly  benchmark_hub corpora
      (bench/e2e_validation.py's CORPORA): each configuration's source
      prepared as Kernel Tuner prepares it (e2e_validation.prepared_source),
      launched with Kernel Tuner's grid and block (e2e_validation.launch_of);
      the configurations are e2e_validation's own sample (same sampler and
      seed) on the corpus's first board: the first 20 are exactly the ones
      `e2e_validation.py --sample 20` validates there (a larger draw starts
      with the smaller one);
  ccglib          ccglib's wmma_complex_gemm_opt (complex FP16 tensor-core
      GEMM, 4096^3) prepared as bench/power_validation.py prepares it, the
      first configurations of its seed-1 draw from the powersensor3 set;
  ccglib_zero     the first four of them again with zero operands, as the set's
      tune_gemm.py allocates them (a labelled side measurement: how much
      operand data moves board power).

Modules are sm_90 cubins (`nvcc -ptx -arch=sm_90`, then `ptxas
-arch=sm_90`), so the H100 (or H200) loads them without JIT. Buffers are sized as the
corpus's tuning script allocates them; inputs random (numpy.random.randn in
the scripts: normal fills), write-only outputs zero (the first launch
overwrites them). Small host-computed arrays (dedispersion's channel shifts,
the convolution filter, pnpoly's polygon) are files beside the spec.

  python3 bench/gpu_session/make_sweeps.py [--out build/gpu-session-sweeps]
      [--per-corpus 28] [--ccglib DIR] [--ccglib-configs 24]
      [--ccglib-zero 4] [--jobs 2]
      [--sets a,b,...]

Writes OUT/sweeps/<set>.json, OUT/sweeps/<set>/NNN.cubin, OUT/sweeps/data/
and OUT/sweeps/order.txt (the sets in run order, most valuable first); the
prepared sources and PTX go to OUT/src/ (not needed on the GPU machine).
Needs CUDA 13's nvcc and ptxas. Each module is checked: the kernel is an
entry of its PTX whose parameter types match the spec's arguments, and
every global the spec fills is a module variable at least that large.
"""
import argparse
import concurrent.futures
import json
import math
import os
import random
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import e2e_validation as e2e  # noqa: E402
import power_validation as pv  # noqa: E402

SEED = 1
# Run order: the sets with most value first (a run cut short keeps them).
ORDER = ["convolution_milo", "ccglib", "dedispersion_milo", "gemm", "pnpoly",
         "ccglib_zero"]
HUB = ["convolution_milo", "dedispersion_milo", "gemm", "pnpoly"]
F32 = 4


def hub_sample(corpus, n):
    """e2e_validation's draw on the corpus's first board: (board, [params])."""
    spec = e2e.CORPORA[corpus]
    board = spec["boards"][0]
    _, configs = e2e.read_configs(corpus, board)
    if spec.get("keep"):
        configs = [c for c in configs if spec["keep"](c[0])]
    if n < len(configs):
        configs = random.Random("%d/%s/%s" % (SEED, corpus, board)).sample(
            configs, n)
    return board, [p for p, _ in configs]


def pack_f32(values):
    return struct.pack("<%df" % len(values), *values)


def data_files(data_dir):
    """Small arrays a tuning script computes on the host, as files."""
    os.makedirs(data_dir, exist_ok=True)
    rng = random.Random(20261127)
    # convolution_milo.py: filter_weights = randn(15 * 15) (also cmem d_filter)
    with open(os.path.join(data_dir, "conv_filter.bin"), "wb") as f:
        f.write(pack_f32([rng.gauss(0, 1) for _ in range(15 * 15)]))
    # dedispersion_milo.py get_shifts(): per-channel delays in samples.
    nr_channels, nr_samples, bw = 1536, 25000, 0.1953125
    sampling_time, min_freq = 0.00004096, 1425.0
    max_freq = min_freq + (nr_channels - 1) * bw
    inv_high = 1 / max_freq ** 2
    time_unit = nr_samples * sampling_time
    shifts = []
    for c in range(nr_channels):
        f32 = struct.unpack("<f", struct.pack("<f", 1.0 / (min_freq + c * bw) ** 2))[0]
        shifts.append(4148.808 * (f32 - inv_high) * nr_samples / time_unit)
    shifts[-1] = 0
    with open(os.path.join(data_dir, "dedisp_shifts.bin"), "wb") as f:
        f.write(pack_f32(shifts))
    # pnpoly (Kernel Tuner's examples/cuda/pnpoly.py, assumed: the hub's
    # script passes no arguments): 600 vertices on the unit circle at sorted
    # random angles, descending; slopes (vk.x-vj.x)/(vk.y-vj.y), k = j-1.
    angles = sorted((rng.random() * 2 * math.pi for _ in range(600)),
                    reverse=True)
    xy = [(math.cos(a), math.sin(a)) for a in angles]
    with open(os.path.join(data_dir, "pnpoly_vertices.bin"), "wb") as f:
        f.write(pack_f32([v for p in xy for v in p]))
    slopes = []
    for j in range(600):
        (xj, yj), (xk, yk) = xy[j], xy[j - 1]
        slopes.append((xk - xj) / (yk - yj) if yk != yj else 0.0)
    with open(os.path.join(data_dir, "pnpoly_slopes.bin"), "wb") as f:
        f.write(pack_f32(slopes))


def buf(name, nbytes, fill):
    return {"buffer": name, "bytes": int(nbytes), "fill": fill}


def hub_entry(corpus, params):
    """(args, globals, problem) of one corpus launch, as its script makes it."""
    if corpus == "convolution_milo":
        w = h = 4096
        fw = fh = 15
        args = [buf("output", w * h * F32, "zero"),
                buf("input", (w + fw - 1) * (h + fh - 1) * F32, "normal_f32"),
                buf("filter", fw * fh * F32, "file:data/conv_filter.bin")]
        glob = [{"symbol": "d_filter", "bytes": fw * fh * F32,
                 "fill": "file:data/conv_filter.bin"}]
        return args, glob, "4096x4096 image, 15x15 filter (convolution_milo.py)"
    if corpus == "dedispersion_milo":
        nr_dms, nr_samples, nr_channels, max_shift = 2048, 25000, 1536, 650
        args = [buf("input", (nr_samples + max_shift) * nr_channels,
                    "uniform_u8"),
                buf("output", nr_dms * nr_samples * F32, "zero"),
                buf("shifts", nr_channels * F32, "file:data/dedisp_shifts.bin")]
        return args, [], ("25000 samples x 2048 DMs x 1536 channels "
                          "(dedispersion_milo.py)")
    if corpus == "gemm":
        n = 4096
        args = [{"i32": n}, {"i32": n}, {"i32": n}, {"f32": 1.0},
                {"f32": 1.0}, buf("A", n * n * F32, "normal_f32"),
                buf("B", n * n * F32, "normal_f32"),
                # beta = 1: C is read; the script's zeros made random.
                buf("C", n * n * F32, "normal_f32")]
        return args, [], "M=N=K=4096, alpha=beta=1 (gemm.py)"
    if corpus == "pnpoly":
        n = 20000000
        args = [buf("bitmap", n * 4, "zero"),
                buf("points", n * 8, "normal_f32"), {"i32": n}]
        glob = [{"symbol": "d_vertices", "bytes": 600 * 8,
                 "fill": "file:data/pnpoly_vertices.bin"},
                {"symbol": "d_slopes", "bytes": 600 * F32,
                 "fill": "file:data/pnpoly_slopes.bin"}]
        return args, glob, ("2e7 points randn, 600-vertex polygon on the unit "
                            "circle (assumed, Kernel Tuner's pnpoly example)")
    raise ValueError(corpus)


def ccglib_entry(params, zero):
    m, n, k = pv.PROBLEM
    ab = "zero" if zero else "normal_f16"
    args = [buf("C", 2 * m * n * F32, "zero"),
            buf("A", 2 * m * k * 2, ab), buf("B", 2 * n * k * 2, ab)]
    return args, [], ("complex FP16 GEMM 1x4096x4096x4096 (tune_gemm.py); "
                      "operands " + ("zero, as tune_gemm.py allocates them"
                                     if zero else "randn (changed from "
                                     "tune_gemm.py's zeros)"))


def write_if_changed(path, text):
    """Keeps the file's time when its text is the same (no recompile)."""
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, "w") as f:
        f.write(text)


def compile_one(job):
    """nvcc -ptx, then ptxas for sm_90; returns entry_of(the PTX)."""
    src, cubin, flags, kernel, cuda = job
    ptx_file = src[:-len(".cu")] + ".ptx"
    fresh = (os.path.exists(cubin) and os.path.exists(ptx_file) and
             os.path.getmtime(cubin) >= os.path.getmtime(src))
    if not fresh:
        compile_ptx_cubin(src, ptx_file, cubin, flags, cuda)
    with open(ptx_file) as f:
        ptx = f.read()
    return entry_of(ptx, kernel, cubin)


def compile_ptx_cubin(src, ptx_file, cubin, flags, cuda):
    subprocess.run([os.path.join(cuda, "bin", "nvcc"), "-ptx", "-arch=sm_90",
                    "-w"] + flags + [src, "-o", ptx_file], check=True,
                   capture_output=True, text=True)
    subprocess.run([os.path.join(cuda, "bin", "ptxas"), "-arch=sm_90",
                    ptx_file, "-o", cubin], check=True, capture_output=True,
                   text=True)


PTX_TYPE = {"buffer": ".u64", "u64": ".u64", "i32": ".u32", "f32": ".f32",
            "f64": ".f64"}


def entry_of(ptx, kernel, cubin):
    """(mangled name, [.param types], {module variable: bytes})."""
    found = None
    for m in re.finditer(r"\.entry\s+([A-Za-z0-9_$]+)\s*\(([^)]*)\)", ptx):
        name = m.group(1)
        if name == kernel or name.startswith("_Z%d%s" % (len(kernel),
                                                             kernel)):
            found = (name, re.findall(r"\.param\s+(\.[a-z0-9]+)",
                                      m.group(2)))
            break
    if not found:
        raise RuntimeError("%s: no entry %s" % (cubin, kernel))
    variables = {v: int(n) for v, n in re.findall(
        r"^\.(?:const|global)\s+(?:\.align\s+\d+\s+)?\.b8\s+"
        r"([A-Za-z0-9_$]+)\[(\d+)\]", ptx, re.M)}
    return found[0], found[1], variables


def check_entry(e, types, variables):
    """Why the spec entry does not fit its module's PTX, or None."""
    want = [PTX_TYPE[next(k for k in PTX_TYPE if k in arg)]
            for arg in e["args"]]
    got = [".u32" if t == ".s32" else t for t in types]
    if want != got:
        return "parameters %s, arguments %s" % (" ".join(got),
                                                " ".join(want))
    for g in e.get("globals", []):
        if variables.get(g["symbol"], 0) < g["bytes"]:
            return "global %s: %s bytes in the module, %d filled" % (
                g["symbol"], variables.get(g["symbol"], "no"), g["bytes"])
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build",
                                                  "gpu-session-sweeps"))
    ap.add_argument("--per-corpus", type=int, default=28)
    ap.add_argument("--ccglib", default="/work/data/ccglib-2024-11",
                    help="ccglib checkout at 4555a75 (kernels/, include/)")
    ap.add_argument("--ps3-cache", default="/work/data/powersensor3-results/"
                    "GPU-tuning/AD4000_wmma_complex_gemm_opt_16bit_"
                    "1x4096x4096x4096.json")
    ap.add_argument("--ccglib-configs", type=int, default=24)
    ap.add_argument("--ccglib-zero", type=int, default=4)
    ap.add_argument("--sets", default=",".join(ORDER))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cuda", default=os.environ.get("CUDA_PATH",
                                                     "/usr/local/cuda"))
    a = ap.parse_args()
    sets = [s for s in ORDER if s in a.sets.split(",")]
    root = os.path.join(a.out, "sweeps")
    data_files(os.path.join(root, "data"))
    jobs, entries = [], {}
    for corpus in [s for s in sets if s in HUB]:
        spec = e2e.CORPORA[corpus]
        board, sample = hub_sample(corpus, a.per_corpus)
        for d in (root, os.path.join(a.out, "src")):
            os.makedirs(os.path.join(d, corpus), exist_ok=True)
        entries[corpus] = []
        for i, params in enumerate(sample):
            grid, block = e2e.launch_of(spec, params)
            src = os.path.join(a.out, "src", corpus, "%03d.cu" % i)
            write_if_changed(src, e2e.prepared_source(spec, params, grid,
                                                      block))
            args, glob, problem = hub_entry(corpus, params)
            e = {"id": "%s/%03d" % (corpus, i), "corpus": corpus,
                 "params": params, "paired_board": board,
                 "source": "benchmark_hub@8eeb99e " + spec["script"],
                 "module": "%s/%03d.cubin" % (corpus, i),
                 "kernel": spec["kernel"], "grid": list(grid),
                 "block": list(block), "shared_bytes": 0,
                 "problem": problem, "args": args}
            if glob:
                e["globals"] = glob
            entries[corpus].append(e)
            jobs.append((corpus, i, (src, os.path.join(root, e["module"]),
                                     ["-I", e2e.KERNELS], spec["kernel"],
                                     a.cuda)))
    ccg = [s for s in sets if s.startswith("ccglib")]
    if ccg:
        with open(os.path.join(a.ccglib, "kernels",
                               "gemm_kernel_float.cu")) as f:
            text = f.read()
        _, keys, configs, _ = pv.read_cache(a.ps3_cache)
        draw = random.Random(SEED).sample(sorted(configs), a.ccglib_configs)
        flags = pv.compile_flags(a)
        for s in ccg:
            zero = s == "ccglib_zero"
            # The zero-operand runs load ccglib's own modules.
            chosen = draw[:a.ccglib_zero] if zero else draw
            if not zero:
                for d in (root, os.path.join(a.out, "src")):
                    os.makedirs(os.path.join(d, s), exist_ok=True)
            entries[s] = []
            for i, cfg in enumerate(chosen):
                p = dict(zip(keys, cfg))
                grid, block = pv.launch_of(p)
                args, glob, problem = ccglib_entry(p, zero)
                e = {"id": "%s/%03d" % (s, i), "corpus": s, "params": p,
                     "paired_board": "rtx-4000-ada",
                     "source": "ccglib@4555a75 kernels/gemm_kernel_float.cu "
                               "(powersensor3-results@8a7568e tune_gemm.py)",
                     "module": "ccglib/%03d.cubin" % i,
                     "kernel": pv.KERNEL, "grid": list(grid),
                     "block": list(block), "shared_bytes": 0,
                     "problem": problem, "args": args}
                entries[s].append(e)
                if zero:
                    continue
                src = os.path.join(a.out, "src", s, "%03d.cu" % i)
                write_if_changed(src, pv.prepared_source(text, p))
                jobs.append((s, i, (src, os.path.join(root, e["module"]),
                                    flags, pv.KERNEL, a.cuda)))
    failed = []
    jobs.sort(key=lambda j: (ORDER.index(j[0]), j[1]))  # most valuable first
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futures = {pool.submit(compile_one, j[2]): j for j in jobs}
        for fut in concurrent.futures.as_completed(futures):
            s, i, job = futures[fut]
            e = entries[s][i]
            try:
                name, types, variables = fut.result()
            except (subprocess.CalledProcessError, RuntimeError) as ex:
                why = getattr(ex, "stderr", "") or str(ex)
                failed.append((e["id"], why.strip().splitlines()[-1:]))
                e["failed"] = True
                continue
            e["kernel"] = name
            why = check_entry(e, types, variables)
            if why:
                failed.append((e["id"], why))
                e["failed"] = True
    for s in sets:
        ok = [e for e in entries[s] if not e.pop("failed", False)]
        with open(os.path.join(root, s + ".json"), "w") as f:
            json.dump({"schema": "gpa-session-kernels/1", "set": s,
                       "kernels": ok}, f, indent=1)
        with open(os.path.join(root, s + ".ids"), "w") as f:
            f.write("".join(e["id"] + "\n" for e in ok))
        print("make_sweeps: %-18s %d configurations" % (s, len(ok)))
    with open(os.path.join(root, "order.txt"), "w") as f:
        f.write("\n".join(sets) + "\n")
    for id_, why in failed:
        print("make_sweeps: FAILED %s: %s" % (id_, why), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
