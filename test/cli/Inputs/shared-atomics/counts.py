"""Prints each kernel's atomics and shared-memory accesses per thread and
its predicted DRAM bytes, for shared-atomics.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    c = k["counts_per_thread"]
    print("%s atomic=%g shared_mem=%g dram_bytes=%.0f" % (
        k["name"], c["atomic"], c["shared_mem"],
        k["timing"]["memory_levels"]["dram_bytes"]))
