"""Prints each kernel's memory-level shares from a gpa analyze JSON report."""
import json
import sys


def find(node, key):
    if isinstance(node, dict):
        if key in node:
            return node[key]
        for v in node.values():
            r = find(v, key)
            if r is not None:
                return r
    elif isinstance(node, list):
        for v in node:
            r = find(v, key)
            if r is not None:
                return r
    return None


doc = json.load(open(sys.argv[1]))
for k in find(doc, "kernels"):
    m = find(k, "memory_levels")
    if m is None:
        print("%s hk09" % k["name"])
    else:
        print("%s l1=%.6f l2=%.6f dram=%.6f bound=%s" % (
            k["name"], m["l1_share"], m["l2_share"], m["dram_share"],
            m["bounding_level"]))
