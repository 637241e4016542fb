#!/usr/bin/env python3
"""Power on a public measurement set (issue 27, item 6): a Kernel Tuner cache
with externally metered board power per configuration and locked core clock,
predicted through the front door and compared. Validation only: nothing here
sets a model parameter.

The set: nlesc-recruit/powersensor3-results, GPU-tuning/
AD4000_wmma_complex_gemm_opt_16bit_1x4096x4096x4096.json (Apache-2.0):
ccglib's `wmma_complex_gemm_opt` (complex FP16 tensor-core GEMM, 4096^3,
batch 1) on an NVIDIA RTX 4000 Ada Generation, every configuration of
block_size_y/z, M_PER_BLOCK, N_PER_BLOCK, NBUFFER at core clocks (NVML
application clocks, `nvml_gr_clock`) 1485-1815 MHz, with time (ms), board
power from a PowerSensor3 on the power cables (`ps_power`, W) and energy per
launch (`ps_energy`, J). The kernel source is read from a ccglib checkout
given by path (never copied here); it is prepared as the set's
tune_gemm.py prepares it: one `#define` per entry of its `defines` (the
tunables, the problem size, N_PER_WARP/M_PER_WARP, NBIT=16, the WMMA shape
16x16x16, layouts), then `#line 1`; compiler options `-I kernels -I include
-std=c++17 -D__CUDA_NO_HALF_CONVERSIONS__`; grid (4096 / N_PER_BLOCK, 4096 /
M_PER_BLOCK, 1), block (32, block_size_y, block_size_z).

Routes (as a user runs the product; the launch given by a gpa-launch/1 file):
  ptx    nvcc -ptx, then `gpa sweep --gpu B --clocks --format csv
         --launch-file F k.ptx`
  clang  `gpa sweep ... k.cu` (gpa compiles the source with clang 22 and the
         plugin's analysis; CUDA 13's include/cccl added for <cuda/pipeline>)
`gpa sweep --clocks` prices the kernel at every clock of the board's table
(docs/dvfs.md: the timing model at that clock; power from the default
backend at the reference clock scaled by V^2 f, labelled estimated); the
row at all useful SMs and the entry's locked clock is the prediction.

Printed: power MAPE; Spearman's rho across configurations (at each clock,
and pooled); rho across clocks within each configuration; time geomean
pred/meas and rho; energy MAPE; the worst power errors with the model's
breakdown (static, constant, dynamic by component) from `gpa sweep
--core-clock`.

  python3 bench/power_validation.py --cache FILE --ccglib DIR
      [--board rtx-4000-ada] [--sample N] [--seed S] [--route ptx|clang]
      [--csv FILE] [--explain N] [--parts-at MHZ] [--source FILE --kernel NAME]

`--source` replaces ccglib's kernels/gemm_kernel_float.cu by another file
taking the same defines (the harness's own test uses a tiny kernel).
A benchmark, not a test: it prints ratios; one compile per configuration
(nvcc about 3 s CPU for ccglib's kernel).
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
sys.path.insert(0, HERE)
from e2e_validation import run, spearman  # noqa: E402  one Spearman, one runner

CLOCK_KEY = "nvml_gr_clock"
KERNEL = "wmma_complex_gemm_opt"
PROBLEM = (4096, 4096, 4096)  # M, N, K of the set's file name


def read_cache(path):
    """(configuration keys, {configuration tuple: {clock: entry}}, skipped):
    entries whose time is not a number (Kernel Tuner's failure strings) are
    skipped and counted by reason."""
    with open(path) as f:
        doc = json.load(f)
    keys = [k for k in doc["tune_params_keys"] if k != CLOCK_KEY]
    configs, skipped = {}, {}
    for entry in doc["cache"].values():
        t = entry.get("time")
        if not isinstance(t, (int, float)) or isinstance(t, bool):
            why = next((v for v in entry.values() if isinstance(v, str) and
                        v.endswith("Config")), "no time")
            skipped[why] = skipped.get(why, 0) + 1
            continue
        config = tuple(int(entry[k]) for k in keys)
        configs.setdefault(config, {})[int(entry[CLOCK_KEY])] = entry
    return doc.get("device_name", "?"), keys, configs, skipped


def defines_of(p):
    """tune_gemm.py's `defines` for nbit 16 (powersensor3-results @8a7568e),
    in its order: the tunables, then the fixed ones."""
    m, n, k = PROBLEM
    d = [(name, p[name]) for name in ("block_size_x", "block_size_y",
                                      "block_size_z", "M_PER_BLOCK",
                                      "N_PER_BLOCK", "NBUFFER")]
    d += [("kernel_tuner", 1), ("BATCH_SIZE", 1), ("M_GLOBAL", m),
          ("N_GLOBAL", n), ("K_GLOBAL", k),
          ("N_PER_WARP", p["N_PER_BLOCK"] // p["block_size_y"]),
          ("M_PER_WARP", p["M_PER_BLOCK"] // p["block_size_z"]),
          ("K_PADDING", 0), ("NBIT", 16), ("WARP_SIZE", 32),
          ("COMPLEX_MIDDLE", 1), ("A_ROW_MAJOR", 1), ("B_COL_MAJOR", 1),
          ("C_ROW_MAJOR", 1), ("M_PER_WMMA", 16), ("N_PER_WMMA", 16),
          ("K_PER_WMMA", 16)]
    return d


def launch_of(p):
    """Kernel Tuner's grid for problem_size (N, M, 1) divided by
    (N_PER_BLOCK, M_PER_BLOCK, 1), and the block."""
    m, n, _ = PROBLEM
    grid = (-(-n // p["N_PER_BLOCK"]), -(-m // p["M_PER_BLOCK"]), 1)
    return grid, (p["block_size_x"], p["block_size_y"], p["block_size_z"])


def prepared_source(text, p):
    return ("".join("#define %s %s\n" % kv for kv in defines_of(p)) +
            "#line 1\n" + text)


def launch_file(kernel, grid, block):
    fact = {"grid": list(grid), "block": list(block),
            "description": "Kernel Tuner's launch in tune_gemm.py"}
    return {"schema": "gpa-launch/1", "kernels": [dict(fact, kernel=kernel)]}


def compile_flags(a):
    flags = ["-std=c++17", "-D__CUDA_NO_HALF_CONVERSIONS__"]
    if a.ccglib:
        flags = ["-I", os.path.join(a.ccglib, "kernels"), "-I",
                 os.path.join(a.ccglib, "include")] + flags
    return flags


def gpa_input(a, src, work, arch):
    """What gpa reads for the route: nvcc's PTX, or the source itself."""
    if a.route == "clang":
        # CUDA 13 keeps <cuda/pipeline> (CCCL) under include/cccl, which nvcc
        # adds itself and clang does not.
        cccl = os.path.join(a.cuda, "include", "cccl")
        extra = ["-isystem", cccl] if os.path.isdir(cccl) else []
        return ([src] + compile_flags(a) + extra +
                ["--cuda-gpu-arch=" + arch])
    ptx = os.path.join(work, "k.ptx")
    run([os.path.join(a.cuda, "bin", "nvcc"), "-ptx", "-arch=" + arch, "-w"] +
        compile_flags(a) + [src, "-o", ptx], timeout=600)
    return [ptx]


def predict_clocks(a, inputs, launch):
    """{core MHz: (time s, power W, energy J)} at all useful SMs, and the
    power basis gpa states."""
    r = run([a.gpa, "sweep", "--gpu", a.board, "--clocks", "--format", "csv",
             "--kernel", a.kernel, "--launch-file", launch] + inputs,
            timeout=600)
    rows = list(csv.DictReader(r.stdout.splitlines()))
    if not rows:
        raise RuntimeError("gpa sweep --clocks printed no rows")
    most = max(int(x["active_sms"]) for x in rows)
    out = {}
    for x in rows:
        if int(x["active_sms"]) == most:
            out[int(round(float(x["core_mhz"])))] = (
                float(x["time_s"]), float(x["power_w"]), float(x["energy_j"]))
    return out, rows[0]["power_basis"], most


def breakdown(a, inputs, launch, clock):
    """The model's power at one clock, by part (gpa sweep --core-clock)."""
    r = run([a.gpa, "sweep", "--gpu", a.board, "--core-clock", str(clock),
             "--kernel", a.kernel, "--launch-file", launch] + inputs,
            timeout=600)
    lines = [l.strip() for l in r.stdout.splitlines()
             if l.strip().startswith(("time ", "dynamic by component"))]
    return "; ".join(lines)


def parts_of(text):
    """(total, static, constant, dynamic) W from `gpa sweep --core-clock`'s
    'power X W (static S, constant C, dynamic D)'."""
    m = re.search(r"power ([0-9.]+) W \(static ([0-9.]+), constant "
                  r"([0-9.]+), dynamic ([0-9.]+)\)", text)
    if not m:
        raise RuntimeError("no power breakdown in: " + text[:200])
    return tuple(float(x) for x in m.groups())


def print_parts(a, keys, points, inputs_of, clock):
    """The model's parts at one clock over the configurations, and the
    what-if (not a validation figure): the dynamic energy the model predicts
    spread over the measured time instead of the predicted one."""
    rows = []
    for q in points:
        if q["clock"] != clock:
            continue
        inputs, launch = inputs_of[q["config"]]
        try:
            total, static, const, dyn = parts_of(
                breakdown(a, inputs, launch, clock))
        except (RuntimeError, subprocess.TimeoutExpired):
            continue
        what_if = static + const + dyn * q["pred_s"] / q["meas_s"]
        rows.append((q, static, const, dyn, what_if))
    if not rows:
        print("parts at %d MHz: no configuration measured there" % clock)
        return
    n = float(len(rows))
    print("parts at %d MHz over %d configurations: static %.1f W, constant "
          "%.1f W, dynamic %.1f W (means); measured %.1f W" %
          (clock, len(rows), sum(r[1] for r in rows) / n,
           sum(r[2] for r in rows) / n, sum(r[3] for r in rows) / n,
           sum(r[0]["meas_w"] for r in rows) / n))
    print("what-if (not a validation figure): the model's dynamic energy over "
          "the measured time: power MAPE %.1f%%, rho across configurations "
          "%.3f" % (mape([(r[4], r[0]["meas_w"]) for r in rows]),
                    spearman([r[4] for r in rows],
                             [r[0]["meas_w"] for r in rows])))
    sys.stdout.flush()


def mape(pairs):
    return 100.0 * sum(abs(p - m) / m for p, m in pairs) / len(pairs)


def median(xs):
    s = sorted(xs)
    n = len(s)
    return (s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])
            ) if n else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", required=True,
                    help="the Kernel Tuner cache (powersensor3-results)")
    ap.add_argument("--ccglib", help="ccglib checkout: kernels/, include/")
    ap.add_argument("--source", help="kernel source instead of ccglib's "
                    "kernels/gemm_kernel_float.cu (same defines)")
    ap.add_argument("--kernel", default=KERNEL)
    ap.add_argument("--board", default="rtx-4000-ada")
    ap.add_argument("--sample", type=int, default=40,
                    help="configurations (each at all its clocks; 0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--route", choices=("ptx", "clang"), default="ptx")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--csv", help="per (configuration, clock) results")
    ap.add_argument("--explain", type=int, default=3,
                    help="the N worst power errors with the model's parts")
    ap.add_argument("--keep", help="keep the prepared sources here")
    ap.add_argument("--parts-at", type=int, metavar="MHZ",
                    help="also price every configuration at this clock by "
                    "part (static, constant, dynamic) and print the labelled "
                    "what-if: the same dynamic energy over the measured time")
    a = ap.parse_args()
    if not a.source and not a.ccglib:
        ap.error("give --ccglib DIR (or --source FILE)")
    a.gpa = os.path.join(a.build, "tool", "gpa")
    source = a.source or os.path.join(a.ccglib, "kernels",
                                      "gemm_kernel_float.cu")
    with open(source) as f:
        text = f.read()
    with open(os.path.join(ROOT, "models", "gpus", a.board + ".json")) as f:
        arch = "sm_%d" % json.load(f)["sm_version"]
    device, keys, configs, skipped = read_cache(a.cache)
    chosen = sorted(configs)
    if a.sample and a.sample < len(chosen):
        chosen = sorted(random.Random(a.seed).sample(chosen, a.sample))
    clocks = sorted({c for cfg in chosen for c in configs[cfg]})
    print("# power validation: %s (%s) on model %s, route %s; %d of %d "
          "configurations (seed %d) x their clocks %s MHz" %
          (os.path.basename(a.cache), device, a.board, a.route, len(chosen),
           len(configs), a.seed, ",".join(map(str, clocks))))
    print("# given: each configuration's launch (grid, block) as a launch "
          "file; the entry's locked core clock (%s); nothing else" %
          CLOCK_KEY)
    if skipped:
        print("# entries without a measurement (skipped): " + ", ".join(
            "%s %d" % kv for kv in sorted(skipped.items())))
    sys.stdout.flush()
    work_root = a.keep or tempfile.mkdtemp(prefix="gpa-power-")
    points, errors, basis, started = [], [], None, time.time()
    inputs_of = {}
    for n, cfg in enumerate(chosen):
        p = dict(zip(keys, cfg))
        work = os.path.join(work_root, str(n))
        os.makedirs(work, exist_ok=True)
        src = os.path.join(work, "kernel.cu")
        with open(src, "w") as f:
            f.write(prepared_source(text, p))
        launch = os.path.join(work, "launch.json")
        with open(launch, "w") as f:
            json.dump(launch_file(a.kernel, *launch_of(p)), f)
        try:
            inputs = gpa_input(a, src, work, arch)
            pred, basis, sms = predict_clocks(a, inputs, launch)
        except (RuntimeError, subprocess.TimeoutExpired, ValueError,
                KeyError) as ex:
            errors.append((cfg, str(ex)[:200]))
            continue
        inputs_of[cfg] = (inputs, launch)
        for clock, e in sorted(configs[cfg].items()):
            if clock not in pred:
                errors.append((cfg, "clock %d MHz not in %s's table" %
                               (clock, a.board)))
                continue
            t, w, j = pred[clock]
            points.append({"config": cfg, "clock": clock,
                           "meas_s": e["time"] * 1e-3,
                           "meas_w": e["ps_power"],
                           "meas_j": e["ps_energy"],
                           "core_freq": e.get("core_freq", clock),
                           "pred_s": t, "pred_w": w, "pred_j": j})
    elapsed = time.time() - started
    report(a, keys, points, errors, basis, len(chosen), elapsed)
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(keys + ["core_mhz", "measured_s", "predicted_s",
                               "measured_w", "predicted_w", "measured_j",
                               "predicted_j"])
            for q in points:
                w.writerow(list(q["config"]) + [
                    q["clock"], "%.6g" % q["meas_s"], "%.6g" % q["pred_s"],
                    "%.6g" % q["meas_w"], "%.6g" % q["pred_w"],
                    "%.6g" % q["meas_j"], "%.6g" % q["pred_j"]])
    if a.parts_at:
        print_parts(a, keys, points, inputs_of, a.parts_at)
    worst = sorted(points, key=lambda q: -abs(q["pred_w"] / q["meas_w"] - 1))
    for q in worst[:a.explain]:
        inputs, launch = inputs_of[q["config"]]
        try:
            parts = breakdown(a, inputs, launch, q["clock"])
        except (RuntimeError, subprocess.TimeoutExpired) as ex:
            parts = "breakdown failed: %s" % ex
        print("worst power: (%s) at %d MHz: measured %.1f W, predicted %.1f W "
              "(%+.0f%%); measured %.4g ms, predicted %.4g ms; model: %s" %
              (",".join("%s=%s" % kv for kv in zip(keys, q["config"])),
               q["clock"], q["meas_w"], q["pred_w"],
               100 * (q["pred_w"] / q["meas_w"] - 1), q["meas_s"] * 1e3,
               q["pred_s"] * 1e3, parts))
    if not a.keep:
        shutil.rmtree(work_root, ignore_errors=True)
    return 0 if points else 1


