"""Prints each kernel's global memory instructions per thread and its
loop_trip_count assumptions (value, kind, source), for ptx-trip-counts.test."""
import json
import re
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["demangled"]):
    print("%s global_mem=%.6g" % (k["demangled"].split("(")[0],
                                  k["counts_per_thread"]["global_mem"]))
    for a, v in sorted(k["assumptions"].items()):
        if a.startswith("loop_trip_count"):
            print("  trip = %.6g (%s) %s" % (v["value"], v["kind"],
                                             re.sub(r"=.*rows\.json", "=FILE",
                                                    v["source"])))
