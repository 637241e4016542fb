"""Prints each kernel's loads in loops and the share of them whose address
moves a known constant per iteration (rule R7's facts) from a gpa analyze
JSON report's memory_facts."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in doc["kernels"]:
    m = k.get("memory_facts", {})
    loop = m.get("loop_loads", 0)
    known = m.get("loop_known_stride_loads", 0)
    print("%s loop_loads=%g known_stride_share=%g" % (
        k["name"], loop, known / loop if loop else 0))
