"""Prints each kernel's cp.async instructions per thread and its loop trip
counts (value, kind, how the count was found), for
cp-async-pipeline-trip-count.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    print("%s async_copy=%.6g" % (k["name"],
                                  k["counts_per_thread"].get("async_copy", 0)))
    for n, v in sorted(k["assumptions"].items()):
        if n.startswith("loop_trip_count"):
            print("  trip=%.6g %s %s" % (v["value"], v["kind"], v["source"]))
