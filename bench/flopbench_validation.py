#!/usr/bin/env python3
"""End-to-end validation on gpuFLOPBench (issue 24, item 1): HeCBench CUDA
programs whose kernel launches were measured with Nsight Compute on an
RTX 3080, compiled as gpuFLOPBench compiled them (clang++, its
cuda-profiling/compile_commands.json) with the plugin, the measured launch
given as a fact.

The corpus is not bundled (HeCBench sources are BSD-3; nothing of them is
copied here): `--repo` names a checkout of
Scientific-Computing-Lab/gpuFLOPBench (bench/data/README.md). For every
program it runs

  clang++ -x cuda --cuda-device-only -S -O3 (the program's -I/-D/-std)
     -fpass-plugin=GpuPowerAdvisor.so -mllvm -gpa-gpu=rtx3080
     -mllvm -gpa-launch-file=F -mllvm -gpa-report=R

once, as compiled (clang's CUDA default -ffp-contract=fast). The launch
file gives each measured kernel its first
measured launch (block, grid) and, where the program's command line
(exeArgs) fixes them and the table FACTS below derives them by hand, the
kernel's integer arguments and loop trip counts; nothing else is given.

What is compared per kernel (measured: the CSV's first row of the kernel;
gatherData.py, ncu --set roofline):
  FLOP   Nsight: fadd + fmul + 2 x ffma, FP32 and FP64, thread-level,
         predicated on (derived__..._ffma_pred_on_x2); the CSV keeps them as
         rates, so FLOP = (spPerf + dpPerf) x xtime. Predicted: the
         report's flops_per_thread (fp32 + fp64) x threads, which the
         front-end counts as Nsight does (gpa/FlopCounts.h: FADD/FMUL 1,
         FFMA 2, a division's or square root's Newton steps as the SASS
         ptxas emits for them, min/max and FCHK none).
  DRAM   Nsight dram__bytes.sum.per_second x xtime; predicted: the
         report's timing.memory_levels.dram_bytes (the levelled model).
  time   gpu__time_duration.sum (xtime, ns); predicted exec_time_s. ncu's
         default clock control locks the GPU at its base clock (gatherData
         runs ncu without --clock-control none); the model prices the
         1710 MHz boost clock (not corrected here).
  int    smsp__sass_thread_inst_executed_op_integer_pred_on.sum (intops);
         predicted (int + alu) per thread x threads.

Kernels are split by what the report assumes (`kind: assumed`): nothing,
branch weights only, or loop trip counts; only those without assumed trip
counts may be held to the acceptance (FLOPs within 5%, DRAM bytes within
25% for 80%). The `why` column says
which assumptions are in play (trip counts, branch weights, the template
instance picked). The measurements are used only here, never to set a
model parameter.

  python3 bench/flopbench_validation.py --repo DIR [--program NAME ...]
      [--sample N] [--seed S] [--facts-only] [--csv FILE] [--keep DIR
      [--reuse]] [--max-files N] [--build build]

A benchmark, not a test: one compile per .cu file, one at a time.
"""
import argparse
import csv
import json
import math
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BOARD = "rtx3080"  # the corpus's only board (CSV column device)
ARCH = "sm_86"     # gpuFLOPBench's --cuda-gpu-arch
# The prefix gpuFLOPBench's compile commands were written under.
ORIGIN = "/home/gbolet/hecbench-roofline/"

# Facts derived by hand from each program's source and its exeArgs in the
# CSV (the measured run's command line): kernel -> launch-file entries
# (`arguments` by position, `loops` by source line, `trip_count`) and
# `instance` (a substring of the demangled name when the source
# instantiates a template more than once). Every value says where it comes
# from; they are `given` facts to the product.
# cfd's nelr is the input file's element count rounded up to block_length
# (its exeArgs name ../data/cfd/fvcorr.domn.097K, not in the corpus); the
# measured grid fixes it.
NELR = ("nelr = block_length x ceil(nel / block_length) (euler3d.cu:415), "
        "block_length = 192 (euler3d.cu:27-28; no -D in the compile "
        "command), so a multiple of 192; the measured grid, 506 blocks = "
        "(nelr + 191) / 192 (BLOCK_SIZE_n = 192, util.h; euler3d.cu:503-"
        "506), puts it in (505 x 192, 506 x 192]: nelr = 97152")
