"""Prints, for the kernels whose name contains argv[2], the global memory
instructions per thread, the loads in loops (memory_facts.loop_loads) and
the bounds-guard assumptions (value, kind, source), for
loop-entry-guard.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    if sys.argv[2] not in k["name"]:
        continue
    print("%s global_mem=%.4g loop_loads=%.4g" % (
        k["name"], k["counts_per_thread"]["global_mem"],
        k.get("memory_facts", {}).get("loop_loads", 0)))
    for a, v in sorted(k["assumptions"].items()):
        if a.startswith("bounds_guard"):
            print("  guard = %.6g (%s) %s" % (v["value"], v["kind"],
                                              v["source"]))
