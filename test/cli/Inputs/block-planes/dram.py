"""Prints each kernel's predicted DRAM bytes per launched thread (6 digits),
for the block-planes test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in doc["kernels"]:
    name = (k.get("demangled") or k["name"]).split("(")[0]
    threads = k["launch"]["blocks"] * k["launch"]["threads_per_block"]
    print("%s dram_per_thread=%.6g" % (
        name, k["timing"]["memory_levels"]["dram_bytes"] / threads))
