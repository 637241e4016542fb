#!/usr/bin/env python3
"""End-to-end validation through the front door (issue 24, item 1): real
kernel source with published measurements, compiled and predicted as a user
does, with the measured launch and problem size given as facts.

For every sampled configuration of a corpus (a Kernel Tuner cache from
AutoTuningAssociation/benchmark_hub, trimmed in bench/data/benchmark_hub/)
the kernel source is prepared as Kernel Tuner prepares it (one `#define`
per tunable, the grid and block, `kernel_tuner`, then `#line 1`) and run
through two routes:

  clang  clang 22 with the plugin (`-fpass-plugin=GpuPowerAdvisor.so`,
         `-gpa-gpu`, `-gpa-launch-file`, `-gpa-report`), device side only;
  ptx    nvcc -ptx, then `gpa analyze --gpu B --launch-file F X.ptx`
         (`--ptx-compiler clang`: clang 22's own PTX of the same file, so
         the `c/p` lines compare the two front-ends on one compiler's code).

The launch file (gpa-launch/1) gives the launch Kernel Tuner made (block,
grid) and the problem size where the kernel takes it as an argument.
Nothing else is given: no trip counts, registers or branch weights.

Per corpus, board and route it prints: the geometric mean of predicted /
measured time; the share of configurations within 1.25x, 1.5x and 2x;
Spearman's rho over the sampled configurations (one kernel's configuration
space); the regret of the predicted-best configuration (its measured time
over the sample's measured best, minus one) and the rank of the measured
best in the predicted order (how many configurations a user must measure,
best predicted first, to include it); and, where the corpus publishes an
operation count, the predicted FMA-equivalent FP32 operations over it.
The measurements are used only here, never to set a model parameter.

With both routes it also compares them on each configuration (`c/p`
lines): the clang route's predicted time over the PTX route's, the share
within 10%, and the three furthest apart with the unit whose per-thread
count differs most, each route's registers and binding wave term.
`--decompose N` prints the model's intermediate quantities (registers,
warps per SM and their limit, HK09's case, MWP, CWP, Comp/Mem cycles, every
wave term and the one that binds, counts, bank conflicts, load rounds) for
the first N configurations of each set; the CSV carries them for all.
`--staging-trips` is a labelled what-if, not a validation figure: the
convolutions' staging loops are given their trip counts from the source.

  python3 bench/e2e_validation.py [--corpus NAME ...] [--board B ...]
      [--sample N] [--seed S] [--routes clang,ptx] [--ptx-compiler nvcc|clang]
      [--csv FILE] [--data DIR]
      [--build build] [--keep DIR] [--decompose N] [--staging-trips]

A benchmark, not a test: it prints ratios and takes minutes (one compile at
a time; about 1-3 s per configuration and route).
"""
import argparse
import csv
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "data", "benchmark_hub")
KERNELS = os.path.join(DATA, "kernels")

