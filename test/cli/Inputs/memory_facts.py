"""Prints each kernel's memory facts (load rounds, barrier load rounds,
read-only loads, shared-memory bank conflicts) from a gpa analyze JSON
report; a kernel without `memory_facts` has none (HK09's defaults)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for k in doc["kernels"]:
    m = k.get("memory_facts", {})
    print("%s load_rounds=%g barrier_load_rounds=%g read_only_loads=%g "
          "bank_replays=%g bank_ways=%g" % (
              k["name"], m.get("load_rounds", 0),
              m.get("barrier_load_rounds", 0), m.get("read_only_loads", 0),
              m.get("shared_bank_replays", 0),
              m.get("shared_bank_conflict_ways", 1)))
