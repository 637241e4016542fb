"""Fails when a gpa-report/1 file has a null, NaN or inf where a number is
expected: every member except "location" (null for kernels without debug
info, docs/report-format.md) must not be null."""
import json
import math
import sys

bad = []


def walk(v, path):
    if v is None:
        if not path.endswith(".location"):
            bad.append(path)
    elif isinstance(v, float) and not math.isfinite(v):
        bad.append(path)
    elif isinstance(v, dict):
        for k, x in v.items():
            walk(x, f"{path}.{k}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            walk(x, f"{path}[{i}]")


with open(sys.argv[1]) as f:
    walk(json.load(f, parse_constant=lambda c: float(c)), "$")
if bad:
    sys.exit(f"{len(bad)} null/non-finite numbers, first {bad[0]}")
print("all numbers finite")