# Each corpus as its tuning script in benchmark_hub launches it (commit
# 8eeb99e; the script named in `script`).
CORPORA = {
    "convolution_milo": {
        "script": "kernels/convolution_milo.py",
        "sources": ["convolution_milo.cu"],
        "kernel": "convolution_kernel",
        "problem": (4096, 4096, 1),
        "grid_div": (["block_size_x", "tile_size_x"],
                     ["block_size_y", "tile_size_y"], None),
        # ops() in the script: 2 w h fw fh.
        "flops": lambda p: 2.0 * 4096 * 4096 * 15 * 15,
        # The hub's source has no use_shmem switch (its caches were
        # measured with a kernel that had one): only use_shmem=1 rows are
        # the code in the snapshot.
        "keep": lambda p: p["use_shmem"] == 1,
        # The staging loops' source lines (what-if --staging-trips).
        "staging_lines": (83, 85),
        "boards": ["a100", "rtx-a4000", "rtx-a6000"],
    },
    "dedispersion_milo": {
        "script": "kernels/dedisp_milo/dedispersion_milo.py",
        "sources": ["dedispersion.cu"],
        "kernel": "dedispersion_kernel",
        "problem": (25000, 2048, 1),
        "grid_div": (None, None, None),
        "boards": ["a100", "rtx-a4000", "rtx-a6000"],
    },
    "convolution": {
        "script": "currently_unused/kernels/convolution.py",
        "sources": ["convolution.cu"],
        "kernel": "convolution_kernel",
        "problem": (4096, 4096, 1),
        "grid_div": (["block_size_x", "tile_size_x"],
                     ["block_size_y", "tile_size_y"], None),
        "flops": lambda p: 2.0 * 4096 * 4096 * 15 * 15,
        "staging_lines": (84, 86),
        "boards": ["rtx3090"],
    },
    "gemm": {
        # OpenCL (CLBlast's Xgemm) read as CUDA through CLTune's
        # cl_to_cuda.h, as the issue asks; measured through OpenCL.
        "script": "currently_unused/kernels/gemm.py",
        "sources": ["cl_to_cuda.h", "common.opencl", "xgemm_part1.opencl",
                    "xgemm_part2.opencl", "xgemm_part3.opencl"],
        "prepend_first": True,  # cl_to_cuda.h before Kernel Tuner's defines
        "kernel": "Xgemm",
        "problem": (4096, 4096, 1),
        "grid_div": (["MWG"], ["NWG"], None),
        "block_names": ("MDIMC", "NDIMC", "block_size_z"),
        "arguments": {"0": 4096, "1": 4096, "2": 4096},
        # The K loop runs kSizeK / KWG times; kSizeK is program input.
        "trip_count": lambda p: 4096 // p["KWG"],
        # clang rejects OpenCL's reqd_work_group_size on a CUDA kernel
        # (nvcc ignores it): the attribute is emptied for the clang route.
        "clang_flags": ["-Dreqd_work_group_size(x,y,z)="],
        # total_gflops in the script: 2 m n k + 2 m k.
        "flops": lambda p: 2.0 * 4096 ** 3 + 2.0 * 4096 * 4096,
        "boards": ["rtx3090"],
    },
    "pnpoly": {
        "script": "currently_unused/kernels/pnpoly.py",
        "sources": ["pnpoly.cu"],
        "kernel": "cn_pnpoly",
        "problem": (20000000, 1, 1),
        "grid_div": (["block_size_x", "tile_size"], None, None),
        "arguments": {"2": 20000000},
        "caveat": "the tuning script uses lang=\"C\" (host code around the "
                  "kernel): the measured time may include host work",
        "boards": ["rtx3090"],
    },
}
DEFAULT_CORPORA = ["convolution_milo", "dedispersion_milo", "convolution",
                   "gemm", "pnpoly"]
# Boards measured in the hub without a model in models/gpus/ (skipped).
UNMODELLED = ["RTX 2080 Ti", "Titan RTX", "RTX 3060 laptop",
              "AMD boards (MI50, MI250X, W6600, W7700, W7800)"]
# The hub's hotspot_milo and gemm_milo caches are absent from the snapshot
# (blobs missing at 8eeb99e), so those corpora cannot be validated here.
MISSING = ["hotspot_milo (all boards)", "gemm_milo (A100, A4000, A6000)"]


# The data files' board names and the model each measured board has.
MODEL_OF = {"a100": "a100-pcie-40gb"}  # the hub's A100 is the PCIe 40 GB


def model_of(board):
    return MODEL_OF.get(board, board)


def gpu_arch(board):
    with open(os.path.join(ROOT, "models", "gpus", model_of(board) +
                           ".json")) as f:
        return "sm_%d" % json.load(f)["sm_version"]


def data_path(corpus, board, data=None):
    return os.path.join(data or DATA, "%s_%s.csv" % (corpus, board))