FACTS = {
    "adam-cuda": {
        "adam": {
            "arguments": {"9": 200, "10": 10000},
            "branches": [{"line": 37, "probability": 1.0}],
            "why": "exeArgs 10000 200 100: vector_size = 10000 (argument "
                   "10), time_step = 200 (argument 9); mode = ADAM_MODE_0 "
                   "(main.cu:101), so the branch at main.cu:37 is taken",
        },
    },
    "convolution1D-cuda": dict.fromkeys(
        ("conv1d", "conv1d_tiled", "conv1d_tiled_caching"), {
            "arguments": {"2": 134217728, "3": 3},
            "why": "exeArgs 134217728 1000: input_width = 134217728 (a "
                   "multiple of BLOCK_SIZE already, main.cu:210-212); the "
                   "first launch is mask_width = 3, FP64 (main.cu:216-220)",
        }),
    "expdist-cuda": {
        "distance": {
            "arguments": {"2": 16384, "3": 16384},
            "why": "exeArgs 16384 1000: m = n = size = 16384 (main.cu:78)",
        },
        "reduce_cross_term": {
            "arguments": {"2": 16384, "3": 16384, "4": 65536},
            "why": "m = n = 16384; nblocks = 65536, the blocks of distance's "
                   "measured grid (128 x 512; main.cu:79)",
        },
    },
    "matrix-rotate-cuda": {
        "rotate_matrix_parallel": {
            "arguments": {"1": 5000},
            "why": "exeArgs 5000 100: n = 5000 (main.cu:59, 81)",
        },
    },
    "softmax-cuda": dict.fromkeys(("softMax", "softMax2"), {
        "arguments": {"0": 100000, "1": 784},
        "why": "exeArgs 100000 784 1 100: numSlice = 100000, sliceSize = 784 "
               "(main.cu:81-82)",
    }),
    "haccmk-cuda": {
        "haccmk_kernel": {
            "arguments": {"0": 784, "1": 15000},
            "why": "n1 = 784 (argument 0), n2 = 15000 (argument 1), fixed "
                   "in main (haccmk.cu:191-192); exeArgs 1000 is the "
                   "repeat count",
        },
    },
    "heat2d-cuda": {
        "dev_lapl_iter": {
            "arguments": {"4": 4096, "5": 8192},
            "why": "exeArgs 4096 8192 1000 data.txt: lx = Lx = 4096, "
                   "ly = Ly = 8192 (main.cu:67-68, 138)",
        },
    },
    "glu-cuda": {
        "glu_kernel": {
            "arguments": {"0": 1048576, "1": 512, "2": 1},
            "why": "exeArgs 3 1024 100: three dimensions of 1024; the first "
                   "launch splits the last (input_dim = -1, split_index = "
                   "2): M = 1024 x 1024, split_dim_size = 512, N = 1 "
                   "(main.cu:78-86, 100)",
        },
    },
    "burger-cuda": {
        **dict.fromkeys(("bound_h", "bound_v"), {
            "arguments": {"2": 8193, "3": 8193},
            "why": "exeArgs 8193 8193 100: x_points = y_points = 8193 "
                   "(main.cu:20-21, 105-107)",
        }),
        "core": {
            "arguments": {"4": 8193, "5": 8193},
            "why": "x_points = y_points = 8193 (main.cu:20-21, 102)",
        },
        "update": {
            "arguments": {"4": 67125249},
            "why": "n = grid_elems = 8193 x 8193 (main.cu:28, 110)",
        },
    },
    "cfd-cuda": {
        **dict.fromkeys(("compute_flux", "compute_step_factor",
                         "initialize_variables"), {
            "arguments": {"0": 97152},
            "why": NELR,
        }),
        "initialize_buffer": {"arguments": {"2": 97152}, "why": NELR},
        "time_step": {
            "arguments": {"0": 0, "1": 97152},
            "why": "j = 0, the first launch of the RK loop (euler3d.cu:"
                   "527-532); " + NELR,
        },
    },
    "babelstream-cuda": {
        "dot_kernel": {
            "arguments": {"3": 33554432},
            "loops": [{"line": 213, "trip_count": 8}],
            "why": "array_size = ARRAY_SIZE = 2^25 (main.cu:57, no "
                   "--arraysize in exeArgs); the tree reduction halves "
                   "TBSIZE = 256: log2(256) = 8 rounds (main.cu:49, 213)",
        },
    },
}


def parse_dims(text):
    """'(256, 1, 1)' -> [256, 1, 1]."""
    return [int(x) for x in re.findall(r"\d+", text)]


