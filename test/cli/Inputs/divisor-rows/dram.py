"""Prints each kernel's predicted DRAM bytes and how many of its accesses
are priced as rows of a run-time divisor (IR: the assumption
divisor_rows_span_warps; PTX: the count in ptx_notes), for
divisor-rows.test."""
import json
import re
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    a = k.get("assumptions", {})
    rows = a.get("divisor_rows_span_warps", {}).get("value", 0)
    m = re.search(r"(\d+) global access\(es\) indexed by a run-time divisor",
                  str(a.get("ptx_notes", {}).get("value", "")))
    if m:
        rows = int(m.group(1))
    print("%s dram_bytes=%.0f rows=%g" % (
        k["name"], k["timing"]["memory_levels"]["dram_bytes"], rows))
