"""Prints each kernel's findings of a gpa analyze JSON report as
`KERNEL: RULE LINE` (sorted; the column is left out: nvcc's .loc columns
name the statement, clang's the expression), and a finding without a
location as `KERNEL: RULE -`."""
import json
import re
import sys

rows = set()
for k in json.load(open(sys.argv[1]))["kernels"]:
    name = k.get("demangled") or k["name"]
    name = re.sub(r"\(.*", "", name)
    for f in k.get("findings", []):
        loc = f.get("location")
        rows.add((name, f["rule"], str(loc["line"]) if loc else "-"))
for name, rule, line in sorted(rows):
    print("%s: %s %s" % (name, rule, line))