def measured(row):
    """The quantities of one CSV row, rates turned into counts."""
    t = float(row["xtime"]) * 1e-9
    return {
        "time_s": t,
        "flop": (float(row["spPerf"]) + float(row["dpPerf"])) * t,
        "sp_flop": float(row["spPerf"]) * t,
        "dp_flop": float(row["dpPerf"]) * t,
        "dram_bytes": float(row["traffic"]) * t,
        "int_ops": float(row["intops"]),
        "block": parse_dims(row["Block Size"]),
        "grid": parse_dims(row["Grid Size"]),
    }


def read_kernels(path):
    """program -> [(kernelName, first row)] in file order, CUDA only."""
    out = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            prog = row["targetName"]
            if not prog.endswith("-cuda"):
                continue
            ks = out.setdefault(prog, [])
            if row["kernelName"] not in [k for k, _ in ks]:
                ks.append((row["kernelName"], row))
    return out


def read_compiles(path, repo):
    """program -> [(source file, device-relevant flags)] for its .cu files,
    paths moved from gpuFLOPBench's build machine to `repo`."""
    with open(path) as f:
        entries = json.load(f)
    out = {}
    for e in entries:
        m = re.search(r"CMakeFiles/([^/]+)\.dir/", e["output"])
        if not m or not m.group(1).endswith("-cuda"):
            continue
        src = e["file"]
        if not src.endswith(".cu"):
            continue
        words = shlex.split(e["command"])
        flags = []
        i = 0
        while i < len(words):
            w = words[i]
            if w in ("-I", "-isystem", "-include", "-D", "-U"):
                flags += [w, words[i + 1]]
                i += 2
                continue
            if w.startswith(("-I", "-D", "-U", "-std=")):
                flags.append(w)
            i += 1
        move = lambda s: s.replace(ORIGIN, os.path.join(repo, ""))
        out.setdefault(m.group(1), []).append(
            (move(src), [move(x) for x in flags]))
    return out


def template_args(kernel, full_name):
    """'<float>' of 'void copy_kernel<float>(const T1 *, T1 *)', else ''."""
    m = re.search(re.escape(kernel) + r"(<[^(]*>)\(", full_name)
    return m.group(1) if m else ""


def patterns(kernel):
    """Launch-file globs for a kernel name: extern "C", C++ functions and
    templates, in a namespace or not (demangled names)."""
    return [kernel, kernel + "(*", kernel + "<*", "* " + kernel + "(*",
            "* " + kernel + "<*", "*::" + kernel + "(*", "*::" + kernel + "<*"]


def launch_file(prog, kernels):
    entries = []
    for name, row in kernels:
        m = measured(row)
        fact = {"block": m["block"], "grid": m["grid"],
                "description": "gpuFLOPBench: the first measured launch"}
        extra = FACTS.get(prog, {}).get(name, {})
        for key in ("arguments", "loops", "branches", "trip_count"):
            if key in extra:
                fact[key] = extra[key]
        targs = template_args(name, row["Kernel Name"])
        for p in patterns(name):
            if targs and p.endswith("<*"):
                p = p[:-2] + targs + "(*"
            entries.append(dict(fact, kernel=p))
    return {"schema": "gpa-launch/1", "kernels": entries}


def short(demangled):
    """The demangled name without its return type."""
    return re.sub(r"^(void|int|float|double)\s+", "", demangled or "")


def matches(kernel, targs, k):
    """Whether report kernel k is the measured `kernel` (its template
    arguments `targs` when the measured name has them)."""
    name = short(k.get("demangled")) or k.get("name", "")
    head = re.sub(r"<.*$", "", name.split("(")[0]).split("::")[-1]
    if head != kernel and k.get("name") != kernel:
        return False
    return not targs or (kernel + targs + "(").replace(" ", "") in \
        name.replace(" ", "")


def run(cmd, cwd, timeout):
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd,
                       timeout=timeout)
    if r.returncode != 0:
        lines = (r.stderr or r.stdout).strip().splitlines()
        errs = [l for l in lines if "error" in l] or lines or [
            "status %d" % r.returncode]
        raise RuntimeError(errs[0][:200])
    return r