def report(a, keys, points, errors, basis, n_configs, elapsed):
    for cfg, why in errors[:5]:
        print("# not predicted: (%s): %s" % (",".join(map(str, cfg)), why))
    if not points:
        print("no prediction (%d errors)" % len(errors))
        return
    cfgs = sorted({q["config"] for q in points})
    clocks = sorted({q["clock"] for q in points})
    print("points n=%d (%d configurations x up to %d clocks), %d errors, "
          "%.0f s; power basis: %s" % (len(points), len(cfgs), len(clocks),
                                       len(errors), elapsed, basis))
    # Across configurations: at each clock, and pooled over every point.
    per_clock = []
    for c in clocks:
        qs = [q for q in points if q["clock"] == c]
        if len(qs) >= 3:
            per_clock.append((c, spearman([q["pred_w"] for q in qs],
                                          [q["meas_w"] for q in qs]),
                              spearman([q["pred_s"] for q in qs],
                                       [q["meas_s"] for q in qs])))
    pw = [(q["pred_w"], q["meas_w"]) for q in points]
    ratio_w = [p / m for p, m in pw]
    print("power   MAPE %.1f%%  geomean pred/meas %.3f  measured %.1f-%.1f W, "
          "predicted %.1f-%.1f W" %
          (mape(pw), math.exp(sum(map(math.log, ratio_w)) / len(ratio_w)),
           min(m for _, m in pw), max(m for _, m in pw),
           min(p for p, _ in pw), max(p for p, _ in pw)))
    if per_clock:
        rhos = [r for _, r, _ in per_clock]
        print("power   rho across configurations: median over clocks %.3f "
              "(%.3f at %d MHz ... %.3f at %d MHz), pooled %.3f" %
              (median(rhos), per_clock[0][1], per_clock[0][0],
               per_clock[-1][1], per_clock[-1][0],
               spearman([p for p, _ in pw], [m for _, m in pw])))
    within = []
    for cfg in cfgs:
        qs = [q for q in points if q["config"] == cfg]
        if len(qs) >= 3:
            within.append(spearman([q["pred_w"] for q in qs],
                                   [q["meas_w"] for q in qs]))
    within = [r for r in within if not math.isnan(r)]
    if within:
        print("power   rho across clocks within a configuration: median %.3f, "
              "min %.3f, %d of %d configurations >= 0.8" %
              (median(within), min(within),
               sum(1 for r in within if r >= 0.8), len(within)))
    ts = [(q["pred_s"], q["meas_s"]) for q in points]
    ratio_t = [p / m for p, m in ts]
    line = ("time    geomean pred/meas %.3f  within 1.25x %.0f%%  rho pooled "
            "%.3f" % (math.exp(sum(map(math.log, ratio_t)) / len(ratio_t)),
                      100.0 * sum(1 for r in ratio_t if 0.8 <= r <= 1.25) /
                      len(ratio_t),
                      spearman([p for p, _ in ts], [m for _, m in ts])))
    if per_clock:
        line += ", across configurations median over clocks %.3f" % median(
            [r for _, _, r in per_clock])
    print(line)
    js = [(q["pred_j"], q["meas_j"]) for q in points]
    print("energy  MAPE %.1f%%  geomean pred/meas %.3f  rho pooled %.3f" %
          (mape(js), math.exp(sum(math.log(p / m) for p, m in js) / len(js)),
           spearman([p for p, _ in js], [m for _, m in js])))
    off = [q for q in points if abs(q["core_freq"] - q["clock"]) >
           0.01 * q["clock"]]
    if off:
        print("# %d points ran more than 1%% away from their locked clock "
              "(core_freq)" % len(off))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
