#!/usr/bin/env python3
"""Checks a gpa-session-kernels/1 spec against the PTX it names, without a
GPU: every module exists, every kernel is an .entry in it, and the args
match the .entry's .param list in number and type (.u64 for buffers and
u64, .u32/.s32 for i32, .f32, .f64); grids, blocks and fills are well
formed, buffer_ref names an earlier buffer.

  python3 bench/gpu_session/check_spec.py KERNELS_DIR [SPEC]
"""
import json
import os
import re
import sys

FILLS = {"uniform_f32", "uniform_f64", "zero", "ones_f32", "iota_i32"}
# arg kind -> PTX parameter types it may fill
ARG_PTX = {"buffer": {".u64", ".b64", ".s64"},
           "buffer_ref": {".u64", ".b64", ".s64"},
           "u64": {".u64", ".b64", ".s64"},
           "i32": {".u32", ".s32", ".b32"},
           "f32": {".f32", ".b32"}, "f64": {".f64", ".b64"}}
ENTRY = re.compile(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\((.*?)\)", re.S)
# `.param [.align N] .TYPE [.ptr [.SPACE] [.align N]] NAME[[N]]`: nvcc
# writes `.param .u64 NAME`, clang adds `.ptr .global .align 4`, structs by
# value are `.param .align 8 .b8 NAME[16]`.
PARAM = re.compile(r"\.param\s+(?:\.align\s+\d+\s+)?(\.[a-z]+\d+)"
                   r"(?:\s+\.ptr)?(?:\s+\.(?:global|shared|const|local))?"
                   r"(?:\s+\.align\s+\d+)?\s+[\w$]+(\[\d+\])?")


def entries(ptx_text):
    """{entry name: [param type, ...]} of a PTX module."""
    out = {}
    for name, params in ENTRY.findall(ptx_text):
        out[name] = [(t, bool(arr)) for t, arr in PARAM.findall(params)]
    return out


def arg_kind(arg):
    kinds = [k for k in ARG_PTX if k in arg]
    return kinds[0] if len(kinds) == 1 else None


def check_dims(k, key, problems):
    d = k.get(key)
    if not (isinstance(d, list) and len(d) == 3 and
            all(isinstance(x, int) and x >= 1 for x in d)):
        problems.append("%s: %s must be 3 positive integers" % (k["id"], key))
        return
    if key == "block" and d[0] * d[1] * d[2] > 1024:
        problems.append("%s: block of %d threads > 1024" %
                        (k["id"], d[0] * d[1] * d[2]))


def check(spec, kernels_dir):
    """The list of problems found (empty: the spec matches its PTX)."""
    problems = []
    if spec.get("schema") != "gpa-session-kernels/1":
        problems.append("schema is not gpa-session-kernels/1")
    cache, ids = {}, set()
    for k in spec.get("kernels", []):
        kid = k.get("id", "?")
        if kid in ids:
            problems.append("%s: duplicate id" % kid)
        ids.add(kid)
        for key in ("source", "suite", "module", "kernel", "problem",
                    "launch_site"):
            if not isinstance(k.get(key), str):
                problems.append("%s: no %s" % (kid, key))
        check_dims(k, "grid", problems)
        check_dims(k, "block", problems)
        if not (isinstance(k.get("shared_bytes"), int) and
                k["shared_bytes"] >= 0):
            problems.append("%s: shared_bytes must be an integer >= 0" % kid)
        path = os.path.join(kernels_dir, k.get("module", ""))
        if path not in cache:
            cache[path] = entries(open(path).read()) \
                if os.path.isfile(path) else None
        ents = cache[path]
        if ents is None:
            problems.append("%s: module %s not found" % (kid, path))
            continue
        params = ents.get(k.get("kernel"))
        if params is None:
            problems.append("%s: no .entry %s in %s (has %s)" %
                            (kid, k.get("kernel"), k["module"],
                             ", ".join(sorted(ents))))
            continue
        args = k.get("args", [])
        if len(args) != len(params):
            problems.append("%s: %d args, .entry has %d params" %
                            (kid, len(args), len(params)))
            continue
        buffers = set()
        for i, (arg, (ptype, is_array)) in enumerate(zip(args, params)):
            kind = arg_kind(arg)
            where = "%s: arg %d" % (kid, i)
            if kind is None:
                problems.append("%s: unknown arg %s" % (where, arg))
                continue
            if is_array or ptype not in ARG_PTX[kind]:
                problems.append("%s: %s given for a %s%s param" %
                                (where, kind, ptype,
                                 "[]" if is_array else ""))
            if kind == "buffer":
                fill = arg.get("fill")
                ok = fill in FILLS or (
                    isinstance(fill, str) and fill.startswith("mod_i32:") and
                    fill[8:].isdigit() and int(fill[8:]) > 0)
                if not ok:
                    problems.append("%s: fill %r unknown" % (where, fill))
                nbytes = arg.get("bytes")
                if not (isinstance(nbytes, int) and nbytes > 0):
                    problems.append("%s: bytes must be > 0" % where)
                elif fill in ("uniform_f64",) and nbytes % 8:
                    problems.append("%s: f64 fill of %d bytes" %
                                    (where, nbytes))
                elif nbytes % 4:
                    problems.append("%s: %d bytes, not whole words" %
                                    (where, nbytes))
                if arg["buffer"] in buffers:
                    problems.append("%s: buffer %s named twice (use "
                                    "buffer_ref)" % (where, arg["buffer"]))
                buffers.add(arg["buffer"])
            elif kind == "buffer_ref" and arg["buffer_ref"] not in buffers:
                problems.append("%s: buffer_ref %s names no earlier buffer" %
                                (where, arg["buffer_ref"]))
            elif kind == "i32" and not (isinstance(arg["i32"], int) and
                                        -2**31 <= arg["i32"] < 2**32):
                problems.append("%s: i32 out of range" % where)
            elif kind in ("f32", "f64") and \
                    not isinstance(arg[kind], (int, float)):
                problems.append("%s: %s is not a number" % (where, kind))
    return problems


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    kdir = sys.argv[1]
    spec_path = sys.argv[2] if len(sys.argv) == 3 else \
        os.path.join(kdir, "kernels.json")
    with open(spec_path) as f:
        problems = check(json.load(f), kdir)
    for p in problems:
        print(p)
    print("%s: %s" % (spec_path, "bad" if problems else "ok"))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
