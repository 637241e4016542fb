"""Prints each kernel's predicted DRAM bytes, the shape and reread facts of
its global accesses (IR: the report's profile; PTX: the same) and whether a
run-time lane stride was assumed, for reread-distance.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    a = k.get("assumptions", {})
    lanes = a.get("gather_lanes_walk_own_sectors", {}).get("value", 0)
    print("%s dram_bytes=%.0f lanes=%s" % (
        k["name"], k["timing"]["memory_levels"]["dram_bytes"],
        "yes" if lanes else "no"))
