"""Prints each kernel's predicted DRAM bytes and how many of its accesses
are priced as rows of a run-time divisor (the assumption
divisor_rows_span_warps, per thread, on both routes), for
divisor-rows.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    a = k.get("assumptions", {})
    rows = a.get("divisor_rows_span_warps", {}).get("value", 0)
    print("%s dram_bytes=%.0f rows=%g" % (
        k["name"], k["timing"]["memory_levels"]["dram_bytes"], rows))
