#!/usr/bin/env python3
"""Compares gpa's predicted kernel times with public measurements.

Benchmark, not a test: prints MAPE, Spearman's rho and the regret of the
configuration the model predicts fastest; targets (issue 10) are rho >= 0.8,
MAPE <= 30 % and regret <= 10 %. No parameter is fitted to these data: the
GPU file (models/gpus/a100.json) comes from datasheets and microbenchmark
papers, and the kernel's per-configuration profile is derived below from
the tunables alone.

Data: bench/data/convolution_a100.csv (see bench/data/README.md).

Usage: bench/validate_timing.py [--gpa build/tool/gpa] [--gpu a100]
       [--no-facts] [--show N]
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The convolution the measurements come from, in our own words: every thread
# computes tile_x x tile_y outputs of a 4096 x 4096 image with a 15 x 15
# filter. A block first copies its input tile (its outputs plus a 14-element
# halo on each axis) from global to shared memory, synchronises, then does
# 225 multiply-adds per output reading the tile from shared memory and the
# filter weights from constant memory (an operand of the multiply-add, no
# separate load), and writes its outputs.
IMAGE = 4096
FILTER = 15
HALO = FILTER - 1
INPUT_WIDTH = IMAGE + HALO


def bank_conflict_degree(bx, row_words):
    """Shared-memory replays of one warp's tile read: lanes are threadIdx.x
    fastest, a block row is bx threads, and tile rows are row_words 4-byte
    words apart; 32 banks of 4 bytes. The worst warp of the block counts."""
    worst = 1
    for first in range(0, bx * 32, 32):  # enough warps to see every phase
        words = {}
        for lane in range(32):
            tid = first + lane
            word = (tid // bx) * row_words + tid % bx
            words.setdefault(word % 32, set()).add(word)
        worst = max(worst, max(len(w) for w in words.values()))
    return worst


def profile(bx, by, tx, ty, with_facts=True):
    threads = bx * by
    blocks = math.ceil(IMAGE / (bx * tx)) * math.ceil(IMAGE / (by * ty))
    rows, cols = by * ty + HALO, bx * tx + HALO
    fill = rows * cols / threads  # tile elements each thread copies
    outputs = tx * ty
    fma = FILTER * FILTER * outputs
    # Tile reads: output row yi of filter row i reads tile row yi*by + i; when
    # by < 15 different (yi, i) pairs name the same row and, the loops being
    # fully unrolled with compile-time indices, one shared load serves them
    # (common-subexpression elimination). Columns xi*bx + j never coincide
    # (bx >= 16 > 14).
    tile_rows_read = min(FILTER * ty, (ty - 1) * by + FILTER)
    tile_reads = FILTER * tx * tile_rows_read
    replays = bank_conflict_degree(bx, cols)
    divides = IMAGE % (bx * tx) == 0 and IMAGE % (by * ty) == 0
    checks = 0 if divides else 3  # compare x, compare y, branch per element
    counts = {
        "fp": fma,
        "shared_mem": tile_reads * replays + fill,  # reads (replays), copy
        "global_mem": fill + outputs,
        "int": 12 + 2 * fill + 2 * outputs + checks * (fill + outputs),
        "alu": 0,
        "sync": 1,
        "other": 2,
        "bytes_per_mem_access": 4,
    }
    p = {
        "name": "conv_%d_%d_%d_%d" % (bx, by, tx, ty),
        "launch": {
            "threads_per_block": threads,
            "blocks": blocks,
            # assumed: the partial sums plus a base of address and index
            # registers (no compiler output is used).
            "registers_per_thread": min(255, 24 + 2 * outputs),
            "shared_bytes_per_block": rows * cols * 4,
        },
        "per_thread": counts,
    }
    if with_facts:
        p["global_accesses"] = [
            {"base": "input", "shape": "coalesced", "per_thread": fill},
            {"base": "output", "shape": "coalesced", "per_thread": outputs,
             "store": True},
        ]
    return p


def spearman(a, b):
    def ranks(x):
        order = sorted(range(len(x)), key=lambda i: x[i])
        r = [0.0] * len(x)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and x[order[j + 1]] == x[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return r
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb)


def predict(gpa, gpu, profiles):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "profiles.json")
        with open(path, "w") as f:
            json.dump({"kernels": profiles}, f)
        out = subprocess.run([gpa, "model", "--gpu", gpu, path, "--format",
                              "json"], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit("gpa failed: " + out.stderr)
    doc = json.loads(out.stdout)
    kernels = doc["kernels"] if isinstance(doc, dict) and "kernels" in doc \
        else doc
    times = {}
    for k in kernels:
        ev = k.get("requested", k)
        times[k["name"]] = ev["timing"]["exec_time_s"] * 1e3
    return [times[p["name"]] for p in profiles]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpa", default=os.path.join(ROOT, "build/tool/gpa"))
    ap.add_argument("--gpu", default="a100")
    ap.add_argument("--no-facts", action="store_true",
                    help="leave out the access facts (HK09: all DRAM)")
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args()
    rows = list(csv.DictReader(open(os.path.join(
        HERE, "data", "convolution_a100.csv"))))
    cfg = [tuple(int(r[k]) for k in ("block_size_x", "block_size_y",
                                     "tile_size_x", "tile_size_y"))
           for r in rows]
    measured = [float(r["time_ms"]) for r in rows]
    predicted = predict(a.gpa, a.gpu,
                        [profile(*c, with_facts=not a.no_facts) for c in cfg])
    ape = [abs(p - m) / m for p, m in zip(predicted, measured)]
    ratio = [p / m for p, m in zip(predicted, measured)]
    gmean = math.exp(sum(math.log(r) for r in ratio) / len(ratio))
    best_pred = min(range(len(cfg)), key=lambda i: predicted[i])
    best_meas = min(measured)
    regret = measured[best_pred] / best_meas - 1
    within2 = sum(1 for r in ratio if 0.5 <= r <= 2) / len(ratio)
    print("configurations: %d (convolution, A100, benchmark_hub)" % len(cfg))
    print("MAPE: %.1f %%" % (100 * sum(ape) / len(ape)))
    print("geometric mean predicted/measured: %.3f" % gmean)
    print("within 2x: %.1f %%" % (100 * within2))
    print("Spearman rho: %.3f" % spearman(predicted, measured))
    print("predicted best: %s (measured %.4f ms); measured best %.4f ms; "
          "regret %.1f %%" % (cfg[best_pred], measured[best_pred], best_meas,
                              100 * regret))
    for i in sorted(range(len(cfg)), key=lambda i: measured[i])[:a.show]:
        print("  %-20s measured %.4f predicted %.4f" %
              (cfg[i], measured[i], predicted[i]))


if __name__ == "__main__":
    main()
