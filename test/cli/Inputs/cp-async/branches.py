"""Prints each branch probability a kernel's analysis lists (value, kind,
how it was found), for cp-async-pipeline-trip-count.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    for n, v in sorted(k["assumptions"].items()):
        if n.startswith("branch_taken_probability"):
            print("%.6g %s %s" % (v["value"], v["kind"], v["source"]))
