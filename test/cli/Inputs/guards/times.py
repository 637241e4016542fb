"""Prints each kernel's predicted time, its time over the kernel named by
argv[2] (the unguarded one), its global memory instructions per thread, and its branch
assumptions (name = value (kind)), for the bounds-guard test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
by_name = {(k.get("demangled") or k["name"]).split("(")[0]: k
           for k in doc["kernels"]}
base = by_name[sys.argv[2]]["timing"]["exec_time_s"]
for name in sorted(by_name):
    k = by_name[name]
    t = k["timing"]["exec_time_s"]
    mem = k["counts_per_thread"]["global_mem"]
    print("%s time_us=%.1f ratio=%.3f global_mem=%.3g" % (name, t * 1e6, t / base, mem))
    for a, v in sorted(k["assumptions"].items()):
        if a.startswith(("bounds_guard", "branch_")):
            print("  %s = %.4g (%s) %s" % (a.split(" ")[0], v["value"], v["kind"], v["source"]))
