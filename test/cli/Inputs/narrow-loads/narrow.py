"""Prints each kernel's bytes per global access, uncoalesced accesses and
transactions per warp, findings and predicted time (us), for the narrow
load test; with a second report, each kernel's time over its time there."""
import json
import sys

doc = json.load(open(sys.argv[1]))
other = {}
if len(sys.argv) > 2:
    for k in json.load(open(sys.argv[2]))["kernels"]:
        other[k["name"]] = k["timing"]["exec_time_s"]
for k in sorted(doc["kernels"], key=lambda k: k.get("demangled") or k["name"]):
    name = (k.get("demangled") or k["name"]).split("(")[0]
    c = k["counts_per_thread"]
    print("%s bytes=%.6g uncoalesced=%.6g transactions=%.6g time_us=%.3f findings=%s" % (
        name, c.get("bytes_per_mem_access", k.get("memory", {}).get("bytes_per_access", 0)),
        c.get("uncoalesced_mem", 0), c.get("uncoalesced_transactions_per_warp", 0),
        k["timing"]["exec_time_s"] * 1e6,
        ",".join(sorted(f["rule"] for f in k.get("findings", []))) or "-"))
    if k["name"] in other:
        print("  ratio=%.3f" % (k["timing"]["exec_time_s"] / other[k["name"]]))
