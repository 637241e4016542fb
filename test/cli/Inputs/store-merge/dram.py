"""Prints each kernel's predicted DRAM and L2 bytes and whether gathered
stores were assumed to write their own sectors (the assumption
gather_lanes_write_own_sectors on both routes), for store-merge.test."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in sorted(doc["kernels"], key=lambda k: k["name"]):
    a = k.get("assumptions", {})
    own = a.get("gather_lanes_write_own_sectors", {}).get("value", 0)
    levels = k["timing"]["memory_levels"]
    print("%s dram_bytes=%.0f l2_bytes=%.0f own_sectors=%s" % (
        k["name"], levels["dram_bytes"], levels["l2_bytes"],
        "yes" if own else "no"))
