#!/usr/bin/env python3
"""Shared-memory bank-conflict replays from the two front-ends.

For every kernel of the sources bench/real_kernels.py lists (checkouts given
with --polybench / --rodinia; the repository's examples and bench/kernels
are always included), clang-22 compiles the device code to IR (.bc) and to
PTX (llc's output from that same IR), and `gpa analyze --gpu a100` reports
each kernel's `memory_facts.shared_bank_replays` (docs/models.md, "Load
rounds from the code") from both. Prints the kernels with replays, their
IR/PTX figures and worst conflict degree, and per suite how many kernels
agree within --tolerance (default 5%).
A benchmark, not a test: it prints figures and exits 0.

Usage: python3 bench/bank_replays.py [--build build]
           [--polybench CHECKOUT] [--rodinia CHECKOUT] [--tolerance 0.05]
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_kernels  # noqa: E402


def replays(gpa, path):
    out = real_kernels.run([gpa, "analyze", "--gpu", "a100", "--format",
                            "json", path])
    facts = {}
    for k in json.loads(out.stdout)["kernels"]:
        m = k.get("memory_facts", {})
        facts[k["name"]] = (m.get("shared_bank_replays", 0.0),
                            m.get("shared_bank_conflict_ways", 1))
    return facts


def main():
    ap = real_kernels.suite_arguments()
    ap.add_argument("--tolerance", type=float, default=0.05)
    args = ap.parse_args()
    gpa = os.path.join(args.build, "tool", "gpa")
    if not os.path.exists(gpa):
        print("bank_replays.py: skipped, %s not built" % gpa)
        return
    stats = {}
    print("%-44s %-10s %10s %10s %5s %5s" % ("kernel", "suite", "IR", "PTX",
                                             "ways", "ways"))
    with tempfile.TemporaryDirectory() as tmp:
        for n, (suite, src) in enumerate(
                real_kernels.all_sources(args.polybench, args.rodinia)):
            base = os.path.join(tmp, "%02d" % n)
            try:
                bc, ptx_path = real_kernels.compile_device(
                    args.clang, args.cuda, suite, src, base)
                ir = replays(gpa, bc)
                ptx = replays(gpa, ptx_path)
            except subprocess.CalledProcessError as e:
                print("%s: skipped (%s failed)" % (src, os.path.basename(
                    e.cmd[0])))
                continue
            s = stats.setdefault(suite, {"n": 0, "agree": 0, "with": 0})
            for k in sorted(ir):
                if k not in ptx:
                    continue
                (ri, wi), (rp, wp) = ir[k], ptx[k]
                big = max(ri, rp)
                ok = big == 0 or abs(ri - rp) <= args.tolerance * big
                s["n"] += 1
                s["agree"] += ok
                if big == 0:
                    continue
                s["with"] += 1
                print("%-44s %-10s %10.1f %10.1f %5d %5d%s" % (
                    k[:44], suite, ri, rp, wi, wp,
                    "" if ok else "   <- differ"))
    print("\nsuite           kernels  with replays  agree (%.0f%%)" %
          (100 * args.tolerance))
    for suite, s in stats.items():
        print("%-15s %7d  %12d  %6d of %d" % (suite, s["n"], s["with"],
                                              s["agree"], s["n"]))


if __name__ == "__main__":
    main()
