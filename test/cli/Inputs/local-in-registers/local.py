"""The one kernel of a gpa-report/1 on stdin: its global and local memory
instructions per thread and its local_mem_in_registers assumption."""
import json
import sys

k = json.load(sys.stdin)["kernels"][0]
c = k["counts_per_thread"]
print("global_mem=%g local_mem=%g" % (c["global_mem"], c["local_mem"]))
for name, a in sorted(k["assumptions"].items()):
    if name.startswith("local_mem"):
        print("%s = %g (%s) %s" % (name, a["value"], a["kind"], a["source"]))