def boards_of(corpus, wanted, data=None):
    """The corpus's published boards, and any board asked for by --board
    whose measurements exist (our own, e.g. h100 from the GPU session's
    sweeps, bench/gpu_session/sweep_analysis.py)."""
    boards = list(CORPORA[corpus]["boards"])
    for b in wanted or []:
        if b not in boards and os.path.exists(data_path(corpus, b, data)):
            boards.append(b)
    return boards


def read_configs(corpus, board, data=None):
    path = data_path(corpus, board, data)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    keys = [k for k in rows[0] if k != "time_ms"]
    out = []
    for r in rows:
        params = {k: int(r[k]) for k in keys}
        out.append((params, float(r["time_ms"]) * 1e-3))
    return keys, out


def launch_of(spec, params):
    """Kernel Tuner's (grid, threads) for one configuration."""
    names = spec.get("block_names",
                     ("block_size_x", "block_size_y", "block_size_z"))
    threads = tuple(int(params.get(n, 1)) for n in names)
    grid = []
    for dim, (size, div) in enumerate(zip(spec["problem"], spec["grid_div"])):
        div = div if div is not None else [names[dim]]
        d = 1
        for name in div:
            d *= int(params.get(name, 1))
        grid.append(int(math.ceil(size / float(d))))
    return tuple(grid), threads


def prepared_source(spec, params, grid, threads):
    """The source Kernel Tuner compiles (util.prepare_kernel_string)."""
    names = spec.get("block_names",
                     ("block_size_x", "block_size_y", "block_size_z"))
    defines = {}
    for n, g in zip(("grid_size_x", "grid_size_y", "grid_size_z"), grid):
        defines[n] = g
    for n, t in zip(names, threads):
        defines[n] = t
    defines.update(params)
    defines["kernel_tuner"] = 1
    texts = []
    for name in spec["sources"]:
        with open(os.path.join(KERNELS, name)) as f:
            texts.append(f.read())
    head = ""
    if spec.get("prepend_first"):
        head, texts = texts[0] + "\n", texts[1:]
    body = "".join(texts)
    prefix = ""
    for k, v in defines.items():
        if "loop_unroll_factor" in k:
            if int(v) == 0:
                body = re.sub(r"\n\s*#pragma\s+unroll\s+" + k, "\n", body)
            else:
                prefix += "constexpr int %s = %s;\n" % (k, v)
        else:
            prefix += "#define %s %s\n" % (k, v)
    return head + prefix + "#line 1\n" + body


