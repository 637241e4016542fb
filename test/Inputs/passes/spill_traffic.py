"""Check a report's spill traffic against `ptxas -v` for the same PTX.

usage: spill_traffic.py PTXAS_STDERR WITH.json WITHOUT.json
WITH.json was analysed with ptxas, WITHOUT.json with GPA_PTXAS=off. ptxas
reports S bytes spill stores and L bytes spill loads; spills are 4-byte
local accesses (SpillTraffic.h), so the local-memory count must grow by
ceil(S/4) + ceil(L/4) per thread. Prints one line per kernel.
"""
import json
import math
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from compare_ptxas import ptxas_values  # noqa: E402


def kernels(path):
    with open(path) as f:
        return {k["name"]: k for k in json.load(f)["kernels"]}


def main():
    with open(sys.argv[1]) as f:
        ptxas = ptxas_values(f.read())
    with_ptxas, without = kernels(sys.argv[2]), kernels(sys.argv[3])
    for name in sorted(ptxas):
        p = ptxas[name]
        expected = math.ceil(p["spill_stores"] / 4) + math.ceil(p["spill_loads"] / 4)
        added = (with_ptxas[name]["counts_per_thread"]["local_mem"]
                 - without[name]["counts_per_thread"]["local_mem"])
        regs = with_ptxas[name]["launch"]["registers_per_thread"]
        rules = [f["rule"] for f in with_ptxas[name].get("findings", [])]
        print("%s spill_stores=%d spill_loads=%d local_added=%s registers %s"
              % (name, p["spill_stores"], p["spill_loads"],
                 "same" if abs(added - expected) < 1e-9 else "%g (expected %d)" % (added, expected),
                 "same" if regs == p["registers"] else "%d (ptxas %d)" % (regs, p["registers"])))
        print("%s RegisterSpill %s" % (name, "yes" if "RegisterSpill" in rules else "no"))


if __name__ == "__main__":
    main()