def compile_reports(a, prog, compiles, launch, work):
    """{"fast": [report kernels]} over the program's .cu files, compiled as
    gpuFLOPBench compiled them (clang's CUDA default -ffp-contract=fast)."""
    out = {"fast": []}
    # CUDA 13 keeps libcu++/CUB (cuda/std, cub/) under include/cccl, where
    # CUDA 12.6's nvcc-less clang build found them in include/.
    cccl = os.path.join(a.cuda, "include", "cccl")
    extra = ["-isystem", cccl] if os.path.isdir(cccl) else []
    for n, (src, flags) in enumerate(compiles):
        report = os.path.join(work, "%d-fast.json" % n)
        if a.reuse and os.path.exists(report):
            with open(report) as f:  # --keep's earlier compile
                out["fast"] += json.load(f).get("kernels", [])
            continue
        cmd = ([a.clang, "-x", "cuda", "--cuda-path=" + a.cuda,
                "--cuda-gpu-arch=" + ARCH, "-Wno-unknown-cuda-version",
                "-w", "-O3", "-DNDEBUG", "--cuda-device-only",
                "-gline-tables-only", "-ffp-contract=fast",
                "-fpass-plugin=" + a.plugin, "-mllvm", "-gpa-gpu=" + BOARD,
                "-mllvm", "-gpa-launch-file=" + launch,
                "-mllvm", "-gpa-report=" + report] + flags + extra +
               ["-S", src, "-o", os.devnull])
        try:
            run(cmd, os.path.dirname(src), a.timeout)
        except RuntimeError as e:
            # CUDA 13's libcu++ and CUB (cooperative_groups, cub/)
            # require C++17 where CUDA 12.6 took the programs' C++14.
            if "C++17" not in str(e) and "libcu++" not in str(e):
                raise
            run([w for w in cmd if not w.startswith("-std=")] +
                ["-std=gnu++17"], os.path.dirname(src), a.timeout)
        if not os.path.exists(report):
            continue  # no kernel in this file: the plugin writes none
        with open(report) as f:
            out["fast"] += json.load(f).get("kernels", [])
    return out


def why(k, instances, extra):
    """Which assumptions a kernel's prediction rests on: (assumed trip
    counts, assumed branch weights, tags)."""
    tags = []
    assumed_trips = assumed_branches = 0
    for key, v in sorted(k.get("assumptions", {}).items()):
        if not isinstance(v, dict):
            continue
        kind = v.get("kind")
        loc = key.split(" ", 1)[1] if " " in key else ""
        line = (loc.rsplit(":", 1)[-1] if ":" in loc else
                "nodbg" if "no debug location" in loc else
                loc.strip("()").replace(" ", "-"))
        if " " in line:  # "54 (remainder)": the unrolled loop's remainder
            line = line.split(" ")[0] + "r"
        if key.startswith("loop_trip_count") and kind == "assumed":
            assumed_trips += 1
            tags.append("trip%s=%s?" % ("@" + line if line else "",
                                        v.get("value")))
        elif key.startswith("loop_trip_count") and kind == "given":
            tags.append("trip@%s=%s" % (line, v.get("value")))
        elif key.startswith("loop_trip_count") and kind == "derived":
            tags.append("trip@%s=%sd" % (line, v.get("value")))
        elif key.startswith("bounds_guard") and kind == "assumed":
            assumed_branches += 1  # in bounds: the bound's value unknown
            tags.append("g@%s?" % line)
        elif key.startswith("branch_probability") and kind == "assumed":
            assumed_branches += 1
            tags.append("p@%s=%.2g?" % (line, v.get("value")))
        elif key.startswith("switch_case_probability") and kind == "assumed":
            # "switch_case_probability main.cu:12 (case 0)": one successor's
            # share of a switch, assumed from LLVM's static weights.
            assumed_branches += 1
            tags.append("s@%s=%.2g?" % (loc.split(" ")[0].rsplit(":", 1)[-1],
                                        v.get("value")))
        elif key == "divisor_rows_span_warps" and kind == "assumed":
            # Accesses by i / n, i % n priced as one row's lanes: the rows
            # are assumed at least a warp long (counted with the guards).
            assumed_branches += 1
            tags.append("rows?")
        elif key == "gather_lanes_walk_own_sectors" and kind == "assumed":
            # R7 on a load whose lane stride is a run-time value not given:
            # each lane assumed to walk its own sectors (with the guards).
            assumed_branches += 1
            tags.append("lanes?")
    if extra.get("arguments"):
        tags.append("args")
    if instances > 1:
        tags.append("inst 1/%d" % instances)
    if extra.get("branches"):
        tags.append("branches")
    return assumed_trips, assumed_branches, " ".join(tags) or "-"


