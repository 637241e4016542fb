"""Per kernel of a gpa-report/1: constant and global memory instructions
per thread, and the constant-cache replays listed (constant-tables.test)."""
import json
import sys

for k in sorted(json.load(open(sys.argv[1]))["kernels"], key=lambda k: k["name"]):
    c = k["counts_per_thread"]
    print("%s const_mem=%g global_mem=%g" % (k["name"], c["const_mem"], c["global_mem"]))
    a = k["assumptions"].get("constant_cache_replays")
    if a:
        print("  constant_cache_replays = %g (%s) %s" % (a["value"], a["kind"], a["source"]))
