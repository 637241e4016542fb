"""Prints each kernel's memory-level shares (of its global memory
instructions) from a gpa report, for stream-footprint.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    lv = k["timing"].get("memory_levels", {})
    print("%s l1=%.4f l2=%.4f dram=%.4f" % (
        k["name"], lv.get("l1_share", 0), lv.get("l2_share", 0),
        lv.get("dram_share", 1)))
