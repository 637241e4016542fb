#!/usr/bin/env python3
"""Front-end agreement on real code: PolyBench-GPU and Rodinia kernels.

For every kernel of the sources bench/real_kernels.py lists (checkouts given
with --polybench / --rodinia; the repository's own examples and
bench/kernels are always included):
  * clang-22 compiles the device code to IR (.bc) and to PTX (llc's output
    from that same IR); nvcc compiles it to PTX;
  * `gpa analyze --gpu a100` predicts each kernel's time and recommended
    number of SMs from each of the three.
Prints, per kernel, the time ratio and SM counts, and per suite how many
kernels agree:
  * clang IR vs clang PTX: within 10% and the same recommendation, the
    strict target of issue 8 (same compiler, same IR, two front-ends); the
    same recommendation as test/cli/Inputs/compare_times.py defines it:
    equal SM counts, or (a flat sweep) each front-end's choice within
    min_saving (2%) of the best on the other front-end's own sweep;
  * nvcc PTX vs clang IR: within --nvcc-tolerance (default 25%): two
    different compilers unroll, strength-reduce and schedule differently
    (docs/ptx-frontend.md, "nvcc PTX vs clang IR").
A benchmark, not a test: it prints ratios and exits 0.

Usage: python3 bench/frontend_agreement.py [--build build]
           [--polybench CHECKOUT] [--rodinia CHECKOUT] [--nvcc-tolerance 0.25]
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_kernels  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "test", "cli", "Inputs"))
import compare_times  # noqa: E402


def analyze(gpa, path):
    out = real_kernels.run([gpa, "analyze", "--gpu", "a100", "--format",
                            "json", path])
    return {k["name"]: k for k in json.loads(out.stdout)["kernels"]}


def summary(k):
    return k["timing"]["exec_time_s"], k["advice"]["optimal_active_sms"]


def rel(a, b):
    return abs(a - b) / a if a else (0.0 if b == 0 else float("inf"))


def main():
    ap = real_kernels.suite_arguments()
    ap.add_argument("--nvcc-tolerance", type=float, default=0.25)
    args = ap.parse_args()
    gpa = os.path.join(args.build, "tool", "gpa")
    nvcc = os.path.join(args.cuda, "bin", "nvcc")
    if not os.path.exists(gpa):
        print("frontend_agreement.py: skipped, %s not built" % gpa)
        return
    have_nvcc = os.path.exists(nvcc)
    sources = real_kernels.all_sources(args.polybench, args.rodinia)
    stats = {}
    print("%-44s %-14s %8s %8s %8s  %s" % ("kernel", "suite", "IR/cPTX",
                                          "IR/nvcc", "", "SMs IR cPTX nvcc"))
    with tempfile.TemporaryDirectory() as tmp:
        for n, (suite, src) in enumerate(sources):
            base = os.path.join(tmp, "%02d" % n)
            extra = real_kernels.EXTRA_FLAGS if suite != "own" else []
            try:
                bc, cptx_path = real_kernels.compile_device(
                    args.clang, args.cuda, suite, src, base, ".c.ptx")
                ir = analyze(gpa, bc)
                cptx = analyze(gpa, cptx_path)
                nv = {}
                if have_nvcc:
                    real_kernels.run([nvcc, "-ptx", "-arch=sm_80", "-O3"] +
                                     extra + [src, "-o", base + ".nv.ptx"])
                    nv = analyze(gpa, base + ".nv.ptx")
            except subprocess.CalledProcessError as e:
                print("%s: skipped (%s failed)" % (src, os.path.basename(
                    e.cmd[0])))
                continue
            s = stats.setdefault(suite, {"n": 0, "strict": 0, "exact": 0,
                                         "nvcc": 0,
                                         "nvcc_n": 0, "worst": 0.0,
                                         "worst_nv": 0.0})
            for k in sorted(ir):
                if k not in cptx:
                    continue
                (ti, si), (tc, sc) = summary(ir[k]), summary(cptx[k])
                r1 = rel(ti, tc)
                same, why = compare_times.same_recommendation(ir[k], cptx[k])
                ok = r1 <= 0.10 and same
                s["n"] += 1
                s["strict"] += ok
                s["exact"] += r1 <= 0.10 and si == sc
                s["worst"] = max(s["worst"], r1)
                line = "%-44s %-14s %7.1f%% " % (k[:44], suite, 100 * r1)
                if k in nv:
                    tn, sn = summary(nv[k])
                    r2 = rel(ti, tn)
                    s["nvcc_n"] += 1
                    s["nvcc"] += r2 <= args.nvcc_tolerance
                    s["worst_nv"] = max(s["worst_nv"], r2)
                    line += "%7.1f%% %8s  %d %d %d" % (100 * r2, "", si, sc, sn)
                else:
                    line += "%8s %8s  %d %d -" % ("-", "", si, sc)
                if not ok:
                    line += "   <- IR vs clang PTX differ"
                elif si != sc:
                    line += "   (flat sweep: %s)" % why
                print(line)
    print("\nsuite           kernels  IR~cPTX(10%%,same rec.)  (equal SMs)  "
          "worst   IR~nvcc(%.0f%%)  worst" % (100 * args.nvcc_tolerance))
    for suite, s in stats.items():
        print("%-15s %7d  %10d of %-3d       (%3d)       %5.1f%%  %6d of %-3d "
              "%6.1f%%" % (suite, s["n"], s["strict"], s["n"], s["exact"],
                           100 * s["worst"], s["nvcc"], s["nvcc_n"],
                           100 * s["worst_nv"]))


if __name__ == "__main__":
    main()
