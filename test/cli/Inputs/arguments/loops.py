"""Per kernel of a gpa-report/1: global accesses per thread and the loop
trip counts listed in its assumptions (kernel-arguments.test)."""
import json
import sys

for k in json.load(open(sys.argv[1]))["kernels"]:
    c = k["counts_per_thread"]
    print("%s global_mem=%.6g fp=%.6g" % (k["demangled"].split("(")[0],
                                          c.get("global_mem", 0), c.get("fp", 0)))
    for name, a in sorted(k["assumptions"].items()):
        if name.startswith("loop_trip_count") or name == "default_trip_count":
            print("  %s = %.6g (%s) %s" % (name, a["value"], a["kind"], a["source"]))
