"""Prints each kernel's global memory instructions per thread (6 digits) and
its guard, branch and trip-count assumptions (name = value (kind) source),
for the argument-expression-bounds test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k.get("demangled") or k["name"]):
    name = (k.get("demangled") or k["name"]).split("(")[0]
    print("%s global_mem=%.6g" % (name, k["counts_per_thread"]["global_mem"]))
    for a, v in sorted(k["assumptions"].items()):
        if a.startswith(("bounds_guard", "branch_", "loop_trip")):
            print("  %s = %.12g (%s) %s" % (a.split(" ")[0], v["value"],
                                            v["kind"], v["source"]))
