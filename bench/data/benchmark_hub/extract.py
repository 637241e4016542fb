#!/usr/bin/env python3
"""Trims AutoTuningAssociation/benchmark_hub's Kernel Tuner cache files to
what bench/e2e_validation.py needs, and copies the kernel sources it
compiles. Run once against a checkout (or bare clone) of the repository:

  python3 bench/data/benchmark_hub/extract.py HUB_GIT_DIR [--max-rows 1500]

Writes bench/data/benchmark_hub/<corpus>_<board>.csv (every tunable, then
the measured mean `time_ms`), one row per configuration that ran
(RuntimeFailedConfig and other errors left out); at most --max-rows rows,
the measured best and a draw with a fixed
seed from the rest when a file has more, sorted by the tunables; and
kernels/ with the sources. Provenance and licence: README.md beside this.
"""
import argparse
import csv
import gzip
import json
import os
import random
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
COMMIT = "8eeb99e7179e6838af95d392ac6c60cebfd8c434"

# (corpus, board in models/gpus, cache path in the hub)
CACHES = [
    ("convolution_milo", "a100", "cachefiles/convolution_milo/A100.json.gz"),
    ("convolution_milo", "rtx-a4000",
     "cachefiles/convolution_milo/A4000.json.gz"),
    ("convolution_milo", "rtx-a6000",
     "cachefiles/convolution_milo/A6000.json.gz"),
    ("dedispersion_milo", "a100", "cachefiles/dedispersion_milo/A100.json.gz"),
    ("dedispersion_milo", "rtx-a4000",
     "cachefiles/dedispersion_milo/A4000.json.gz"),
    ("dedispersion_milo", "rtx-a6000",
     "cachefiles/dedispersion_milo/A6000.json.gz"),
    ("convolution", "rtx3090",
     "currently_unused/cachefiles/convolution/RTX_3090.json.gz"),
    ("pnpoly", "rtx3090", "currently_unused/cachefiles/pnpoly/RTX_3090.json.gz"),
    ("gemm", "rtx3090",
     "currently_unused/cachefiles/KernelTuner data/gemm/RTX_3090.json.gz"),
]

SOURCES = [
    "LICENSE", "kernels/convolution_milo.cu", "kernels/dedisp_milo/dedispersion.cu",
    "kernels/dedisp_milo/dedispersion.h", "currently_unused/kernels/convolution.cu",
    "currently_unused/kernels/pnpoly.cu", "kernels/gemm_milo/cl_to_cuda.h",
    "currently_unused/kernels/gemm/common.opencl",
    "currently_unused/kernels/gemm/xgemm_part1.opencl",
    "currently_unused/kernels/gemm/xgemm_part2.opencl",
    "currently_unused/kernels/gemm/xgemm_part3.opencl",
]


def show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show",
                           "%s:%s" % (COMMIT, path)], check=True,
                          capture_output=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hub_git_dir")
    ap.add_argument("--max-rows", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(os.path.join(HERE, "kernels"), exist_ok=True)
    for src in SOURCES:
        dst = os.path.join(HERE, "kernels", os.path.basename(src))
        with open(dst, "wb") as f:
            f.write(show(a.hub_git_dir, src))
    for corpus, board, path in CACHES:
        doc = json.loads(gzip.decompress(show(a.hub_git_dir, path)))
        keys = doc["tune_params_keys"]
        rows = [[e[k] for k in keys] + [e["time"]]
                for e in doc["cache"].values()
                if isinstance(e.get("time"), (int, float))]
        total = len(rows)
        if len(rows) > a.max_rows:
            # The measured best always stays, so regrets are against it.
            best = min(rows, key=lambda r: r[-1])
            rest = [r for r in rows if r is not best]
            rows = [best] + random.Random(a.seed).sample(rest, a.max_rows - 1)
        rows.sort()
        out = os.path.join(HERE, "%s_%s.csv" % (corpus, board))
        with open(out, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(keys + ["time_ms"])
            for r in rows:
                w.writerow(r[:-1] + ["%.6g" % r[-1]])
        print("%s: %s, %d of %d configurations that ran (%d in the file)" %
              (out, doc["device_name"], len(rows), total, len(doc["cache"])))


if __name__ == "__main__":
    main()