def ratio(p, m):
    if p is None:
        return None
    if m == 0:
        return 1.0 if p == 0 else float("inf")
    return p / m


def fmt(r):
    if r is None:
        return "    -"
    if r == float("inf"):
        return "  inf"
    return "%5.2f" % r


def within(r, f):
    return r is not None and r != float("inf") and 1 / f <= r <= f


def compare(prog, kernels, reports):
    """Per measured kernel: a result dict, or None (not in the report)."""
    rows = []
    for name, row in kernels:
        m = measured(row)
        targs = template_args(name, row["Kernel Name"])
        extra = FACTS.get(prog, {}).get(name, {})
        fast = [k for k in reports["fast"] if matches(name, targs, k)]
        if "instance" in extra:
            fast = [k for k in fast if extra["instance"] in k["demangled"]]
        if not fast:
            rows.append({"program": prog, "kernel": name, "missing": True})
            continue
        k = fast[0]
        threads = (k["launch"]["threads_per_block"] * k["launch"]["blocks"])
        c = k["counts_per_thread"]
        f = k.get("flops_per_thread")
        flop = (f["fp32"] + f["fp64"]) * threads if f else None
        levels = k["timing"].get("memory_levels", {})
        dram = levels.get("dram_bytes")
        ints = (c.get("int", 0) + c.get("alu", 0)) * threads
        trips, branches, tags = why(k, len(fast), extra)
        given_launch = (threads == m["block"][0] * m["block"][1] *
                        m["block"][2] * m["grid"][0] * m["grid"][1] *
                        m["grid"][2])
        rows.append({
            "program": prog, "kernel": name, "missing": False,
            "assumed_trips": trips, "assumed_branches": branches,
            "why": tags if given_launch else
            tags + " launch-not-given",
            "flop": ratio(flop, m["flop"]),
            "dram": ratio(dram, m["dram_bytes"]),
            "time": ratio(k["timing"]["exec_time_s"], m["time_s"]),
            "int": ratio(ints, m["int_ops"]),
            "pred": {"flop": flop, "dram_bytes": dram, "int_ops": ints,
                     "time_s": k["timing"]["exec_time_s"],
                     "bound": levels.get("bounding_level", "")},
            "meas": m,
        })
    return rows