def block_stride_trips(bound, stride):
    """Iterations of `for (i = t; i < bound; i += stride)`, averaged over
    t = 0 .. stride-1 (the block's threads along that axis), rounded to a
    whole count (the launch file takes integers)."""
    trips = [max(0, -(-(bound - t) // stride)) for t in range(stride)]
    return max(1, int(round(sum(trips) / float(stride))))


def staging_trips(spec, params):
    """What-if (--staging-trips): the convolutions' staging loops' trip
    counts from the source's bounds and the launch, not measured. Rows:
    i = ty .. i_end step block_size_y; columns: j = tx .. j_end step
    block_size_x (i_end, j_end: the tile plus the filter's border)."""
    fh, fw = params.get("filter_height", 17), params.get("filter_width", 17)
    i_end = min(params["block_size_y"] * params["tile_size_y"] +
                (fh // 2) * 2, 4096 + (fh // 2) * 2)
    j_end = min(params["block_size_x"] * params["tile_size_x"] +
                (fw // 2) * 2, 4096 + (fw // 2) * 2)
    rows_line, cols_line = spec["staging_lines"]
    return [{"line": rows_line,
             "trip_count": block_stride_trips(i_end, params["block_size_y"]),
             "description": "what-if: staging rows from the source"},
            {"line": cols_line,
             "trip_count": block_stride_trips(j_end, params["block_size_x"]),
             "description": "what-if: staging columns from the source"}]


def launch_file(spec, params, grid, threads, what_if=False):
    fact = {"block": list(threads), "grid": list(grid),
            "description": "Kernel Tuner's launch in the corpus's script"}
    if what_if and spec.get("staging_lines"):
        fact["loops"] = staging_trips(spec, params)
    if spec.get("arguments"):
        fact["arguments"] = spec["arguments"]
    if spec.get("trip_count"):
        fact["trip_count"] = spec["trip_count"](params)
    # A C++ kernel's demangled name carries its parameters; extern "C" ones
    # match the bare name.
    return {"schema": "gpa-launch/1",
            "kernels": [dict(fact, kernel=spec["kernel"]),
                        dict(fact, kernel=spec["kernel"] + "(*")]}


def find_kernel(report, name):
    for k in report.get("kernels", []):
        dem = k.get("demangled") or ""
        if k.get("name") == name or dem == name or dem.startswith(name + "("):
            return k
    return None


def run(cmd, timeout=300):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        lines = (r.stderr or r.stdout).strip().splitlines()
        errs = [l for l in lines if "error" in l] or lines or ["status %d" %
                                                              r.returncode]
        raise RuntimeError(errs[0][:300])
    return r


def predict_clang(a, spec, src, launch, board, work):
    report = os.path.join(work, "clang-%s.json" % board)
    inc = ["-I", KERNELS]
    r = run([a.clang, "-x", "cuda", "--cuda-path=" + a.cuda,
         "--cuda-gpu-arch=" + gpu_arch(board), "-Wno-unknown-cuda-version",
         "-O2", "--cuda-device-only", "-fpass-plugin=" + a.plugin] +
        (["-gline-tables-only"] if a.staging_trips else []) + [
         "-mllvm", "-gpa-gpu=" + model_of(board), "-mllvm", "-gpa-launch-file=" + launch,
         "-mllvm", "-gpa-report=" + report] + inc +
        spec.get("clang_flags", []) + ["-c", src, "-o", os.devnull])
    with open(report) as f:
        return json.load(f), r.stderr


def predict_ptx(a, spec, params, src, launch, board, work, ptx_cache):
    arch = gpu_arch(board)
    ptx = ptx_cache.get(arch)
    if ptx is None:
        ptx = os.path.join(work, "k-%s.ptx" % arch)
        if a.ptx_compiler == "clang":
            # clang's own PTX of the file the clang route analyses: the
            # two front-ends on one compiler's code (issue 26).
            run([a.clang, "-x", "cuda", "--cuda-path=" + a.cuda,
                 "--cuda-gpu-arch=" + arch, "-Wno-unknown-cuda-version",
                 "-O2", "--cuda-device-only", "-S", "-I", KERNELS] +
                (["-gline-tables-only"] if a.staging_trips else []) +
                spec.get("clang_flags", []) + [src, "-o", ptx])
        else:
            run([os.path.join(a.cuda, "bin", "nvcc"), "-ptx",
                 "-arch=" + arch, "-w", "-I", KERNELS, src, "-o", ptx] +
                (["-lineinfo"] if a.staging_trips else []))
        ptx_cache[arch] = ptx
    # The PTX route takes a trip count on the command line only.
    trips = (["--trip-count", str(spec["trip_count"](params))]
             if spec.get("trip_count") else [])
    r = run([a.gpa, "analyze", "--gpu", model_of(board), "--format", "json",
             "--launch-file", launch] + trips + [ptx])
    return json.loads(r.stdout), r.stderr


def quantities(k, spec, params):
    """(time s, energy J, FMA-equivalent FP32 ops / published FLOPs)."""
    t = k["timing"]["exec_time_s"]
    e = k["efficiency"]["energy_j"]
    flop_ratio = None
    if spec.get("flops"):
        threads = k["launch"]["threads_per_block"] * k["launch"]["blocks"]
        fp = k["counts_per_thread"].get("fp", 0)
        flop_ratio = 2.0 * fp * threads / spec["flops"](params)
    return t, e, flop_ratio


def ranks(values):
    """Average ranks (1-based), ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for m in range(i, j + 1):
            r[order[m]] = (i + j) / 2.0 + 1
        i = j + 1
    return r


def spearman(x, y):
    if len(x) < 3:
        return float("nan")
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = math.sqrt(sum((a - mx) ** 2 for a in rx) *
                    sum((b - my) ** 2 for b in ry))
    return num / den if den else float("nan")


def summarise(rows):
    """rows: [(pred s, meas s, flop_ratio)] of one corpus, board, route."""
    ok = [r for r in rows if r[0] is not None and r[0] > 0]
    if not ok:
        return None
    ratios = [p / m for p, m, _ in ok]
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    within = [sum(1 for x in ratios if 1 / f <= x <= f) / len(ratios)
              for f in (1.25, 1.5, 2.0)]
    pred = [r[0] for r in ok]
    meas = [r[1] for r in ok]
    best_pred = min(range(len(ok)), key=lambda i: pred[i])
    best_meas = min(range(len(ok)), key=lambda i: meas[i])
    regret = meas[best_pred] / meas[best_meas] - 1
    # Configurations a user measures, best predicted first, to include the
    # measured best (ties in the prediction counted against the user).
    rank = sum(1 for p in pred if p <= pred[best_meas])
    flops = [r[2] for r in ok if r[2] is not None]
    return {"n": len(ok), "geomean": geo, "within": within,
            "rho": spearman(pred, meas), "regret": regret,
            "rank_of_best": rank,
            "flop_ratio": (math.exp(sum(math.log(f) for f in flops) /
                                    len(flops)) if flops and
                           all(f > 0 for f in flops) else None)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", action="append", choices=sorted(CORPORA))
    ap.add_argument("--board", action="append")
    ap.add_argument("--sample", type=int, default=20,
                    help="configurations per corpus and board (0: all)")
    ap.add_argument("--max-configs", type=int, dest="sample",
                    help="the same as --sample")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data", default=DATA,
                    help="folder of the <corpus>_<board>.csv measurements "
                    "(default bench/data/benchmark_hub)")
    ap.add_argument("--routes", default="clang,ptx")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--ptx-compiler", choices=("nvcc", "clang"),
                    default="nvcc",
                    help="who makes the ptx route's PTX: nvcc (the measured "
                    "binary's compiler) or clang 22 (`--cuda-device-only "
                    "-S`: the IR and PTX front-ends on one compiler's code)")
    ap.add_argument("--csv", help="per-configuration results to this file")
    ap.add_argument("--keep", help="keep the prepared sources here")
    ap.add_argument("--staging-trips", action="store_true",
                    help="what-if, not a validation figure: give the "
                         "convolutions' staging loops their trip counts "
                         "from the source (launch file `loops`, line tables "
                         "on)")
    ap.add_argument("--decompose", type=int, default=0,
                    help="print the model's intermediate quantities for the "
                         "first N sampled configurations of each set")
    a = ap.parse_args()
    a.gpa = os.path.join(a.build, "tool", "gpa")
    a.plugin = os.path.join(a.build, "passes", "GpuPowerAdvisor.so")
    routes = [r for r in a.routes.split(",") if r]
    corpora = a.corpus or DEFAULT_CORPORA
    work_root = a.keep or tempfile.mkdtemp(prefix="gpa-e2e-")
    per_config = []
    print("# end-to-end validation: benchmark_hub (commit 8eeb99e), "
          "sample %s per corpus and board, seed %d" %
          (a.sample or "all", a.seed))
    if a.staging_trips:
        print("# WHAT-IF: the convolutions' staging loops given their trip "
              "counts from the source (--staging-trips); not the product "
              "as users run it")
    print("# skipped boards (no model in models/gpus/): " +
          ", ".join(UNMODELLED))
    print("# missing from the snapshot: " + ", ".join(MISSING))
    summaries = []
    for corpus in corpora:
        spec = CORPORA[corpus]
        for board in boards_of(corpus, a.board, a.data):
            if a.board and board not in a.board:
                continue
            keys, configs = read_configs(corpus, board, a.data)
            if spec.get("keep"):
                configs = [c for c in configs if spec["keep"](c[0])]
            if a.sample and a.sample < len(configs):
                configs = random.Random("%d/%s/%s" % (a.seed, corpus, board)
                                        ).sample(configs, a.sample)
            rows = {r: [] for r in routes}
            errors = {r: 0 for r in routes}
            details = {}  # configuration index -> route -> report kernel
            started = time.time()
            for n, (params, meas) in enumerate(configs):
                grid, threads = launch_of(spec, params)
                work = os.path.join(work_root, corpus, board, str(n))
                os.makedirs(work, exist_ok=True)
                src = os.path.join(work, "kernel.cu")
                with open(src, "w") as f:
                    f.write(prepared_source(spec, params, grid, threads))
                launch = os.path.join(work, "launch.json")
                with open(launch, "w") as f:
                    json.dump(launch_file(spec, params, grid, threads,
                                          a.staging_trips), f)
                ptx_cache = {}
                for route in routes:
                    try:
                        rep, warn = (predict_clang(a, spec, src, launch, board, work)
                               if route == "clang" else
                               predict_ptx(a, spec, params, src, launch, board,
                                           work,
                                           ptx_cache))
                        k = find_kernel(rep, spec["kernel"])
                        if k is None:
                            # The plugin and gpa say why (a warning).
                            why = [l for l in warn.splitlines()
                                   if "not analysed" in l]
                            raise RuntimeError(
                                why[0] if why else "kernel not in the report")
                        t, e, fr = quantities(k, spec, params)
                        rows[route].append((t, meas, fr))
                        details.setdefault(n, {})[route] = k
                        per_config.append(
                            [corpus, board, route,
                             ",".join(str(params[k_]) for k_ in keys),
                             "%.6g" % meas, "%.6g" % t, "%.6g" % e,
                             "" if fr is None else "%.4g" % fr,
                             k["launch"]["registers_per_thread"], ""] +
                            decomposition_cells(k))
                    except (RuntimeError, subprocess.TimeoutExpired,
                            ValueError, KeyError) as ex:
                        errors[route] += 1
                        per_config.append([corpus, board, route,
                                           ",".join(str(params[k_])
                                                    for k_ in keys),
                                           "%.6g" % meas, "", "", "", "",
                                           str(ex)[:200]] +
                                          [""] * len(DECOMPOSITION))
            for route in routes:
                s = summarise(rows[route])
                summaries.append((corpus, board, route, s, errors[route],
                                  time.time() - started))
                print_summary(corpus, board, route, s, errors[route],
                              spec.get("caveat"))
            if "clang" in routes and "ptx" in routes:
                print_route_agreement(corpus, board, configs, keys, details)
            for n in range(min(a.decompose, len(configs))):
                print_decomposition(corpus, board, configs[n], keys,
                                    details.get(n, {}))
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["corpus", "board", "route", "config", "measured_s",
                        "predicted_s", "predicted_energy_j",
                        "fp_ops_over_published", "registers", "error"] +
                       [name for name, _ in DECOMPOSITION])
            w.writerows(per_config)
    if not a.keep:
        shutil.rmtree(work_root, ignore_errors=True)
    return 0


def wave_bounds(k):
    """The terms of one wave's cycles on one SM (models/src/Timing.cpp,
    computeWaveCycles) as far as the report gives them: the largest binds.
    The barrier-exposed rounds are charged the report's mean latency (the
    model charges the coalesced one; equal for these coalesced kernels)."""
    t = k["timing"]
    mf = k.get("memory_facts") or {}
    n = t["n_warps_per_sm"]
    lv = t.get("memory_levels") or {}
    rounds = max(min(k["counts_per_thread"].get("global_mem", 0), 1.0),
                 mf.get("barrier_load_rounds", 0) if
                 k["counts_per_thread"].get("sync", 0) > 0 else 0)
    return {
        "issue+exposed rounds": n * t["comp_cycles"] + rounds *
        t["mem_l_cycles"],
        "memory phase (N/MWP)": (t["mem_cycles"] * n / t["mwp"]
                                 if t["mwp"] > 0 else 0),
        "L1 bound": lv.get("l1_bound_cycles", 0),
        "L2 bound": lv.get("l2_bound_cycles", 0),
        "DRAM bound": lv.get("dram_bound_cycles", 0),
    }


def binding_bound(k):
    b = wave_bounds(k)
    name = max(b, key=lambda x: b[x])
    t = k["timing"]
    wave = ((t["exec_cycles"] - t["sync_cost_cycles"]) / t["rep"]
            if t["rep"] > 0 else 0)
    # Eq. 24's one-warp latency path is not in the report: named when no
    # listed term comes within 1% of the wave.
    if wave > 1.01 * b[name]:
        return "latency path (Eq. 24)", wave
    return name, wave


# Per configuration and route, the model's intermediate quantities (CSV).
DECOMPOSITION = [
    ("warps_per_sm", lambda k: k["launch"]["warps_per_sm"]),
    ("limited_by", lambda k: k["launch"].get("occupancy_limited_by", "")),
    ("case", lambda k: k["timing"]["case"]),
    ("comp_cycles", lambda k: "%.6g" % k["timing"]["comp_cycles"]),
    ("mem_cycles", lambda k: "%.6g" % k["timing"]["mem_cycles"]),
    ("mwp", lambda k: "%.4g" % k["timing"]["mwp"]),
    ("cwp", lambda k: "%.4g" % k["timing"]["cwp"]),
    ("wave_cycles", lambda k: "%.6g" % binding_bound(k)[1]),
    ("binding", lambda k: binding_bound(k)[0]),
    ("bank_ways", lambda k: (k.get("memory_facts") or {}).get(
        "shared_bank_conflict_ways", "")),
] + [(u, (lambda u_: lambda k: "%.6g" % k["counts_per_thread"].get(u_, 0))(u))
     for u in ("fp", "int", "alu", "shared_mem", "global_mem", "const_mem",
               "local_mem", "other", "sync")]


def decomposition_cells(k):
    return [f(k) for _, f in DECOMPOSITION]


# Units whose counts the two routes are compared on (per thread).
COUNTED_UNITS = ("fp", "int", "alu", "sfu", "fp64", "shared_mem", "global_mem",
                 "const_mem", "local_mem", "texture", "other", "sync")


def biggest_count_difference(a, b):
    """(unit, clang count, ptx count) with the largest |difference|."""
    ca, cb = a["counts_per_thread"], b["counts_per_thread"]
    unit = max(COUNTED_UNITS, key=lambda u: abs(ca.get(u, 0) - cb.get(u, 0)))
    return unit, ca.get(unit, 0), cb.get(unit, 0)


def print_route_agreement(corpus, board, configs, keys, details):
    """The two routes on the same configuration: clang / ptx predicted
    time, the share within 10%, and the worst with what differs."""
    pairs = []
    for n, d in sorted(details.items()):
        if "clang" in d and "ptx" in d:
            tc = d["clang"]["timing"]["exec_time_s"]
            tp = d["ptx"]["timing"]["exec_time_s"]
            if tc > 0 and tp > 0:
                pairs.append((tc / tp, n, d))
    head = "%-18s %-10s %-5s" % (corpus, board, "c/p")
    if not pairs:
        print("%s no configuration predicted by both routes" % head)
        return
    within = sum(1 for r, _, _ in pairs if 1 / 1.1 <= r <= 1.1) / len(pairs)
    geo = math.exp(sum(math.log(r) for r, _, _ in pairs) / len(pairs))
    print("%s n=%-3d clang/ptx predicted time: geomean %.3f, within 10%% "
          "%3.0f%%" % (head, len(pairs), geo, 100 * within))
    worst = sorted(pairs, key=lambda p: -abs(math.log(p[0])))[:3]
    for r, n, d in worst:
        unit, cc, pc = biggest_count_difference(d["clang"], d["ptx"])
        params = configs[n][0]
        print("%s   worst: (%s) clang/ptx %.3f; biggest count difference "
              "%s %.6g vs %.6g per thread; registers %s vs %s; binding %s "
              "vs %s" %
              (" " * len(head), ",".join(str(params[k]) for k in keys), r,
               unit, cc, pc, d["clang"]["launch"]["registers_per_thread"],
               d["ptx"]["launch"]["registers_per_thread"],
               binding_bound(d["clang"])[0], binding_bound(d["ptx"])[0]))
    sys.stdout.flush()


def print_decomposition(corpus, board, config, keys, by_route):
    """One configuration's model quantities per route (--decompose)."""
    params, meas = config
    print("# decomposition %s %s (%s), measured %.4g ms" %
          (corpus, board, ",".join("%s=%s" % (k, params[k]) for k in keys),
           meas * 1e3))
    for route, k in sorted(by_route.items()):
        t, l = k["timing"], k["launch"]
        mf = k.get("memory_facts") or {}
        c = k["counts_per_thread"]
        name, wave = binding_bound(k)
        print("#   %-5s pred %.4g ms (x%.2f); regs %s, %s warps/SM (%s), "
              "%s blocks/SM, rep %.4g; case %s, MWP %.3g, CWP %.3g; "
              "comp %.5g, mem %.5g cycles/warp; wave %.6g cycles, binding %s"
              % (route, t["exec_time_s"] * 1e3, t["exec_time_s"] / meas,
                 l["registers_per_thread"], l["warps_per_sm"],
                 l.get("occupancy_limited_by", ""),
                 l["active_blocks_per_sm"], t["rep"], t["case"], t["mwp"],
                 t["cwp"], t["comp_cycles"], t["mem_cycles"], wave, name))
        print("#         bounds: " + ", ".join(
            "%s %.6g" % kv for kv in wave_bounds(k).items()) +
            "; sync %.5g cycles" % t["sync_cost_cycles"])
        print("#         per thread: " + ", ".join(
            "%s %.5g" % (u, c.get(u, 0)) for u in COUNTED_UNITS
            if c.get(u, 0)) +
            "; bank ways %s, replays %s, load rounds %s, barrier rounds %s" %
            (mf.get("shared_bank_conflict_ways"),
             mf.get("shared_bank_replays"), mf.get("load_rounds"),
             mf.get("barrier_load_rounds")))
    sys.stdout.flush()


def print_summary(corpus, board, route, s, errors, caveat):
    head = "%-18s %-10s %-5s" % (corpus, board, route)
    if s is None:
        print("%s no prediction (%d errors)" % (head, errors))
        return
    w = s["within"]
    line = ("%s n=%-3d geomean pred/meas %.3f  within 1.25x/1.5x/2x "
            "%3.0f%%/%3.0f%%/%3.0f%%  rho %.3f  regret %.1f%%  "
            "measured best at predicted rank %d of %d" %
            (head, s["n"], s["geomean"], 100 * w[0], 100 * w[1], 100 * w[2],
             s["rho"], 100 * s["regret"], s["rank_of_best"], s["n"]))
    if s["flop_ratio"] is not None:
        line += "  FP32 ops / published %.3f" % s["flop_ratio"]
    if errors:
        line += "  (%d errors)" % errors
    print(line)
    if caveat:
        print("%s   caveat: %s" % (" " * len(head), caveat))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
