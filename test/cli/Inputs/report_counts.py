"""Prints each kernel of a gpa-report/1 as 'name unit=count ...' (non-zero
counts in a fixed order, then the block size) for FileCheck."""
import json
import sys

ORDER = ["global_mem", "local_mem", "shared_mem", "const_mem", "texture",
         "fp", "fp64", "fp16", "sfu", "int", "alu", "tensor", "atomic",
         "shuffle", "async_copy", "sync", "other"]
for k in json.load(open(sys.argv[1]))["kernels"]:
    c = k["counts_per_thread"]
    parts = ["%s=%g" % (u, c[u]) for u in ORDER if c.get(u)]
    # The plugin reports access facts under "memory", profiles in the counts.
    m = k.get("memory", {})
    parts.append("bytes_per_mem_access=%g" % c.get("bytes_per_mem_access", m.get("bytes_per_access", 0)))
    parts.append("uncoalesced_mem=%g" % c.get("uncoalesced_mem", m.get("uncoalesced_per_thread", 0)))
    print(k["name"], " ".join(parts), "threads_per_block=%d" % k["launch"]["threads_per_block"])
