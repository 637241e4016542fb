"""Prints each kernel's global memory instructions per thread (6 digits) and
its branch and switch-case assumptions (name = value (kind) source), for the
index-switch test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k.get("demangled") or k["name"]):
    name = (k.get("demangled") or k["name"]).split("(")[0]
    print("%s global_mem=%.6g" % (name, k["counts_per_thread"]["global_mem"]))
    for a, v in sorted(k["assumptions"].items()):
        if a.startswith(("bounds_guard", "branch_", "switch_case")):
            where = a.split(" ")[0] + (" " + a.split(" ", 2)[2]
                                       if a.startswith("switch_case") else "")
            print("  %s = %.6g (%s) %s" % (where, v["value"], v["kind"],
                                           v["source"]))