def summary(rows, label):
    ok = [r for r in rows if not r["missing"]]
    if not ok:
        print("%-26s n=0" % label)
        return
    fl = [r["flop"] for r in ok]
    dr = [r["dram"] for r in ok if r["meas"]["dram_bytes"] > 0 and
          r["dram"] is not None]
    tm = [r["time"] for r in ok if r["time"] and r["time"] > 0]
    geo = math.exp(sum(math.log(x) for x in tm) / len(tm)) if tm else 0
    share = lambda xs, f: (100.0 * sum(1 for x in xs if within(x, f)) /
                           len(xs)) if xs else 0
    print("%-26s n=%-3d FLOP within 5%%: %3.0f%% (%d)  DRAM within 25%%: "
          "%3.0f%% (%d)  time geomean %.2f, within 1.25x %3.0f%% 1.5x "
          "%3.0f%% 2x %3.0f%%" %
          (label, len(ok), share(fl, 1.05), len(fl), share(dr, 1.25),
           len(dr), geo, share(tm, 1.25), share(tm, 1.5), share(tm, 2.0)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", required=True,
                    help="a gpuFLOPBench checkout (src/, cuda-profiling/)")
    ap.add_argument("--program", action="append", default=[],
                    help="a targetName (e.g. babelstream-cuda); repeatable")
    ap.add_argument("--sample", type=int, default=0,
                    help="also this many programs drawn from the CSV")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--facts-only", action="store_true",
                    help="the programs of the FACTS table (default when "
                         "neither --program nor --sample is given)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--csv", help="per-kernel results to this file")
    ap.add_argument("--keep", help="keep launch files and reports here")
    ap.add_argument("--reuse", action="store_true",
                    help="with --keep: take reports already there when the "
                         "program's launch file is unchanged")
    ap.add_argument("--max-files", type=int, default=8,
                    help="skip programs with more .cu files (compile time)")
    a = ap.parse_args()
    a.plugin = os.path.join(a.build, "passes", "GpuPowerAdvisor.so")
    prof = os.path.join(a.repo, "cuda-profiling")
    kernels = read_kernels(os.path.join(prof, "profiling-data.csv"))
    compiles = read_compiles(os.path.join(prof, "compile_commands.json"),
                             a.repo)
    programs = list(a.program)
    if a.sample:
        pool = sorted(p for p in kernels if p in compiles and
                      p not in programs)
        programs += random.Random(a.seed).sample(pool, min(a.sample,
                                                           len(pool)))
    if a.facts_only or not programs:
        programs += [p for p in sorted(FACTS) if p not in programs]
    work_root = a.keep or tempfile.mkdtemp(prefix="gpa-flopbench-")
    print("# gpuFLOPBench end to end, board %s, clang route; %d programs"
          % (BOARD, len(programs)))
    print("# ratios predicted / measured; why: trip@L=N given, trip@L=Nd "
          "derived from given arguments, trip@L=N? assumed, p@L=x? assumed branch weight, s@L=x? assumed switch case share, g@L? bounds guard assumed in bounds, rows? i / n, i % n rows assumed a warp long, lanes? lanes of a run-time stride assumed to walk their own sectors (R7), args given, inst 1/k "
          "first of k template instances")
    print("%-22s %-28s %5s %5s %5s %5s %-4s %s" %
          ("program", "kernel", "FLOP", "DRAM", "time", "int", "lvl", "why"))
    results = []
    for prog in programs:
        if prog not in kernels or prog not in compiles:
            print("%-22s skipped: no measured kernel or no .cu compile "
                  "command" % prog)
            continue
        if len(compiles[prog]) > a.max_files:
            print("%-22s skipped: %d .cu files (--max-files %d)" %
                  (prog, len(compiles[prog]), a.max_files))
            continue
        work = os.path.join(work_root, prog)
        os.makedirs(work, exist_ok=True)
        launch = os.path.join(work, "launch.json")
        text = json.dumps(launch_file(prog, kernels[prog]), indent=1)
        if a.reuse and os.path.exists(launch):
            with open(launch) as f:
                if f.read() != text:
                    for name in os.listdir(work):
                        if name.endswith(".json"):
                            os.remove(os.path.join(work, name))
        with open(launch, "w") as f:
            f.write(text)
        try:
            reports = compile_reports(a, prog, compiles[prog], launch, work)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print("%-22s compile failed: %s" % (prog, str(e)[:90]))
            continue
        for r in compare(prog, kernels[prog], reports):
            results.append(r)
            if r["missing"]:
                print("%-22s %-28s not in the report (host-only, or "
                      "another file)" % (prog[:22], r["kernel"][:28]))
                continue
            print("%-22s %-28s %s %s %s %s %-4s %s" %
                  (prog[:22], r["kernel"][:28], fmt(r["flop"]),
                   fmt(r["dram"]), fmt(r["time"]), fmt(r["int"]),
                   r["pred"]["bound"][:4], r["why"]))
        sys.stdout.flush()
    print("# summary (shares of kernels; DRAM over kernels with measured "
          "DRAM bytes)")
    done = [r for r in results if not r["missing"]]
    summary([r for r in done if r["assumed_trips"] == 0 and
             r["assumed_branches"] == 0], "nothing assumed")
    summary([r for r in done if r["assumed_trips"] == 0 and
             r["assumed_branches"] > 0], "assumed branch weights")
    summary([r for r in done if r["assumed_trips"] == 0],
            "no assumed trip counts")
    summary([r for r in done if r["assumed_trips"] > 0],
            "assumed trip counts")
    summary(results, "all")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["program", "kernel", "assumed_trips",
                        "assumed_branches", "why",
                        "pred_flop", "meas_flop", "pred_dram_bytes",
                        "meas_dram_bytes", "pred_time_s", "meas_time_s",
                        "pred_int_ops", "meas_int_ops", "bounding_level"])
            for r in results:
                if r["missing"]:
                    continue
                p, m = r["pred"], r["meas"]
                g = lambda x: "" if x is None else "%.9g" % x
                w.writerow([r["program"], r["kernel"], r["assumed_trips"],
                            r["assumed_branches"], r["why"], g(p["flop"]), g(m["flop"]),
                            g(p["dram_bytes"]), g(m["dram_bytes"]),
                            g(p["time_s"]), g(m["time_s"]), g(p["int_ops"]),
                            g(m["int_ops"]), p["bound"]])


if __name__ == "__main__":
    main()
