#!/usr/bin/env python3
"""Builds the real kernels the device session launches (issue 29, stage 5):
extracts each source named in kernels.json from the PolyBench-GPU and
Rodinia git mirrors (or from checkouts given with --polybench/--rodinia),
compiles its device side to PTX with nvcc (compute_90: the driver JITs it
on the H100), copies the spec beside the PTX, and checks the spec against
the PTX (check_spec.py).

Neither suite's sources are part of this repository (PolyBench/GPU 1.0:
Copyright (c) 2012, 2013 University of Delaware, see its README; Rodinia
3.1: BSD-style, University of Virginia, see its LICENSE); they are copied
only into the build folder.

  python3 bench/gpu_session/make_kernels.py [--out build/gpu-session]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import check_spec  # noqa: E402

MIRRORS = {
    "PolyBench-GPU": "/work/.mirror/sgrauerg+polybenchGpu/repo",
    "Rodinia": "/work/.mirror/yuhc+gpu-rodinia/repo",
}
# CUDA 13 removed cudaThreadSynchronize, which both suites' host code calls.
SUITE_FLAGS = ["-w", "-DcudaThreadSynchronize=cudaDeviceSynchronize"]


def suite_tree(suite, source):
    """The folders a source needs (its own and the suite's shared headers),
    relative to the suite's root."""
    dirs = [os.path.dirname(source)]
    if suite == "PolyBench-GPU":
        dirs.append("common")  # ../../common/polybench.{h,c}
    return dirs


def extract_from_mirror(gitdir, folders, dest):
    """Writes every file under folders at the mirror's HEAD into dest, blob
    by blob (`git archive` stops at blobs a partial mirror lacks)."""
    for folder in folders:
        listing = subprocess.run(
            ["git", "--git-dir=" + gitdir, "ls-tree", "-r", "HEAD", "--",
             folder], check=True, capture_output=True, text=True).stdout
        for line in listing.splitlines():
            meta, path = line.split("\t", 1)
            mode, kind, sha = meta.split()
            if kind != "blob":
                continue
            blob = subprocess.run(["git", "--git-dir=" + gitdir, "cat-file",
                                   "blob", sha], capture_output=True)
            if blob.returncode != 0:
                continue  # absent from the mirror (large data files)
            target = os.path.join(dest, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(blob.stdout)


def copy_from_checkout(root, folders, dest):
    for folder in folders:
        src = os.path.join(root, folder)
        if not os.path.isdir(src):
            sys.exit("make_kernels: %s: no such folder" % src)
        shutil.copytree(src, os.path.join(dest, folder), dirs_exist_ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build",
                                                  "gpu-session"),
                    help="kernels go to OUT/kernels, sources to OUT/src")
    ap.add_argument("--spec", default=os.path.join(HERE, "kernels.json"))
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--arch", default="compute_90")
    ap.add_argument("--polybench", help="a PolyBench-GPU checkout")
    ap.add_argument("--rodinia", help="a Rodinia (gpu-rodinia) checkout")
    args = ap.parse_args()

    with open(args.spec) as f:
        spec = json.load(f)
    kernels_dir = os.path.join(args.out, "kernels")
    src_dir = os.path.join(args.out, "src")
    os.makedirs(kernels_dir, exist_ok=True)
    checkouts = {"PolyBench-GPU": args.polybench, "Rodinia": args.rodinia}

    # One module per source file.
    modules = {}
    for k in spec["kernels"]:
        prev = modules.setdefault(k["module"], (k["suite"], k["source"]))
        if prev != (k["suite"], k["source"]):
            sys.exit("make_kernels: module %s comes from two sources" %
                     k["module"])

    for module, (suite, source) in sorted(modules.items()):
        dest = os.path.join(src_dir, suite)
        if suite == "bundled":
            target = os.path.join(dest, source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(ROOT, source), target)
            flags = []
        else:
            folders = suite_tree(suite, source)
            if checkouts[suite]:
                copy_from_checkout(checkouts[suite], folders, dest)
            else:
                extract_from_mirror(MIRRORS[suite], folders, dest)
            flags = SUITE_FLAGS
        path = os.path.join(dest, source)
        ptx = os.path.join(os.path.abspath(kernels_dir), module)
        # From the source's folder, as the suites' Makefiles compile it
        # (PolyBench includes ../../common by relative path).
        cmd = [args.nvcc, "-ptx", "-arch=" + args.arch] + flags + \
            [os.path.basename(path), "-o", ptx]
        r = subprocess.run(cmd, cwd=os.path.dirname(path),
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("make_kernels: %s failed:\n%s" % (" ".join(cmd),
                                                       r.stderr))
        print("%-22s <- %s/%s" % (module, suite, source))

    shutil.copyfile(args.spec, os.path.join(kernels_dir, "kernels.json"))
    problems = check_spec.check(spec, kernels_dir)
    for p in problems:
        print("check: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("%d kernels in %d modules checked against their PTX: %s" %
          (len(spec["kernels"]), len(modules), kernels_dir))


if __name__ == "__main__":
    main()
