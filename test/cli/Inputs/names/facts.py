"""Prints each kernel's launch facts and loop trip counts (value, kind,
source) from a gpa report, for kernel-name-matching.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["demangled"]):
    a = k["assumptions"]
    print("%s block=%d %s grid=%d %s" % (
        k["demangled"], a["block_size"]["value"], a["block_size"]["kind"],
        a["grid_size"]["value"], a["grid_size"]["kind"]))
    for n, v in sorted(a.items()):
        if n.startswith("loop_trip_count"):
            print("  trip=%d %s %s" % (v["value"], v["kind"],
                                       v["source"].split(":")[0]))
