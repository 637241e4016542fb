"""Prints each kernel's global memory instructions per thread, loads in
loops and loop trip counts (value and how the count was split), for
unrolled-trip-count.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    print("%s global_mem=%.6g loop_loads=%.6g" % (
        k["name"], k["counts_per_thread"]["global_mem"],
        k["memory_facts"]["loop_loads"]))
    for n, v in sorted(k["assumptions"].items()):
        if n.startswith("loop_trip_count"):
            print("  trip=%d %s" % (v["value"], v["source"]))
